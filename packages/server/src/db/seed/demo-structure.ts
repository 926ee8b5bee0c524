import type { Trx } from '../database.js'
import {
  schoolYearStart,
  seedBuildings,
  seedCalendar,
  seedDepartments,
  seedDictionaries,
  seedGrades,
  seedMajors,
  seedSubjects,
  type BuildingPlan,
  type DictIds,
  type GradePlan,
  type RoomPlan,
  type SeededClass,
} from './demo-school.js'

/**
 * What the demo district's organisations hold before anyone signs in: the bureau's departments; for each school
 * its departments, current terms, grades and classes of its 学段, buildings and rooms, and subjects; the
 * vocational college (Z3) also its faculties, majors and directions.
 */
export interface DemoOrgs {
  bureau: number
  primary: number
  middle: number
  college: number
}
export type SchoolKey = 'primary' | 'middle' | 'college'

export interface DemoStructure {
  dict: DictIds
  /** First year of the current school year (2026 for 2026-2027). */
  schoolYear: number
  departments: Record<keyof DemoOrgs, Map<string, number>>
  classes: Record<SchoolKey, SeededClass[]>
}

const CN = ['一', '二', '三', '四', '五', '六', '七', '八', '九']
/** (1)班, (2)班 … */
const classNames = (n: number) => Array.from({ length: n }, (_, i) => `(${i + 1})班`)

function teachingBuilding(name: string, code: string, floors: number, perFloor: number, offices: number): BuildingPlan {
  const rooms: RoomPlan[] = []
  for (let f = 1; f <= floors; f++) {
    for (let i = 1; i <= perFloor; i++) {
      const office = f === floors && i > perFloor - offices
      rooms.push({
        floor: f,
        name: `${f * 100 + i}`,
        use: office ? '办公室' : '普通教室',
        capacity: office ? 12 : 45,
        tags: office ? [] : ['多媒体'],
      })
    }
  }
  return { name, code, type: '教学楼', floors, rooms }
}

const room = (floor: number, name: string, use: string, capacity: number, tags: string[] = []): RoomPlan => ({
  floor,
  name,
  use,
  capacity,
  tags,
})

export async function seedSchoolStructure(trx: Trx, orgs: DemoOrgs, now: Date): Promise<DemoStructure> {
  const dict = await seedDictionaries(trx)
  const y = schoolYearStart(now)
  const departments = {
    bureau: await seedDepartments(trx, orgs.bureau, ['办公室', '基础教育科', '人事科', '计划财务科', '教育督导室']),
    primary: await seedDepartments(trx, orgs.primary, [
      '校长室',
      '教务处',
      '德育处',
      '总务处',
      '语文教研组',
      '数学教研组',
      '英语教研组',
      '综合教研组',
    ]),
    middle: await seedDepartments(trx, orgs.middle, [
      '校长室',
      '教务处',
      '语文教研组',
      '数学教研组',
      '英语教研组',
      '理化生教研组',
    ]),
    college: await seedDepartments(trx, orgs.college, [
      '院长办公室',
      '教务处',
      '学生工作处',
      '机电工程系',
      '信息工程系',
      '经济管理系',
    ]),
  }

  // 第一实验小学 (Z12, 小学): six grades, three classes in grades one and two, two in the others.
  const primaryGrades: GradePlan[] = Array.from({ length: 6 }, (_, k) => ({
    name: `${CN[k]}年级`,
    entryYear: y - k,
    classes: classNames(k < 2 ? 3 : 2),
  }))
  await seedCalendar(trx, orgs.primary, now)
  const primary = await seedGrades(trx, orgs.primary, dict('learnPeriod', '小学'), primaryGrades)
  await seedBuildings(trx, orgs.primary, dict, [
    teachingBuilding('明德楼', 'MDL', 4, 4, 2),
    {
      name: '格物楼',
      code: 'GWL',
      type: '实验楼',
      floors: 3,
      rooms: [
        room(1, '科学实验室(一)', '实验室', 48, ['多媒体']),
        room(1, '科学实验室(二)', '实验室', 48, ['多媒体']),
        room(2, '音乐教室', '专用教室', 50, ['多媒体']),
        room(2, '美术教室', '专用教室', 50),
        room(3, '计算机教室', '专用教室', 50, ['多媒体', '录播']),
        room(3, '图书阅览室', '专用教室', 60),
      ],
    },
  ])
  await seedSubjects(trx, orgs.primary, dict, [
    ['语文', 'YW', '文化课'],
    ['数学', 'SX', '文化课'],
    ['英语', 'YY', '文化课'],
    ['科学', 'KX', '文化课'],
    ['道德与法治', 'DF', '文化课'],
    ['体育', 'TY', '艺体课'],
    ['音乐', 'YL', '艺体课'],
    ['美术', 'MS', '艺体课'],
  ])

  // 第二中学 (Z12, 初中): grades seven to nine with two classes each, one teaching building.
  await seedCalendar(trx, orgs.middle, now)
  const middle = await seedGrades(
    trx,
    orgs.middle,
    dict('learnPeriod', '初中'),
    Array.from({ length: 3 }, (_, k) => ({ name: `${CN[k + 6]}年级`, entryYear: y - k, classes: classNames(2) })),
  )
  await seedBuildings(trx, orgs.middle, dict, [teachingBuilding('致远楼', 'ZYL', 3, 3, 1)])
  await seedSubjects(trx, orgs.middle, dict, [
    ['语文', 'YW', '文化课'],
    ['数学', 'SX', '文化课'],
    ['英语', 'YY', '文化课'],
    ['物理', 'WL', '文化课'],
    ['化学', 'HX', '文化课'],
    ['生物', 'SW', '文化课'],
    ['历史', 'LS', '文化课'],
    ['地理', 'DL', '文化课'],
    ['道德与法治', 'DF', '文化课'],
    ['体育与健康', 'TY', '艺体课'],
  ])

  // 示范职业技术学院 (Z3, 高职): faculties → majors → directions, three year groups of one class per faculty.
  await seedCalendar(trx, orgs.college, now)
  await seedMajors(trx, orgs.college, [
    {
      name: '机电工程系',
      code: 'JD',
      children: [
        {
          name: '机电一体化技术',
          code: '460301',
          children: [
            { name: '工业机器人', code: '46030101' },
            { name: '智能制造', code: '46030102' },
          ],
        },
        { name: '数控技术', code: '460103' },
      ],
    },
    {
      name: '信息工程系',
      code: 'XX',
      children: [
        {
          name: '计算机应用技术',
          code: '510201',
          children: [
            { name: '软件开发', code: '51020101' },
            { name: '网络运维', code: '51020102' },
          ],
        },
        { name: '大数据技术', code: '510205' },
      ],
    },
    {
      name: '经济管理系',
      code: 'JG',
      children: [
        { name: '电子商务', code: '530701', children: [{ name: '直播电商', code: '53070101' }] },
        { name: '大数据与会计', code: '530302' },
      ],
    },
  ])
  const college = await seedGrades(
    trx,
    orgs.college,
    dict('learnPeriod', '高职'),
    Array.from({ length: 3 }, (_, k) => {
      const yy = String((y - k) % 100).padStart(2, '0')
      return { name: `${y - k}级`, entryYear: y - k, classes: [`机电${yy}01班`, `计算机${yy}01班`, `电商${yy}01班`] }
    }),
  )
  await seedBuildings(trx, orgs.college, dict, [
    teachingBuilding('博学楼', 'BXL', 3, 3, 1),
    {
      name: '工匠实训楼',
      code: 'GJL',
      type: '实训楼',
      floors: 2,
      rooms: [
        room(1, '机电实训室', '实训室', 40),
        room(1, '数控实训室', '实训室', 40),
        room(1, '工业机器人实训室', '实训室', 30, ['录播']),
        room(2, '计算机机房(一)', '实训室', 60, ['多媒体']),
        room(2, '计算机机房(二)', '实训室', 60, ['多媒体']),
        room(2, '电商直播实训室', '实训室', 30, ['录播']),
      ],
    },
  ])
  await seedSubjects(trx, orgs.college, dict, [
    ['思想道德与法治', 'SZ', '文化课'],
    ['高等数学', 'GS', '文化课'],
    ['大学英语', 'DY', '文化课'],
    ['机械制图', 'JZ', '专业课'],
    ['C语言程序设计', 'CY', '专业课'],
    ['电子商务基础', 'DS', '专业课'],
    ['体育', 'TY', '艺体课'],
  ])

  return { dict, schoolYear: y, departments, classes: { primary, middle, college } }
}

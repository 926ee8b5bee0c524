import type { DictType, MajorLevel } from '@zhixiao/shared'
import type { Trx } from '../database.js'
import { floorName } from '../../modules/base-data/building-service.js'
import { termName } from '../../modules/base-data/calendar-service.js'

/**
 * The base data of the demo district's organisations, written to the tables the base-data APIs write, with the
 * same defaults they apply (floor and term names, tenant-level dictionaries kept by the top organisation), in
 * a few multi-row statements per school so a fresh start stays quick.
 */

/** Tenant-level dictionary entries (org_id null: every organisation of the district sees them). */
const DICTIONARY: Partial<Record<DictType, [name: string, code: string][]>> = {
  learnPeriod: [
    ['小学', 'XX'],
    ['初中', 'CZ'],
    ['高中', 'GZ'],
    ['高职', 'GZH'],
  ],
  subjectManage: [
    ['文化课', 'WH'],
    ['艺体课', 'YT'],
    ['专业课', 'ZY'],
  ],
  buildingType: [
    ['教学楼', 'JXL'],
    ['实验楼', 'SYL'],
    ['实训楼', 'SXL'],
    ['行政楼', 'XZL'],
  ],
  roomUse: [
    ['普通教室', 'PT'],
    ['实验室', 'SY'],
    ['专用教室', 'ZY'],
    ['办公室', 'BG'],
    ['实训室', 'SX'],
  ],
  position: [
    ['校长', 'XZ'],
    ['副校长', 'FXZ'],
    ['教务主任', 'JWZR'],
    ['德育主任', 'DYZR'],
    ['教研组长', 'JYZZ'],
    ['班主任', 'BZR'],
    ['教师', 'JS'],
    ['主任', 'ZR'],
    ['科员', 'KY'],
  ],
  title: [
    ['正高级教师', 'ZG'],
    ['高级教师', 'GJ'],
    ['一级教师', 'YJ'],
    ['二级教师', 'EJ'],
    ['讲师', 'JSH'],
    ['副教授', 'FJS'],
  ],
  teacherType: [
    ['专任教师', 'ZR'],
    ['行政人员', 'XZ'],
    ['教辅人员', 'JF'],
  ],
  politicalStatus: [
    ['中共党员', 'DY'],
    ['共青团员', 'TY'],
    ['群众', 'QZ'],
  ],
  education: [
    ['研究生', 'YJS'],
    ['大学本科', 'BK'],
    ['大学专科', 'ZK'],
  ],
  degree: [
    ['硕士', 'SS'],
    ['学士', 'XS'],
  ],
  teacherChangeType: [
    ['调入', 'DR'],
    ['调出', 'DC'],
    ['退休', 'TX'],
  ],
  studentChangeType: [
    ['转入', 'ZR'],
    ['转出', 'ZC'],
    ['休学', 'XX'],
    ['复学', 'FX'],
  ],
}

/** Dictionary ids by `type:name`. */
export type DictIds = (type: DictType, name: string) => number

export async function seedDictionaries(trx: Trx): Promise<DictIds> {
  const values = Object.entries(DICTIONARY).flatMap(([type, items]) =>
    items.map(([name, code], sort) => ({ org_id: null, dict_type: type, name, code, sort, remark: null })),
  )
  const rows = await trx.insertInto('dict_item').values(values).returning(['id', 'dict_type', 'name']).execute()
  const ids = new Map(rows.map((r) => [`${r.dict_type}:${r.name}`, r.id]))
  return (type, name) => {
    const id = ids.get(`${type}:${name}`)
    if (id === undefined) throw new Error(`demo dictionary has no ${type} ${name}`)
    return id
  }
}

/** Departments (org units of type depart) below an organisation, which carry its unit attribute and school type. */
export async function seedDepartments(trx: Trx, orgId: number, names: string[]): Promise<Map<string, number>> {
  const org = await trx
    .selectFrom('org_unit')
    .select(['unit_attr', 'trade', 'app_type'])
    .where('id', '=', orgId)
    .executeTakeFirstOrThrow()
  const rows = await trx
    .insertInto('org_unit')
    .values(
      names.map((name, sort) => ({
        parent_id: orgId,
        name,
        org_code: null,
        unit_attr: org.unit_attr,
        trade: org.trade,
        app_type: org.app_type,
        org_type: 'depart',
        sort,
        icon_url: null,
        xd_page: null,
        jd_page: null,
      })),
    )
    .returning(['id', 'name'])
    .execute()
  return new Map(rows.map((r) => [r.name, r.id]))
}

/** The school year a date falls in: from 1 September to 31 August (2026-11-23 → 2026). */
export const schoolYearStart = (now: Date): number => now.getUTCFullYear() - (now.getUTCMonth() < 8 ? 1 : 0)

/**
 * Both terms of the current school year, covering it whole so a current term always exists: the first from
 * 1 September to mid-February (寒假 inside it), the second to 31 August (暑假 inside it), with their holidays.
 */
export async function seedCalendar(trx: Trx, orgId: number, now: Date): Promise<void> {
  const y = schoolYearStart(now)
  const schoolYear = `${y}-${y + 1}`
  const terms = await trx
    .insertInto('school_calendar')
    .values([
      {
        org_id: orgId,
        school_year: schoolYear,
        term: 1,
        name: termName(schoolYear, 1),
        start_date: `${y}-09-01`,
        end_date: `${y + 1}-02-14`,
      },
      {
        org_id: orgId,
        school_year: schoolYear,
        term: 2,
        name: termName(schoolYear, 2),
        start_date: `${y + 1}-02-15`,
        end_date: `${y + 1}-08-31`,
      },
    ])
    .returning(['id', 'term'])
    .execute()
  const [first, second] = [terms.find((t) => t.term === 1)!, terms.find((t) => t.term === 2)!]
  const h = (calendarId: number, name: string, start: string, end: string, kind = 'holiday') => ({
    org_id: orgId,
    calendar_id: calendarId,
    name,
    kind,
    start_date: start,
    end_date: end,
  })
  await trx
    .insertInto('holiday')
    .values([
      h(first.id, '国庆节', `${y}-10-01`, `${y}-10-07`),
      h(first.id, '国庆调休上课', `${y}-10-10`, `${y}-10-10`, 'workday'),
      h(first.id, '元旦', `${y + 1}-01-01`, `${y + 1}-01-03`),
      h(first.id, '寒假', `${y + 1}-01-23`, `${y + 1}-02-14`),
      h(second.id, '清明节', `${y + 1}-04-04`, `${y + 1}-04-06`),
      h(second.id, '劳动节', `${y + 1}-05-01`, `${y + 1}-05-05`),
      h(second.id, '端午节', `${y + 1}-06-19`, `${y + 1}-06-21`),
      h(second.id, '暑假', `${y + 1}-07-11`, `${y + 1}-08-31`),
    ])
    .execute()
}

export interface GradePlan {
  name: string
  entryYear: number
  classes: string[]
}
export interface SeededClass {
  id: number
  gradeName: string
  name: string
  entryYear: number
  no: number
}

/** Grades of one 学段 and their classes (codes: entry year + class number, e.g. 202401). */
export async function seedGrades(
  trx: Trx,
  orgId: number,
  learnPeriodId: number,
  plans: GradePlan[],
): Promise<SeededClass[]> {
  const grades = await trx
    .insertInto('grade')
    .values(
      plans.map((g, sort) => ({
        org_id: orgId,
        name: g.name,
        code: String(g.entryYear),
        entry_year: g.entryYear,
        learn_period_id: learnPeriodId,
        sort,
        archived_at: null,
      })),
    )
    .returning(['id', 'name'])
    .execute()
  const gradeId = new Map(grades.map((g) => [g.name, g.id]))
  const wanted = plans.flatMap((g) => g.classes.map((name, i) => ({ g, name, no: i + 1 })))
  const rows = await trx
    .insertInto('school_class')
    .values(
      wanted.map(({ g, name, no }) => ({
        org_id: orgId,
        grade_id: gradeId.get(g.name)!,
        name,
        code: `${g.entryYear}${String(no).padStart(2, '0')}`,
        sort: no,
        archived_at: null,
      })),
    )
    .returning(['id'])
    .execute()
  return wanted.map(({ g, name, no }, i) => ({ id: rows[i]!.id, gradeName: g.name, name, entryYear: g.entryYear, no }))
}

export interface RoomPlan {
  floor: number
  name: string
  use: string
  capacity: number
  tags?: string[]
}
export interface BuildingPlan {
  name: string
  code: string
  type: string
  floors: number
  rooms: RoomPlan[]
}

/** Buildings with their floors (named as the API names them) and rooms, and the room tags they use. */
export async function seedBuildings(trx: Trx, orgId: number, dict: DictIds, plans: BuildingPlan[]): Promise<void> {
  const buildings = await trx
    .insertInto('building')
    .values(
      plans.map((b, sort) => ({
        org_id: orgId,
        name: b.name,
        code: b.code,
        type_id: dict('buildingType', b.type),
        sort,
      })),
    )
    .returning(['id', 'name'])
    .execute()
  const buildingId = new Map(buildings.map((b) => [b.name, b.id]))
  const floors = await trx
    .insertInto('floor')
    .values(
      plans.flatMap((b) =>
        Array.from({ length: b.floors }, (_, i) => ({
          building_id: buildingId.get(b.name)!,
          level: i + 1,
          name: floorName(i + 1),
        })),
      ),
    )
    .returning(['id', 'building_id', 'level'])
    .execute()
  const floorId = (building: number, level: number) =>
    floors.find((f) => f.building_id === building && f.level === level)!.id
  const rooms = plans.flatMap((b) =>
    b.rooms.map((r) => ({
      b: buildingId.get(b.name)!,
      r,
      code: `${b.code}-${r.floor}${String(b.rooms.filter((x) => x.floor === r.floor).indexOf(r) + 1).padStart(2, '0')}`,
    })),
  )
  const inserted = await trx
    .insertInto('room')
    .values(
      rooms.map(({ b, r, code }) => ({
        org_id: orgId,
        building_id: b,
        floor_id: floorId(b, r.floor),
        name: r.name,
        code,
        use_id: dict('roomUse', r.use),
        capacity: r.capacity,
      })),
    )
    .returning(['id'])
    .execute()
  const tagNames = [...new Set(rooms.flatMap(({ r }) => r.tags ?? []))]
  if (tagNames.length) {
    const tags = await trx
      .insertInto('room_tag')
      .values(tagNames.map((name) => ({ org_id: orgId, name })))
      .returning(['id', 'name'])
      .execute()
    const links = rooms.flatMap(({ r }, i) =>
      (r.tags ?? []).map((t) => ({ room_id: inserted[i]!.id, tag_id: tags.find((x) => x.name === t)!.id })),
    )
    await trx.insertInto('room_tag_link').values(links).execute()
  }
}

/** Subjects of a school: [name, code, category]. */
export async function seedSubjects(
  trx: Trx,
  orgId: number,
  dict: DictIds,
  subjects: [string, string, string][],
): Promise<void> {
  await trx
    .insertInto('subject')
    .values(
      subjects.map(([name, code, category], sort) => ({
        org_id: orgId,
        name,
        code,
        category_id: dict('subjectManage', category),
        sort,
      })),
    )
    .execute()
}

export interface MajorPlan {
  name: string
  code: string
  children?: MajorPlan[]
}
const CHILD_LEVEL: Record<MajorLevel, MajorLevel | null> = { faculty: 'major', major: 'direction', direction: null }

/** The faculty → major → direction tree of a Z3 school, one level per statement. */
export async function seedMajors(trx: Trx, orgId: number, faculties: MajorPlan[]): Promise<void> {
  let level: MajorLevel | null = 'faculty'
  let batch = faculties.map((plan) => ({ plan, parentId: null as number | null }))
  while (level && batch.length) {
    const lvl: MajorLevel = level
    const rows = await trx
      .insertInto('major_node')
      .values(
        batch.map(({ plan, parentId }, sort) => ({
          org_id: orgId,
          parent_id: parentId,
          level: lvl,
          name: plan.name,
          code: plan.code,
          sort,
        })),
      )
      .returning(['id'])
      .execute()
    batch = batch.flatMap(({ plan }, i) =>
      (plan.children ?? []).map((child) => ({ plan: child, parentId: rows[i]!.id })),
    )
    level = CHILD_LEVEL[lvl]
  }
}

import { CAMPUS_API, CampusErrorCode, CampusMsg, ErrorCode, UserType } from '@zhixiao/shared'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  call,
  createTestApp,
  loginToken,
  makePerson,
  makeWorld,
  staffOf,
  type Staff,
  type TestApp,
  type World,
} from './helpers.js'

/**
 * The campus portal's calls (001 §7.5 campusPro) answer from the data this test creates: people, rooms, the school
 * calendar, news and the header config (docs/campus.md "Campus portal"). The clock stands at 2026-11-01 (China).
 */
let t: TestApp
let w: World
let s: Staff
let foreign: Staff
let teacherId: number
const ids: Record<string, number> = {}
const A = CAMPUS_API
const CALLS = [
  'findPortalNoticePub',
  'getWeatherByOrgId',
  'getTeacherNumByOrgId',
  'getSchoolResources',
  'getSchoolStyleInfo',
  'getEventSchoolInfo',
  'getBackPlan',
  'getBackSign',
  'getTotalStatistic',
  'getTeacherClass',
]

const get = (name: string, token: string | undefined, orgId?: number) =>
  call(t, { url: `${A}/${name}${orgId ? `?orgId=${orgId}` : ''}`, token })

async function member(
  orgId: number,
  userType: number,
  extra: { sex?: number; titleId?: number; classId?: number } = {},
): Promise<number> {
  const p = await makePerson(t, w.tenantId, {
    trueName: `成员${userType}`,
    memberships: [{ orgId, userType, roleIds: [] }],
  })
  const id = p.userInfoIds[0]!
  await t.db.tenant(w.tenantId, async (trx) => {
    if (extra.titleId || extra.classId)
      await trx
        .updateTable('user_info')
        .set({ title_id: extra.titleId ?? null, class_id: extra.classId ?? null })
        .where('id', '=', id)
        .execute()
    if (extra.sex)
      await trx
        .insertInto('person')
        .values({
          account_id: p.accountId,
          sex: extra.sex,
          id_card: null,
          birthday: null,
          nation: null,
          political_status_id: null,
          education_id: null,
          degree_id: null,
          email: null,
        })
        .execute()
  })
  return id
}

beforeAll(async () => {
  t = await createTestApp()
  w = await makeWorld(t)
  s = await staffOf(t, w)
  foreign = await staffOf(t, await makeWorld(t))
  await t.db.tenant(w.tenantId, async (trx) => {
    const dict = async (type: string, name: string) =>
      (
        await trx
          .insertInto('dict_item')
          .values({ org_id: null, dict_type: type, name, code: null, remark: null })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id
    ids.senior = await dict('test_title', '高级教师')
    ids.classroom = await dict('test_room_use', '普通教室')
    ids.lab = await dict('test_room_use', '实验室')
    ids.teachBuilding = await dict('test_building_type', '教学楼')
    const grade = async (name: string, sort: number, archived = false) =>
      (
        await trx
          .insertInto('grade')
          .values({
            org_id: w.schoolId,
            name,
            code: null,
            entry_year: 2026 - sort,
            learn_period_id: null,
            sort,
            archived,
            archived_at: null,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id
    const cls = async (gradeId: number, name: string, archived = false) =>
      (
        await trx
          .insertInto('school_class')
          .values({ org_id: w.schoolId, grade_id: gradeId, name, code: null, archived, archived_at: null })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id
    ids.g1 = await grade('一年级', 1)
    ids.g2 = await grade('二年级', 2)
    ids.classA = await cls(ids.g1, '一（1）班')
    ids.classB = await cls(ids.g1, '一（2）班')
    ids.classC = await cls(ids.g2, '二（1）班')
    ids.oldClass = await cls(ids.g2, '已归档班', true)
    // Rooms: two buildings, three floors, four rooms (one disabled, one without use or capacity).
    const b1 = (
      await trx
        .insertInto('building')
        .values({ org_id: w.schoolId, name: '明德楼', code: null, type_id: ids.teachBuilding })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id
    const b2 = (
      await trx
        .insertInto('building')
        .values({ org_id: w.schoolId, name: '实验楼', code: null, type_id: null })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id
    const floor = async (b: number, level: number) =>
      (
        await trx
          .insertInto('floor')
          .values({ building_id: b, level, name: `${level}F` })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id
    const f1 = await floor(b1, 1)
    await floor(b1, 2)
    const f3 = await floor(b2, 1)
    const room = (b: number, f: number, name: string, use: number | null, capacity: number | null, status = 0) =>
      trx
        .insertInto('room')
        .values({ org_id: w.schoolId, building_id: b, floor_id: f, name, code: null, use_id: use, capacity, status })
        .execute()
    await room(b1, f1, '101', ids.classroom, 40)
    await room(b1, f1, '102', ids.classroom, 45)
    await room(b2, f3, '物理实验室', ids.lab, 30, 1)
    await room(b2, f3, '储藏室', null, null)
    // A room of the other school is not counted.
    const other = (
      await trx
        .insertInto('building')
        .values({ org_id: w.school2Id, name: '二中楼', code: null, type_id: null })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id
    await trx
      .insertInto('room')
      .values({
        org_id: w.school2Id,
        building_id: other,
        floor_id: await floor(other, 1),
        name: '201',
        code: null,
        use_id: ids.classroom,
        capacity: 99,
      })
      .execute()
    // The calendar: the current term, the next one, a holiday and a make-up work day ahead, one disabled, one of school 2.
    const term = (org: number, year: string, n: number, start: string, end: string, status = 0) =>
      trx
        .insertInto('school_calendar')
        .values({
          org_id: org,
          school_year: year,
          term: n,
          name: `${year}学年第${n === 1 ? '一' : '二'}学期`,
          start_date: start,
          end_date: end,
          status,
        })
        .execute()
    await term(w.schoolId, '2026-2027', 1, '2026-09-01', '2027-01-20')
    await term(w.schoolId, '2026-2027', 2, '2027-02-20', '2027-07-10')
    await term(w.school2Id, '2026-2027', 2, '2027-02-10', '2027-07-10')
    const holiday = (org: number, name: string, kind: string, start: string, end: string, status = 0) =>
      trx
        .insertInto('holiday')
        .values({ org_id: org, calendar_id: null, name, kind, start_date: start, end_date: end, status })
        .execute()
    await holiday(w.schoolId, '元旦', 'holiday', '2027-01-01', '2027-01-03')
    await holiday(w.schoolId, '运动会调休', 'workday', '2026-11-08', '2026-11-08')
    await holiday(w.schoolId, '已停用假期', 'holiday', '2026-11-20', '2026-11-21', 1)
    await holiday(w.schoolId, '国庆节', 'holiday', '2026-10-01', '2026-10-07')
    await holiday(w.school2Id, '二中校庆', 'holiday', '2026-11-10', '2026-11-10')
  })
  // People: staffOf made two staff of school 1 (its admin and a teacher); three more with sex and title.
  teacherId = (
    await t.db.tenant(w.tenantId, (trx) =>
      trx
        .selectFrom('user_info')
        .select('id')
        .where('org_id', '=', w.schoolId)
        .where('user_type', '=', UserType.STAFF)
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow(),
    )
  ).id
  await member(w.schoolId, UserType.STAFF, { sex: 1, titleId: ids.senior })
  await member(w.schoolId, UserType.STAFF, { sex: 2, titleId: ids.senior })
  await member(w.schoolId, UserType.STAFF, { sex: 2 })
  for (let i = 0; i < 4; i++) await member(w.schoolId, UserType.STUDENT, { classId: ids.classA })
  for (let i = 0; i < 2; i++) await member(w.schoolId, UserType.STUDENT, { classId: ids.classB })
  await member(w.schoolId, UserType.PARENT)
  await member(w.school2Id, UserType.STUDENT)
})
afterAll(() => t.close())

describe('campus portal access', () => {
  it('every call answers 401 signed out', async () => {
    for (const name of CALLS)
      expect(await get(name, undefined, w.schoolId), name).toMatchObject({ status: 401, code: ErrorCode.UNAUTHORIZED })
  })

  it("another tenant's org, or a neighbouring school, answers 404 like a missing one", async () => {
    for (const name of CALLS) {
      expect(await get(name, foreign.teacher, w.schoolId), name).toMatchObject({ code: ErrorCode.NOT_FOUND })
      expect(await get(name, s.school2Admin, w.schoolId), name).toMatchObject({ code: ErrorCode.NOT_FOUND })
    }
  })

  it('bad orgId is refused with a message', async () => {
    const r = await call(t, { url: `${A}/getTotalStatistic?orgId=abc`, token: s.teacher })
    expect(r.code).toBe(ErrorCode.BAD_REQUEST)
    expect(r.msg).toMatch(/[\u4e00-\u9fa5]/)
  })
})

describe('campus portal figures', () => {
  it('getTotalStatistic: kept counts of the school, current classes and grades', async () => {
    const r = await get('getTotalStatistic', s.teacher)
    expect(r).toMatchObject({
      code: 0,
      data: { orgId: w.schoolId, students: 6, teachers: 5, parents: 1, classes: 3, grades: 2 },
    })
    // The bureau above reads the school's figures too.
    expect((await get('getTotalStatistic', s.bureauAdmin, w.schoolId)).data.students).toBe(6)
    expect((await get('getTotalStatistic', s.school2Admin)).data).toMatchObject({ students: 1, classes: 0 })
  })

  it('getTeacherNumByOrgId: total, sex and title', async () => {
    const r = await get('getTeacherNumByOrgId', s.teacher, w.schoolId)
    expect(r.data).toMatchObject({ total: 5, male: 1, female: 2, unknownSex: 2 })
    expect(r.data.byTitle).toEqual(
      expect.arrayContaining([
        { id: ids.senior, name: '高级教师', count: 2 },
        { id: null, name: '未设置', count: 3 },
      ]),
    )
  })

  it('getSchoolResources: buildings, floors, rooms, seats by use', async () => {
    const r = await get('getSchoolResources', s.teacher)
    expect(r.data).toMatchObject({ buildings: 2, floors: 3, rooms: 4, enabledRooms: 3, capacity: 115 })
    expect(r.data.byUse).toEqual(
      expect.arrayContaining([
        { id: ids.classroom, name: '普通教室', count: 2, capacity: 85 },
        { id: ids.lab, name: '实验室', count: 1, capacity: 30 },
        { id: null, name: '未设置用途', count: 1, capacity: 0 },
      ]),
    )
    expect(r.data.byBuildingType).toEqual(expect.arrayContaining([{ id: ids.teachBuilding, name: '教学楼', count: 1 }]))
  })

  it('getEventSchoolInfo: the current term, its week, and the events ahead in order', async () => {
    const r = await get('getEventSchoolInfo', s.teacher)
    expect(r.data).toMatchObject({
      today: '2026-11-01',
      currentTerm: { startDate: '2026-09-01', term: 1 },
      nextTerm: { startDate: '2027-02-20' },
    })
    // 2026-09-01 is a Tuesday: week 1 began Monday 2026-08-31; 2026-11-01 (a Sunday) is in week 9.
    expect(r.data.weekNo).toBe(9)
    expect(
      r.data.events.map((e: { name: string; kind: string; daysUntil: number }) => [e.kind, e.name, e.daysUntil]),
    ).toEqual([
      ['workday', '运动会调休', 7],
      ['holiday', '元旦', 61],
      ['termEnd', '2026-2027学年第一学期结束', 80],
    ])
  })

  it('getBackPlan: the next term and the grades and classes due back', async () => {
    const r = await get('getBackPlan', s.teacher)
    expect(r.data).toMatchObject({
      nextTerm: { startDate: '2027-02-20', name: '2026-2027学年第二学期' },
      daysUntil: 111,
      classCount: 3,
      studentCount: 6,
    })
    expect(r.data.grades).toEqual([
      { gradeId: ids.g1, gradeName: '一年级', classCount: 2, studentCount: 6 },
      { gradeId: ids.g2, gradeName: '二年级', classCount: 1, studentCount: 0 },
    ])
  })

  it('getBackSign: the §8 message as a refusal; names the attendance app once one is registered and open', async () => {
    const closed = await get('getBackSign', s.teacher)
    expect(closed).toMatchObject({
      code: CampusErrorCode.ENTRY_CLOSED,
      msg: CampusMsg.ENTRY_CLOSED,
      data: { attendance: null },
    })
    await t.db.tenant(w.tenantId, (trx) =>
      trx
        .updateTable('app')
        .set({ entry_url: 'https://attendance.example.com/' })
        .where('unique_id', '=', 'attendance')
        .execute(),
    )
    const open = await get('getBackSign', s.teacher)
    expect(open).toMatchObject({
      code: CampusErrorCode.ENTRY_CLOSED,
      msg: CampusMsg.ENTRY_CLOSED,
      data: { attendance: { name: '考勤管理', reqUri: '/attendance' } },
    })
    await t.db.tenant(w.tenantId, (trx) =>
      trx.updateTable('app').set({ entry_url: null }).where('unique_id', '=', 'attendance').execute(),
    )
  })

  it('findPortalNoticePub and getSchoolStyleInfo: published news newest first, the header config', async () => {
    const types = await call(t, { url: '/base/portal/module/getCMSTypeList', token: s.schoolAdmin })
    const noticeType = (types.data as { id: number; name: string }[]).find((x) => x.name === '通知公告')!.id
    const publish = async (token: string, title: string, cover?: string) => {
      const add = await call(t, {
        url: '/base/api/cms2/news/add',
        token,
        body: { title, noticeType, content: '<p>正文</p>', ...(cover ? { cover } : {}) },
      })
      expect(add.code, add.msg).toBe(0)
      expect((await call(t, { url: '/base/api/cms2/news/publish', token, body: { id: add.data } })).code).toBe(0)
      t.clock.advance(60_000)
    }
    await publish(s.schoolAdmin, '期中考试安排')
    await publish(s.school2Admin, '二中通知')
    await publish(s.schoolAdmin, '秋季运动会', 'https://img.example.com/sports.jpg')
    await call(t, {
      url: '/base/api/cms2/news/add',
      token: s.schoolAdmin,
      body: { title: '草稿不显示', noticeType, content: '<p>x</p>' },
    })
    const r = await call(t, { url: `${A}/findPortalNoticePub?pageIndex=1&pageSize=10`, token: s.teacher })
    expect(r.data.list.map((n: { title: string }) => n.title)).toEqual(['秋季运动会', '期中考试安排'])
    expect(r.data.total).toBe(2)
    expect((await call(t, { url: `${A}/findPortalNoticePub?pageSize=1`, token: s.teacher })).data.list).toHaveLength(1)
    expect((await call(t, { url: `${A}/findPortalNoticePub?pageSize=999`, token: s.teacher })).code).toBe(
      ErrorCode.BAD_REQUEST,
    )

    const set = await call(t, {
      url: '/base/configMgr/setMHSysConfig',
      token: s.schoolAdmin,
      body: {
        name: 'mh_sys_config',
        value: { sysName: '测试一小智慧校园', logoUrl: 'https://img.example.com/logo.png' },
      },
    })
    expect(set.code, set.msg).toBe(0)
    const style = await get('getSchoolStyleInfo', s.teacher)
    expect(style.data).toMatchObject({
      orgName: '测试一小',
      sysName: '测试一小智慧校园',
      logoUrl: 'https://img.example.com/logo.png',
    })
    expect(style.data.images).toEqual([
      expect.objectContaining({ title: '秋季运动会', url: 'https://img.example.com/sports.jpg' }),
    ])
    expect(style.data.news.map((n: { title: string }) => n.title)).toEqual(['秋季运动会', '期中考试安排'])
  })
})

describe('class teachers and getTeacherClass', () => {
  it('an admin sets the head and subject teachers; the teacher sees the classes with their student counts', async () => {
    expect((await get('getTeacherClass', s.teacher)).data.list).toEqual([])
    const save = await call(t, {
      url: '/base/api/class/setTeachers',
      token: s.schoolAdmin,
      body: { classId: ids.classA, headTeacherId: teacherId, teacherIds: [] },
    })
    expect(save).toMatchObject({ code: 0, msg: CampusMsg.SAVED })
    await call(t, {
      url: '/base/api/class/setTeachers',
      token: s.schoolAdmin,
      body: { classId: ids.classC, headTeacherId: null, teacherIds: [teacherId] },
    })
    expect(
      (await call(t, { url: `/base/api/class/teachers?classId=${ids.classA}`, token: s.schoolAdmin })).data,
    ).toEqual({
      classId: ids.classA,
      orgId: w.schoolId,
      className: '一（1）班',
      gradeName: '一年级',
      teachers: [{ userInfoId: teacherId, trueName: '测试用户', isHead: true, subjects: [] }],
      subjectOptions: [],
    })
    expect(
      (await call(t, { url: `/base/api/class/teachers?classId=${ids.classA}`, token: foreign.schoolAdmin })).code,
    ).toBe(ErrorCode.NOT_FOUND)
    expect((await call(t, { url: `/base/api/class/teachers?classId=${ids.classA}`, token: s.teacher })).status).toBe(
      403,
    )
    const mine = await get('getTeacherClass', s.teacher)
    expect(mine.data.list).toEqual([
      {
        classId: ids.classA,
        className: '一（1）班',
        gradeId: ids.g1,
        gradeName: '一年级',
        isHead: true,
        studentCount: 4,
      },
      {
        classId: ids.classC,
        className: '二（1）班',
        gradeId: ids.g2,
        gradeName: '二年级',
        isHead: false,
        studentCount: 0,
      },
    ])
    // A bureau member has no membership in the school, so no classes there.
    expect((await get('getTeacherClass', s.bureauAdmin, w.schoolId)).data.list).toEqual([])
  })

  it('refuses without the permission, outside the tenant or school, and bad input, writing nothing', async () => {
    const before = (await call(t, { url: `/base/api/class/teachers?classId=${ids.classA}`, token: s.schoolAdmin })).data
    expect(
      await call(t, {
        url: '/base/api/class/setTeachers',
        token: s.teacher,
        body: { classId: ids.classA, teacherIds: [] },
      }),
    ).toMatchObject({ status: 403, code: ErrorCode.FORBIDDEN })
    expect(
      await call(t, {
        url: '/base/api/class/setTeachers',
        token: undefined,
        body: { classId: ids.classA, teacherIds: [] },
      }),
    ).toMatchObject({ status: 401 })
    expect(
      (
        await call(t, {
          url: '/base/api/class/setTeachers',
          token: foreign.schoolAdmin,
          body: { classId: ids.classA, teacherIds: [] },
        })
      ).code,
    ).toBe(ErrorCode.NOT_FOUND)
    expect(
      (
        await call(t, {
          url: '/base/api/class/setTeachers',
          token: s.school2Admin,
          body: { classId: ids.classA, teacherIds: [] },
        })
      ).code,
    ).toBe(ErrorCode.NOT_FOUND)
    // A student, or a teacher of another school, is not a teacher of this class.
    const student = await t.db.tenant(w.tenantId, (trx) =>
      trx.selectFrom('user_info').select('id').where('user_type', '=', UserType.STUDENT).executeTakeFirstOrThrow(),
    )
    expect(
      await call(t, {
        url: '/base/api/class/setTeachers',
        token: s.schoolAdmin,
        body: { classId: ids.classA, teacherIds: [student.id] },
      }),
    ).toMatchObject({ code: ErrorCode.BAD_REQUEST, msg: CampusMsg.TEACHER_NOT_FOUND })
    const wrongType = await call(t, {
      url: '/base/api/class/setTeachers',
      token: s.schoolAdmin,
      body: { classId: ids.classA, teacherIds: 'x' },
    })
    expect(wrongType.code).toBe(ErrorCode.BAD_REQUEST)
    expect(wrongType.msg).toMatch(/[\u4e00-\u9fa5]/)
    const tooMany = await call(t, {
      url: '/base/api/class/setTeachers',
      token: s.schoolAdmin,
      body: { classId: ids.classA, teacherIds: Array.from({ length: 51 }, (_, i) => i + 1) },
    })
    expect(tooMany).toMatchObject({ code: ErrorCode.BAD_REQUEST, msg: CampusMsg.TOO_MANY_TEACHERS })
    expect(
      (await call(t, { url: `/base/api/class/teachers?classId=${ids.classA}`, token: s.schoolAdmin })).data,
    ).toEqual(before)
  })

  it('a teacher of two schools sees the classes of the school asked about', async () => {
    const both = await makePerson(t, w.tenantId, {
      memberships: [
        { orgId: w.schoolId, userType: UserType.STAFF, roleIds: [w.roles.teacher] },
        { orgId: w.school2Id, userType: UserType.STAFF, roleIds: [w.roles.teacher] },
      ],
    })
    await call(t, {
      url: '/base/api/class/setTeachers',
      token: s.schoolAdmin,
      body: { classId: ids.classB, headTeacherId: both.userInfoIds[0], teacherIds: [] },
    })
    const token = await loginToken(t, both.userName, undefined, w.school2Id)
    expect((await get('getTeacherClass', token)).data.list).toEqual([])
    const token1 = await loginToken(t, both.userName, undefined, w.schoolId)
    expect((await get('getTeacherClass', token1)).data.list).toEqual([
      expect.objectContaining({ classId: ids.classB, isHead: true, studentCount: 2 }),
    ])
  })
})

import { ErrorCode, Msg, SchoolStatsMsg, UserType, type SnapshotView } from '@zhixiao/shared'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createOrg } from '../src/modules/tenant/provisioning.js'
import ExcelJS from '../src/platform/exceljs.js'
import { call, createTestApp, makePerson, makeWorld, staffOf, type Staff, type TestApp, type World } from './helpers.js'

/**
 * The autumn statistics (issue 27 point 6; docs/school-year.md "The autumn statistics"): exact figures of a small
 * made world (grade × gender, a class of 57 in 大班额, teachers by title and education, the ratio), the snapshot kept
 * as taken, a school admin's reach, another tenant's, the top-org and permission rules, the double click, and the
 * Excel file read back.
 */
let t: TestApp
let w: World
let s: Staff
let foreign: Staff
const B = '/base/api/schoolStats'
const YEAR = '2026-2027'
const ids = { big: 0, small: 0, young: 0, seniorTitle: 0, firstTitle: 0, bachelor: 0 }

async function student(classId: number, sex: number | null, nation: string | null, extra: { archived?: boolean } = {}) {
  const p = await makePerson(t, w.tenantId, {
    trueName: '统计生',
    memberships: [{ orgId: w.schoolId, userType: UserType.STUDENT, roleIds: [] }],
  })
  await t.db.tenant(w.tenantId, async (trx) => {
    await trx
      .updateTable('user_info')
      .set({ class_id: classId, archived: extra.archived ?? false })
      .where('id', '=', p.userInfoIds[0]!)
      .execute()
    if (sex !== null || nation !== null)
      await trx.insertInto('person').values({ account_id: p.accountId, sex, nation }).execute()
  })
  return p.userInfoIds[0]!
}

async function teacher(titleId: number | null, educationId: number | null) {
  const p = await makePerson(t, w.tenantId, {
    trueName: '统计老师',
    memberships: [{ orgId: w.schoolId, userType: UserType.STAFF, roleIds: [] }],
  })
  await t.db.tenant(w.tenantId, async (trx) => {
    await trx.updateTable('user_info').set({ title_id: titleId }).where('id', '=', p.userInfoIds[0]!).execute()
    await trx.insertInto('person').values({ account_id: p.accountId, education_id: educationId }).execute()
  })
}

const take = (token: string, body: Record<string, unknown> = { schoolYear: YEAR }) =>
  call(t, { url: `${B}/snapshot/take`, body, token })
const view = (token: string, body: Record<string, unknown> = {}) =>
  call(t, { url: `${B}/snapshot/get`, body, token }) as Promise<{
    code: number
    msg: string
    data: SnapshotView | null
  }>

async function workbook(token: string, id: number) {
  const res = await t.app.inject({
    method: 'GET',
    url: `${B}/snapshot/export?id=${id}`,
    headers: { authorization: `Bearer ${token}` },
  })
  return res
}
async function sheetsOf(payload: Buffer) {
  const wb = new ExcelJS.Workbook()
  await wb.xlsx.load(payload as unknown as ArrayBuffer)
  const sheets = new Map<string, (string | number)[][]>()
  for (const ws of wb.worksheets) {
    const rows: (string | number)[][] = []
    ws.eachRow((r) =>
      rows.push((r.values as unknown[]).slice(1).map((v) => (typeof v === 'number' ? v : v == null ? '' : String(v)))),
    )
    sheets.set(ws.name, rows)
  }
  return sheets
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
    // Not schools: a department (it carries its school's unit attribute) and an alliance with a school it imported.
    const dept = await createOrg(trx, { parentId: w.schoolId, name: '教务处', unitAttr: 8, appType: 1 })
    await trx.updateTable('org_unit').set({ org_type: 'depart' }).where('id', '=', dept).execute()
    const alliance = await createOrg(trx, { parentId: w.bureauId, name: '城乡联盟', unitAttr: 8, allianceSchool: true })
    await createOrg(trx, { parentId: alliance, name: '外区学校', unitAttr: 8 })
    const primary = await dict('learnPeriod', '小学')
    ids.seniorTitle = await dict('title', '高级教师')
    ids.firstTitle = await dict('title', '一级教师')
    ids.bachelor = await dict('education', '本科')
    const grade = async (name: string, entryYear: number) =>
      (
        await trx
          .insertInto('grade')
          .values({
            org_id: w.schoolId,
            name,
            code: null,
            entry_year: entryYear,
            learn_period_id: primary,
            archived_at: null,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id
    const klass = async (gradeId: number, name: string) =>
      (
        await trx
          .insertInto('school_class')
          .values({ org_id: w.schoolId, grade_id: gradeId, name, code: null, archived_at: null })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id
    const third = await grade('三年级', 2024)
    const first = await grade('一年级', 2026)
    ids.big = await klass(third, '三年级(1)班')
    // A class name a spreadsheet would run as a formula: the export writes it as text.
    ids.small = await klass(third, '=1+2')
    ids.young = await klass(first, '一年级(1)班')
  })
  // 三年级(1)班: 57 students (30 男, 27 女; 3 回族, 50 汉族, 4 without a nation) — 大班额.
  for (let i = 0; i < 57; i++) await student(ids.big, i < 30 ? 0 : 1, i < 3 ? '回族' : i < 53 ? '汉族' : null)
  // =1+2: 1 男, 1 女, 1 without a sex (休学); an archived student is not counted.
  await student(ids.small, 0, '汉族')
  await student(ids.small, 1, '壮族')
  const resting = await student(ids.small, null, null)
  await t.db.tenant(w.tenantId, (trx) =>
    trx.updateTable('user_info').set({ study_status: 'suspended' }).where('id', '=', resting).execute(),
  )
  await student(ids.small, 0, '汉族', { archived: true })
  // 一年级(1)班: 2 女.
  await student(ids.young, 1, '汉族')
  await student(ids.young, 1, '汉族')
  // Teachers of the school: the admin and the teacher of staffOf (no title) and three more.
  await teacher(ids.seniorTitle, ids.bachelor)
  await teacher(ids.firstTitle, ids.bachelor)
  await teacher(ids.firstTitle, null)
}, 240_000)
afterAll(() => t.close())

let snapId = 0

describe('taking a snapshot', () => {
  it('is refused to a member without the code, to a school admin (not the top org) and to bad input', async () => {
    const byTeacher = await take(s.teacher)
    expect(byTeacher.code).toBe(ErrorCode.FORBIDDEN)
    expect(byTeacher.msg).toBe(Msg.NO_PERMISSION)
    const bySchool = await take(s.schoolAdmin)
    expect(bySchool.code).toBe(ErrorCode.FORBIDDEN)
    expect(bySchool.msg).toBe(Msg.TOP_ORG_ONLY)
    const bad = await take(s.bureauAdmin, { schoolYear: '2026-2028' })
    expect(bad.code).toBe(ErrorCode.BAD_REQUEST)
    expect(bad.msg).toContain('学年格式')
    expect((await view(s.bureauAdmin)).data).toBeNull()
  })

  it('counts the district exactly: grade × gender, nations, class bands, teachers, the ratio', async () => {
    const r = await take(s.bureauAdmin)
    expect(r.code, r.msg).toBe(0)
    expect(r.data.schoolYear).toBe(YEAR)
    snapId = r.data.id
    const v = (await view(s.bureauAdmin)).data!
    expect(v.id).toBe(snapId)
    expect(v.district).toBe(true)
    expect(v.schools.map((x) => x.name)).toEqual(['测试一小', '测试二中'])
    const one = v.schools[0]!
    expect(one.grades.map((g) => [g.name, g.level, g.students, g.male, g.female, g.unknownSex, g.minority])).toEqual([
      ['一年级', 1, 2, 0, 2, 0, 0],
      ['三年级', 3, 60, 31, 28, 1, 4],
    ])
    const third = one.grades[1]!
    expect(third.classes.map((c) => [c.name, c.size, c.band])).toEqual([
      ['三年级(1)班', 57, 'large'],
      ['=1+2', 3, null],
    ])
    expect(one).toMatchObject({ students: 62, male: 31, female: 30, unknownSex: 1, minority: 4, suspended: 1 })
    expect(one).toMatchObject({ classes: 3, bands: { balanced: 0, large: 1, huge: 0 }, teachers: 5, ratio: 12.4 })
    expect(one.titles).toEqual([
      { name: '一级教师', n: 2 },
      { name: '高级教师', n: 1 },
      { name: '未填', n: 2 },
    ])
    expect(one.education).toEqual([
      { name: '本科', n: 2 },
      { name: '未填', n: 3 },
    ])
    expect(one.nations).toEqual([
      { name: '汉族', n: 53 },
      { name: '回族', n: 3 },
      { name: '壮族', n: 1 },
      { name: '未填', n: 5 },
    ])
    // 测试二中: its admin only, no students.
    expect(v.schools[1]).toMatchObject({ students: 0, teachers: 1, ratio: 0, classes: 0 })
    expect(v.totals).toMatchObject({ students: 62, teachers: 6, ratio: 10.33, bands: { large: 1 } })
  })

  it('refuses a second snapshot of the year within a minute, and of two at once one wins', async () => {
    const again = await take(s.bureauAdmin)
    expect(again.code).toBe(ErrorCode.CONFLICT)
    expect(again.msg).toBe(SchoolStatsMsg.TOO_SOON)
    const both = await Promise.all([
      take(s.bureauAdmin, { schoolYear: '2025-2026' }),
      take(s.bureauAdmin, { schoolYear: '2025-2026' }),
    ])
    expect(both.map((x) => x.code).sort()).toEqual([0, ErrorCode.CONFLICT])
    const list = await call(t, { url: `${B}/snapshot/list`, token: s.bureauAdmin })
    expect(list.data.map((x: { schoolYear: string }) => x.schoolYear).sort()).toEqual(['2025-2026', YEAR])
  })

  it('keeps its figures when the school changes later', async () => {
    await student(ids.big, 0, '汉族')
    const v = (await view(s.bureauAdmin, { id: snapId })).data!
    expect(v.schools[0]!.grades[1]!.classes[0]!.size).toBe(57)
    expect(v.totals.students).toBe(62)
    // The latest of the school year, by the selector.
    expect((await view(s.bureauAdmin, { schoolYear: YEAR })).data!.id).toBe(snapId)
  })
})

describe('who sees what', () => {
  it('shows a school admin only their own school, with totals of it alone', async () => {
    const mine = (await view(s.schoolAdmin, { id: snapId })).data!
    expect(mine.district).toBe(false)
    expect(mine.schools.map((x) => x.name)).toEqual(['测试一小'])
    expect(mine.totals).toMatchObject({ students: 62, teachers: 5 })
    const other = (await view(s.school2Admin, { id: snapId })).data!
    expect(other.schools.map((x) => x.name)).toEqual(['测试二中'])
    expect(other.totals.students).toBe(0)
  })

  it('refuses a member without the page code', async () => {
    expect((await view(s.teacher, { id: snapId })).code).toBe(ErrorCode.FORBIDDEN)
    expect((await workbook(s.teacher, snapId)).json().code).toBe(ErrorCode.FORBIDDEN)
  })

  it('shows another tenant nothing', async () => {
    const byId = await view(foreign.bureauAdmin, { id: snapId })
    expect(byId.code).toBe(ErrorCode.NOT_FOUND)
    expect(byId.msg).toBe(SchoolStatsMsg.NOT_FOUND)
    expect((await view(foreign.bureauAdmin)).data).toBeNull()
    expect((await call(t, { url: `${B}/snapshot/list`, token: foreign.bureauAdmin })).data).toEqual([])
    const file = await workbook(foreign.bureauAdmin, snapId)
    expect(file.json().code).toBe(ErrorCode.NOT_FOUND)
  })
})

describe('the Excel export', () => {
  it('is a real workbook with the familiar sheets and the snapshot numbers', async () => {
    const res = await workbook(s.bureauAdmin, snapId)
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200)
    expect(res.headers['content-type']).toMatch(/spreadsheetml/)
    const sheets = await sheetsOf(res.rawPayload)
    expect([...sheets.keys()]).toEqual([
      '学生数',
      '班额',
      '班额预警班级',
      '教师（职称）',
      '教师（学历）',
      '学生（民族）',
      '生师比',
    ])
    const students = sheets.get('学生数')!
    expect(students[1]).toEqual(['学校', '年级', '学段', '学生数', '男', '女', '性别未填', '少数民族'])
    expect(students).toContainEqual(['测试一小', '三年级', '小学', 60, 31, 28, 1, 4])
    expect(students).toContainEqual(['全区合计', '', '', 62, 31, 30, 1, 4])
    expect(sheets.get('班额')!).toContainEqual(['测试一小', 3, 62, 20.7, 0, 1, 0])
    // The formula-like class name is text with the apostrophe, never a formula.
    expect(sheets.get('班额预警班级')!).toContainEqual(['测试一小', '三年级', '三年级(1)班', 57, '大班额'])
    expect(sheets.get('教师（职称）')![1]).toEqual(['学校', '教师数', '一级教师', '高级教师', '未填'])
    expect(sheets.get('教师（职称）')!).toContainEqual(['测试一小', 5, 2, 1, 2])
    expect(sheets.get('教师（学历）')!).toContainEqual(['全区合计', 6, 2, 4])
    expect(sheets.get('生师比')!).toContainEqual(['测试一小', 62, 5, '12.4:1'])
    expect(sheets.get('生师比')!).toContainEqual(['全区合计', 62, 6, '10.33:1'])
  })

  it('writes formula-like names as text', async () => {
    const res = await workbook(s.bureauAdmin, snapId)
    const wb = new ExcelJS.Workbook()
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer)
    let formulas = 0
    wb.eachSheet((ws) => ws.eachRow((r) => r.eachCell((c) => void (c.formula && formulas++))))
    expect(formulas).toBe(0)
  })

  it("holds only a school admin's own school", async () => {
    const res = await workbook(s.school2Admin, snapId)
    expect(res.statusCode).toBe(200)
    const sheets = await sheetsOf(res.rawPayload)
    const names = sheets
      .get('生师比')!
      .slice(2)
      .map((r) => r[0])
    expect(names).toEqual(['测试二中', '合计'])
    expect(JSON.stringify([...sheets.values()])).not.toContain('测试一小')
  })
})

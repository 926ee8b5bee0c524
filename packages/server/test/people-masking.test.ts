import { ErrorCode, UserType, maskEmail, maskIdCard, maskPhone } from '@zhixiao/shared'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { TEACHER_COLUMNS } from '../src/modules/people/columns.js'
import { importRunner } from '../src/modules/imports/runner.js'
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
import { readXlsx, upload, xlsx } from './xlsx.js'

/**
 * Masked by default on the server in the people module (issue 26 point 2, docs/privacy.md "Masking (people)"): every
 * list, detail, search and export of students, teachers and parents answers masks, never the stored ID numbers,
 * phones and e-mails; an edit form that sends the masks back keeps the stored values, a typed mask is refused, and a
 * person's own details page is the one unmasked copy.
 */
let t: TestApp
let w: World
let s: Staff
const U = '/base/api/userInfo'
const S = `${U}/studentInfo`
const T = `${U}/teacherInfo`
const P = `${U}/parentBindChild`
const L = '/base/api/commonImportLog'

/** A valid 18-digit ID number (ISO 7064 MOD 11-2 check digit) from its first 17 digits. */
function idCard(first17: string): string {
  const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2]
  const sum = [...first17].reduce((a, d, i) => a + Number(d) * weights[i]!, 0)
  return first17 + '10X98765432'[sum % 11]!
}
const pid = String(process.pid % 10000).padStart(4, '0')
const STUDENT_ID = idCard('11010520150601001')
const STUDENT_PHONE = `1350${pid}001`
const TEACHER_ID = idCard('32010219800101002')
const TEACHER_PHONE = `1350${pid}002`
const TEACHER_EMAIL = 'liteacher@example.com'
const PARENT_PHONE = `1350${pid}003`
const FULL = [STUDENT_ID, STUDENT_PHONE, TEACHER_ID, TEACHER_PHONE, TEACHER_EMAIL, PARENT_PHONE]

let classId: number
let studentId: number
let teacherId: number
let teacherUser: string
let parentId: number
let party: number

/** Fails naming the first stored full value found in an answer or a file. */
function expectNoFullValues(text: string) {
  for (const v of FULL) expect(text.includes(v), `found ${v} unmasked`).toBe(false)
}
const exported = async (url: string, body: Record<string, unknown> = {}) => {
  const res = await t.app.inject({
    method: 'POST',
    url,
    payload: body,
    headers: { authorization: `Bearer ${s.schoolAdmin}` },
  })
  expect(res.statusCode).toBe(200)
  return readXlsx(res.rawPayload)
}
const stored = (userInfoId: number) =>
  t.db.tenant(w.tenantId, async (trx) => {
    const r = await sql<{
      phone: string | null
      account_phone: string | null
      id_card: string | null
      email: string | null
      political_status_id: string | null
    }>`SELECT u.phone, a.phone AS account_phone, p.id_card, p.email, p.political_status_id::text
       FROM user_info u JOIN account a ON a.id = u.account_id LEFT JOIN person p ON p.account_id = u.account_id
       WHERE u.id = ${userInfoId}`.execute(trx)
    return r.rows[0]!
  })

beforeAll(async () => {
  t = await createTestApp()
  w = await makeWorld(t)
  s = await staffOf(t, w)
  const g = await call(t, {
    url: '/base/api/grade/add',
    token: s.schoolAdmin,
    body: { name: '2025级', entryYear: 2025 },
  })
  classId = (
    await call(t, { url: '/base/api/class/add', token: s.schoolAdmin, body: { gradeId: g.data, name: '1班' } })
  ).data
  const st = await call(t, {
    url: `${S}/add`,
    token: s.schoolAdmin,
    body: { trueName: '周小雨', jobNo: `M${pid}01`, classId, phone: STUDENT_PHONE, idCard: STUDENT_ID },
  })
  expect(st.code).toBe(0)
  studentId = st.data
  party = (
    await call(t, {
      url: '/base/api/dict/add',
      token: s.bureauAdmin,
      body: { dictType: 'politicalStatus', name: '群众' },
    })
  ).data
  // A teacher who can sign in (the own-record exception), given their facts by the school's admin.
  const p = await makePerson(t, w.tenantId, {
    trueName: '李老师',
    memberships: [{ orgId: w.schoolId, userType: UserType.STAFF, roleIds: [w.roles.teacher] }],
  })
  teacherId = p.userInfoIds[0]!
  teacherUser = p.userName
  const up = await call(t, {
    url: `${T}/update`,
    token: s.schoolAdmin,
    body: {
      id: teacherId,
      trueName: '李老师',
      phone: TEACHER_PHONE,
      idCard: TEACHER_ID,
      email: TEACHER_EMAIL,
      politicalStatusId: party,
      jobNo: `T${pid}`,
    },
  })
  expect(up).toMatchObject({ code: 0 })
  const pa = await call(t, {
    url: `${P}/add`,
    token: s.schoolAdmin,
    body: { trueName: '周爸爸', phone: PARENT_PHONE, childId: studentId, relation: '父亲' },
  })
  expect(pa.code).toBe(0)
  parentId = pa.data
})
afterAll(() => t.close())

describe('people leave the server masked', () => {
  it('student list, detail and parents drawer answer masks, never the stored numbers', async () => {
    const list = await call(t, { url: `${S}/page`, token: s.schoolAdmin, body: { keyword: '周小雨' } })
    expect(list.data.list[0]).toMatchObject({ idCard: maskIdCard(STUDENT_ID), phone: maskPhone(STUDENT_PHONE) })
    const detail = await call(t, { url: `${S}/detail?id=${studentId}`, token: s.schoolAdmin })
    expect(detail.data).toMatchObject({
      idCard: '110105**********' + STUDENT_ID.slice(-2),
      phone: maskPhone(STUDENT_PHONE),
    })
    // The guardian link is what the drawer manages (a logged view of the child); the parent's phone is masked.
    expect(detail.data.parents).toEqual([
      expect.objectContaining({ trueName: '周爸爸', relation: '父亲', phone: maskPhone(PARENT_PHONE) }),
    ])
    const drawer = await call(t, { url: `${P}/parents?childId=${studentId}`, token: s.schoolAdmin })
    expect(drawer.data[0].phone).toBe(`135****${PARENT_PHONE.slice(-4)}`)
    expectNoFullValues(JSON.stringify([list, detail, drawer]))
  })

  it('teacher list and detail mask ID number, phone and e-mail and withhold the political status', async () => {
    const list = await call(t, { url: `${T}/page`, token: s.schoolAdmin, body: { keyword: '李老师' } })
    const row = list.data.list.find((r: { id: number }) => r.id === teacherId)
    expect(row).toMatchObject({
      idCard: maskIdCard(TEACHER_ID),
      phone: maskPhone(TEACHER_PHONE),
      email: 'l***@example.com',
      politicalStatusId: null,
    })
    const detail = await call(t, { url: `${T}/detail?id=${teacherId}`, token: s.schoolAdmin })
    expect(detail.data).toMatchObject({
      idCard: maskIdCard(TEACHER_ID),
      email: maskEmail(TEACHER_EMAIL),
      politicalStatusId: null,
    })
    // A search by the full phone still finds the teacher (the searcher typed it); the answer shows it masked.
    const byPhone = await call(t, { url: `${T}/page`, token: s.schoolAdmin, body: { keyword: TEACHER_PHONE } })
    expect(byPhone.data.list.map((r: { id: number }) => r.id)).toEqual([teacherId])
    expectNoFullValues(JSON.stringify([list, detail, byPhone]))
  })

  it('parent list and person search mask the phones', async () => {
    const list = await call(t, { url: `${P}/page`, token: s.schoolAdmin, body: { keyword: '周爸爸' } })
    expect(list.data.list[0]).toMatchObject({ id: parentId, phone: maskPhone(PARENT_PHONE) })
    expect(list.data.list[0].children[0]).toMatchObject({ id: studentId, relation: '父亲' })
    const search = await call(t, {
      url: `${U}/searchPerson/page`,
      token: s.schoolAdmin,
      body: { keyword: PARENT_PHONE.slice(0, 8) },
    })
    expect(search.data.list.length).toBeGreaterThanOrEqual(3)
    for (const r of search.data.list) expect(r.phone).toMatch(/^\d{3}\*{4}\d{4}$/)
    expectNoFullValues(JSON.stringify([list, search]))
  })

  it('the student, teacher and parent exports write masks into the workbook', async () => {
    const students = await exported(`${S}/export`)
    const sHead = students[0]!
    const sRow = students.find((r) => r[0] === '周小雨')!
    expect(sRow[sHead.indexOf('身份证号')]).toBe(maskIdCard(STUDENT_ID))
    expect(sRow[sHead.indexOf('手机号')]).toBe(maskPhone(STUDENT_PHONE))
    const teachers = await exported(`${T}/export`)
    const tHead = teachers[0]!
    const tRow = teachers.find((r) => r[0] === '李老师')!
    expect(tRow[tHead.indexOf('手机号*')]).toBe(maskPhone(TEACHER_PHONE))
    expect(tRow[tHead.indexOf('身份证号')]).toBe(maskIdCard(TEACHER_ID))
    expect(tRow[tHead.indexOf('邮箱')]).toBe(maskEmail(TEACHER_EMAIL))
    expect(tRow[tHead.indexOf('政治面貌')] ?? '').toBe('')
    const parents = await exported(`${P}/export`)
    const pRow = parents.find((r) => r[0] === '周爸爸')!
    expect(pRow[parents[0]!.indexOf('手机号*')]).toBe(maskPhone(PARENT_PHONE))
    expectNoFullValues(JSON.stringify([students, teachers, parents]))
  })

  it("a person's own details page is the unmasked copy", async () => {
    const token = await loginToken(t, teacherUser)
    const me = await call(t, { url: `${U}/personalDetails/get`, token })
    expect(me.data).toMatchObject({ phone: TEACHER_PHONE, idCard: TEACHER_ID, email: TEACHER_EMAIL })
    // Their own teacher row on the admin list is not the exception: it is masked like everyone's.
    const row = await call(t, { url: `${T}/detail?id=${teacherId}`, token: s.schoolAdmin })
    expect(row.data.phone).toBe(maskPhone(TEACHER_PHONE))
  })
})

describe('edits never write a mask back', () => {
  it('a teacher form saved with the masks it loaded keeps the stored values; a real change is stored', async () => {
    const loaded = (await call(t, { url: `${T}/detail?id=${teacherId}`, token: s.schoolAdmin })).data
    const { politicalStatusId: _withheld, ...form } = loaded
    const saved = await call(t, {
      url: `${T}/update`,
      token: s.schoolAdmin,
      body: {
        id: teacherId,
        trueName: form.trueName,
        phone: form.phone,
        idCard: form.idCard,
        email: form.email,
        jobNo: form.jobNo,
        remark: '改了备注',
      },
    })
    expect(saved).toMatchObject({ code: 0 })
    expect(await stored(teacherId)).toEqual({
      phone: TEACHER_PHONE,
      account_phone: TEACHER_PHONE,
      id_card: TEACHER_ID,
      email: TEACHER_EMAIL,
      political_status_id: String(party),
    })
    const newPhone = `1360${pid}002`
    const changed = await call(t, {
      url: `${T}/update`,
      token: s.schoolAdmin,
      body: {
        id: teacherId,
        trueName: '李老师',
        phone: newPhone,
        idCard: form.idCard,
        email: null,
        politicalStatusId: null,
      },
    })
    expect(changed).toMatchObject({ code: 0 })
    expect(await stored(teacherId)).toEqual({
      phone: newPhone,
      account_phone: newPhone,
      id_card: TEACHER_ID,
      email: null,
      political_status_id: null,
    })
    // Back, for the tests after.
    const back = await call(t, {
      url: `${T}/update`,
      token: s.schoolAdmin,
      body: { id: teacherId, trueName: '李老师', phone: TEACHER_PHONE, idCard: form.idCard, email: TEACHER_EMAIL },
    })
    expect(back.code).toBe(0)
  })

  it('a student form saved with its masks keeps the stored ID number and phone', async () => {
    const loaded = (await call(t, { url: `${S}/detail?id=${studentId}`, token: s.schoolAdmin })).data
    const saved = await call(t, {
      url: `${S}/update`,
      token: s.schoolAdmin,
      body: {
        id: studentId,
        trueName: loaded.trueName,
        jobNo: loaded.jobNo,
        phone: loaded.phone,
        idCard: loaded.idCard,
      },
    })
    expect(saved).toMatchObject({ code: 0 })
    expect(await stored(studentId)).toMatchObject({ phone: STUDENT_PHONE, id_card: STUDENT_ID })
  })

  it('a typed mask that is not the stored value’s mask is refused with a clear message, nothing written', async () => {
    const loaded = (await call(t, { url: `${S}/detail?id=${studentId}`, token: s.schoolAdmin })).data
    const base = {
      id: studentId,
      trueName: '周小雨改',
      jobNo: loaded.jobNo,
      phone: loaded.phone,
      idCard: loaded.idCard,
    }
    const badPhone = await call(t, {
      url: `${S}/update`,
      token: s.schoolAdmin,
      body: { ...base, phone: '138****0000' },
    })
    expect(badPhone).toMatchObject({
      code: ErrorCode.BAD_REQUEST,
      msg: '手机号含脱敏字符*且与原值不符，请输入完整的手机号或保留原值',
    })
    const badId = await call(t, {
      url: `${S}/update`,
      token: s.schoolAdmin,
      body: { ...base, idCard: '110105**********99' },
    })
    expect(badId).toMatchObject({ code: ErrorCode.BAD_REQUEST, msg: expect.stringContaining('身份证号含脱敏字符') })
    const badEmail = await call(t, {
      url: `${T}/update`,
      token: s.schoolAdmin,
      body: { id: teacherId, trueName: '李老师', phone: maskPhone(TEACHER_PHONE), email: 'x***@example.com' },
    })
    expect(badEmail).toMatchObject({ code: ErrorCode.BAD_REQUEST, msg: expect.stringContaining('邮箱含脱敏字符') })
    // A mask is never a new person's value.
    const add = await call(t, {
      url: `${S}/add`,
      token: s.schoolAdmin,
      body: { trueName: '吴小', jobNo: `M${pid}99`, classId, phone: '135****0001' },
    })
    expect(add).toMatchObject({ code: ErrorCode.BAD_REQUEST, msg: '手机号格式不正确' })
    expect(await stored(studentId)).toMatchObject({ phone: STUDENT_PHONE, id_card: STUDENT_ID })
    const name = (await call(t, { url: `${S}/detail?id=${studentId}`, token: s.schoolAdmin })).data.trueName
    expect(name).toBe('周小雨')
    expect(await stored(teacherId)).toMatchObject({ email: TEACHER_EMAIL })
  })

  it('the own details form takes its values back unchanged and refuses a typed mask', async () => {
    const token = await loginToken(t, teacherUser)
    const ok = await call(t, { url: `${U}/personalDetails/update`, token, body: { email: maskEmail(TEACHER_EMAIL) } })
    expect(ok.code).toBe(0)
    expect(await stored(teacherId)).toMatchObject({ email: TEACHER_EMAIL })
    const bad = await call(t, { url: `${U}/personalDetails/update`, token, body: { email: 'q***@example.com' } })
    expect(bad).toMatchObject({ code: ErrorCode.BAD_REQUEST })
    expect(await stored(teacherId)).toMatchObject({ email: TEACHER_EMAIL })
  })
})

describe('import error files', () => {
  it('echo the rejected rows with their personal fields masked, stored masked too', async () => {
    const headers = TEACHER_COLUMNS.map((c) => c.header)
    const badId = idCard('44030519900101003')
    const row = (name: string, phone: string) => {
      const r: string[] = headers.map(() => '')
      r[headers.indexOf('姓名*')] = name
      r[headers.indexOf('手机号*')] = phone
      r[headers.indexOf('身份证号')] = badId
      r[headers.indexOf('邮箱')] = 'someone@example.com'
      r[headers.indexOf('部门')] = '不存在的部门'
      return r
    }
    const phone = `1370${pid}001`
    const started = await upload(
      t,
      `${T}/importExcel`,
      s.schoolAdmin,
      await xlsx(headers, [row('错行', phone)]),
      '教师.xlsx',
    )
    const jobId = started.data.importLogId as number
    await importRunner(t.ctx).idle()
    const res = await t.app.inject({
      url: `${L}/log/errors?id=${jobId}`,
      headers: { authorization: `Bearer ${s.schoolAdmin}` },
    })
    const rows = await readXlsx(res.rawPayload)
    const head = rows[0]!
    expect(rows[1]![head.indexOf('手机号*')]).toBe(maskPhone(phone))
    expect(rows[1]![head.indexOf('身份证号')]).toBe(maskIdCard(badId))
    expect(rows[1]![head.indexOf('邮箱')]).toBe('s***@example.com')
    expect(rows[1]!.at(-1)).toBe('部门不存在：不存在的部门')
    const kept = await t.db.tenant(w.tenantId, (trx) =>
      trx.selectFrom('import_job_error').select('data').where('job_id', '=', jobId).execute(),
    )
    const text = JSON.stringify(kept)
    expect(text).not.toContain(phone)
    expect(text).not.toContain(badId)
    expect(text).toContain(maskPhone(phone))
  })
})

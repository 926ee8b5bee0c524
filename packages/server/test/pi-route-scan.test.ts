import { HUB_SCOPES, parseIdCard, UserType, WEBHOOK_EVENTS } from '@zhixiao/shared'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RouteAccess } from '../src/app.js'
import { importRunner } from '../src/modules/imports/runner.js'
import { INTAKE_COLUMNS } from '../src/modules/intake/import-kind.js'
import { runWebhooks } from '../src/modules/webhooks/dispatch.js'
import { receiver, registerApp, saveClient } from './hub-fixtures.js'
import { call, createTestApp, loginToken, makePerson, makeWorld, type TestApp, type World } from './helpers.js'
import { latestCode } from './sms-helpers.js'
import { upload, xlsx, zipTexts } from './xlsx.js'
import { fields, sample } from './zod-walk.js'

/**
 * Issue 26 point 8, the route-table scan (docs/privacy.md "Masking (everywhere else) and the route scan"): a district
 * with students, teachers, parents, external staff, complaints and join requests carrying known ID numbers and phones;
 * the district's top admin and a school admin call every GET and POST route of the app's own route table (Excel
 * downloads unzipped) and no answer may carry a full ID number or phone — neither a seeded one nor any 18-character
 * ID number passing the checksum nor any 1[3-9]xxxxxxxxx mobile — except the reveal's answer (which must have logged
 * its pi_access_log line) and the caller's own record. A guardian and two apps of the identity hub (the directory API,
 * with and without a guardian's consent) call too; every route of PERSONAL_ROUTES must answer code 0 at least once.
 */

// ---- the scanner (pure: the unit checks below prove it flags what it must) ----

const ID_PATTERN = /(?<![0-9A-Za-z])\d{17}[\dXx](?![0-9A-Za-z])/g
const PHONE_PATTERN = /(?<![0-9A-Za-z])1[3-9]\d{9}(?![0-9A-Za-z])/g

/** Every full ID number (checksum-valid) and mobile number in a text, plus any of the `known` values it contains. */
function findPersonal(text: string, known: readonly string[] = []): string[] {
  const hits = new Set<string>()
  for (const m of text.matchAll(ID_PATTERN)) if (parseIdCard(m[0]) !== null) hits.add(m[0].toUpperCase())
  for (const m of text.matchAll(PHONE_PATTERN)) hits.add(m[0])
  for (const k of known) if (text.includes(k)) hits.add(k)
  return [...hits]
}

/** The texts of an answer: the body, or each XML part of a zip (an .xlsx download). */
function answerTexts(body: Buffer): string[] {
  if (body.subarray(0, 2).toString('latin1') === 'PK') return zipTexts(body).map((e) => e.text)
  return [body.toString('utf8')]
}

// ---- which routes are writes (skipped) ----

/**
 * The rule the scan skips by: a route is a write when its last path segment (after dropping /new, /v2 and path
 * parameters) starts with a write verb (add, update, delete, save, set, import, archive, reset, bind, apply, approve,
 * publish, send, login, …), or when it is one of the named writes below whose verb the path does not show. Writes
 * change the fixtures the reads are checked against, send messages or end the session.
 */
const WRITE_VERB =
  /^(add|batch|update|delete|del(?=[A-Z])|remove|save|set|import|create|archive|reset|bind|unbind|change|apply|approve|refuse|decide|leave|publish|unpublish|confirm|logout|upload|rotate|resume|suspend|replay|test|send|launch|enrol|disable|refresh|associated|clear|login|swap|sms|signUp|signup|must|cancel|abort|register(?=Page))(?![a-z])/
const NAMED_WRITES = new Set([
  'GET /base/api/organizationUnit/status/new', // enables or disables an org
  'GET changeOrg', // switches the session's org (answers a new token)
  'POST switch', // organizationUnit/register/switch: sets the register switch
  'POST policy', // auth/totp/policy: sets the tenant's TOTP rule
  'POST password', // change/password, must/change/default/password
  'POST notLogin', // change/password/notLogin: resets a password
  'POST read', // message/read
  'POST readAll',
  'POST open', // redot/open: marks an app opened
  'POST process', // dingtalk qrcode process: confirms a QR sign-in
  'POST messages', // open/v1/messages: sends messages
  'POST ticket', // CAS ticket: issues a service ticket
  'POST token', // swap/once/token: turns a one-time token into a session
  'POST chat-stream', // asks the assistant (an outside AI call)
  'POST startOrEndToChat',
  'POST settingMobileHomeAlarmConfig',
  'POST moduleListMaintain',
  'POST card', // waipin/card: exchanges a WeChat/DingTalk code (an outside call)
  // Decisions and moves whose verb the path does not show: with the fixtures below they would find their row.
  'POST outAgree', // transfer: the sending school agrees
  'POST outRefuse',
  'POST bureauApprove', // transfer: the bureau approves (moves the student)
  'POST bureauRefuse',
  'POST admit', // intake: admits feeder graduates
  'POST move', // intake/placement/move: moves a new pupil to a class
  'POST run', // rollover/plan/run: runs the rollover
  'POST undo', // rollover/plan/undo
  'POST mark-repeat', // rollover: marks a repeater
  'POST /base/api/school-year/rollover/plan/intake', // rollover: sets the intake's class count
  'POST release', // retention/hold/release
  'POST handle', // privacy/request/handle: decides a guardian's request
  'POST recordPaper', // consent/recordPaper: enters a paper consent
  'POST /base/api/privacy/export/request', // asks for an export approval
  'POST download', // privacy/export/download: counts a download and logs it
])
const lastSegment = (url: string) =>
  url
    .split('/')
    .filter((s) => s && !s.startsWith(':') && !/^(new|v\d+)$/.test(s))
    .pop() ?? ''
const isWriteRoute = (r: Pick<RouteAccess, 'method' | 'url'>): boolean =>
  r.method === 'PUT' ||
  WRITE_VERB.test(lastSegment(r.url)) ||
  NAMED_WRITES.has(`${r.method} ${lastSegment(r.url)}`) ||
  NAMED_WRITES.has(`${r.method} ${r.url}`)

// ---- the district ----

let t: TestApp
let w: World
const WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2]
/** An ID number with its real check character, so the checksum pattern treats it as genuine. */
const idCard = (first17: string) =>
  first17 + '10X98765432'[WEIGHTS.reduce((s, wt, i) => s + wt * Number(first17[i]), 0) % 11]!
const SEED = {
  studentId: idCard('11010520150601731'),
  student2Id: idCard('11010520140302742'),
  teacherId: idCard('11010519850707753'),
  externalId: idCard('11010519800808764'),
  studentPhone: '13579240001',
  student2Phone: '13579240002',
  teacherPhone: '13579240003',
  parentPhone: '13579240004',
  externalPhone: '13579240005',
  complaintPhone: '13579240006',
  complaintTextPhone: '13579240012',
  joinerPhone: '13579240007',
  staffPhone: '13579240008',
  bureauAdminPhone: '13579240009',
  schoolAdminPhone: '13579240010',
}
const KNOWN = Object.values(SEED)
interface Caller {
  name: string
  token: string
  orgId: number
  /**
   * The values this caller may see in full: a signed-in member's own record; for an app of the identity hub, what its
   * grant releases (adults' phones with the `phone` scope, and a minor's only with the guardian's consent).
   */
  own: string[]
  /** An app's client-credentials token: it calls the directory API (/open/v1) only, a member everything else. */
  app?: boolean
}
let callers: Caller[] = []
/** Ids of the seeded rows, tried in turn for a route that takes an id. */
let ids: number[] = []
let revealSubject = 0
let appId = 0
/** The ids the fixtures made: a transfer application, an import job with a rejected row, a rollover plan, a role. */
const fixture = { transfer: 0, importJob: 0, plan: 0, role: 0 }
let hook: Awaited<ReturnType<typeof receiver>> | undefined

async function seedDistrict(): Promise<void> {
  const person = async (orgId: number, roleIds: number[], phone: string, userType: number = UserType.STAFF) =>
    makePerson(t, w.tenantId, {
      trueName: `扫描${phone.slice(-2)}`,
      phone,
      memberships: [{ orgId, userType, roleIds }],
    })
  const bureauAdmin = await person(w.bureauId, [w.roles.admin], SEED.bureauAdminPhone)
  const schoolAdmin = await person(w.schoolId, [w.roles.admin], SEED.schoolAdminPhone)
  callers = [
    {
      name: 'the district top admin',
      token: await loginToken(t, bureauAdmin.userName),
      orgId: w.bureauId,
      own: [SEED.bureauAdminPhone],
    },
    {
      name: 'a school admin',
      token: await loginToken(t, schoolAdmin.userName),
      orgId: w.schoolId,
      own: [SEED.schoolAdminPhone],
    },
  ]
  const admin = callers[1]!.token
  // An app of the identity hub subscribed to every webhook event before the people arrive, so its deliveries
  // (and its protocol settings and access log) are there to read.
  appId = await registerApp(t, w.tenantId, '扫描应用')
  await saveClient(t, callers[0]!.token, {
    appId,
    protocol: 'oidc',
    redirectUris: ['https://scan.example.com/cb'],
    scopes: [...HUB_SCOPES],
  })
  hook = await receiver()
  const subscribed = await call(t, {
    url: '/base/api/app/webhook/save',
    token: callers[0]!.token,
    body: { appId, url: `${hook.base}/hook`, events: [...WEBHOOK_EVENTS], enabled: true },
  })
  expect(subscribed.code, subscribed.msg).toBe(0)
  const ok = async (url: string, body: unknown, token = admin) => {
    const r = await call(t, { url, token, body })
    expect(r.code, `${url}: ${r.msg}`).toBe(0)
    return r.data as number
  }
  const U = '/base/api/userInfo'
  const grade = await ok('/base/api/grade/add', { name: '扫描级', entryYear: 2021 })
  const klass = await ok('/base/api/class/add', { gradeId: grade, name: '1班' })
  const student = await ok(`${U}/studentInfo/add`, {
    trueName: '扫描学生甲',
    jobNo: 'SCAN001',
    classId: klass,
    phone: SEED.studentPhone,
    idCard: SEED.studentId,
  })
  const student2 = await ok(`${U}/studentInfo/add`, {
    trueName: '扫描学生乙',
    jobNo: 'SCAN002',
    classId: klass,
    phone: SEED.student2Phone,
    idCard: SEED.student2Id,
  })
  revealSubject = student
  const teacher = await ok(`${U}/teacherInfo/add`, {
    trueName: '扫描教师',
    phone: SEED.teacherPhone,
    idCard: SEED.teacherId,
    jobNo: 'T-SCAN',
  })
  // The teacher signs in with the default login name, their phone; a mistyped password leaves a failed line too.
  for (const password of ['Zx123456', 'Wrong1234a'])
    await call(t, {
      url: '/base/api/auth/loginByUserPwd',
      body: { userName: SEED.teacherPhone, password, loginType: 1, version: 2 },
    })
  const parent = await ok(`${U}/parentBindChild/add`, {
    trueName: '扫描家长',
    phone: SEED.parentPhone,
    childId: student,
    relation: '母亲',
  })
  const external = await ok('/base/api/external/add', {
    name: '扫描外聘',
    phone: SEED.externalPhone,
    idCard: SEED.externalId,
    company: '扫描公司',
    startDate: '2026-09-01',
  })
  // A complaint with a contact phone, submitted by a staff member whose account carries a phone of its own.
  const staff = await person(w.schoolId, [w.roles.teacher], SEED.staffPhone)
  await ok('/base/complainSuggestion/config/set', { enable: true, userRole: [1002, 1003, 1004], allowAnonymous: true })
  const me = (await call(t, { url: '/base/api/account/user/current/detail', token: admin })).data as {
    userInfoId?: number
    id?: number
  }
  const handler = me.userInfoId ?? schoolAdmin.userInfoIds[0]!
  const cls = await ok('/base/complainSuggestion/classification/add', { name: '扫描分类', handlerIds: [handler] })
  const staffToken = await loginToken(t, staff.userName)
  const complaint = await ok(
    '/base/complainSuggestion/add',
    { classId: cls, title: '扫描投诉', content: `请回电 ${SEED.complaintTextPhone}`, phone: SEED.complaintPhone },
    staffToken,
  )
  // A join request from a member of the other school (its phone is the member's own), and a parent's sign-up
  // request naming the child's student number.
  const joiner = await person(w.school2Id, [], SEED.joinerPhone)
  const join = await ok(
    `${U}/joinAudit/apply`,
    { orgId: w.schoolId, reason: '扫描申请' },
    await loginToken(t, joiner.userName),
  )
  const signupPhone = '13579240011'
  KNOWN.push(signupPhone)
  const A = '/base/api/auth'
  expect(
    (await call(t, { url: `${A}/smsSender/signup/v2`, body: { phone: signupPhone, orgId: w.schoolId } })).code,
  ).toBe(0)
  const code = await latestCode(t, w.tenantId)
  const ticket = await call(t, {
    url: `${A}/smsVerifyCode/signup`,
    body: { phone: signupPhone, smsCode: code, orgId: w.schoolId },
  })
  const made = await call(t, {
    url: `${A}/signUp/v2`,
    body: { signupTicket: ticket.data.signupTicket, trueName: '扫描报名家长', password: 'Parent2026a' },
  })
  expect(made.code, made.msg).toBe(0)
  const applied = await call(t, {
    url: `${A}/signUp/apply/org/update/v2`,
    body: {
      orgId: w.schoolId,
      userType: UserType.PARENT,
      childNo: 'SCAN002',
      childName: '扫描学生乙',
      relation: '父亲',
    },
    headers: { registertoken: made.data.registerToken },
  })
  expect(applied.code, applied.msg).toBe(0)
  await runWebhooks(t.ctx)
  const deliveries = await call(t, {
    url: `/base/api/app/webhook/deliveries?appId=${appId}&pageSize=50`,
    token: callers[0]!.token,
  })
  expect(deliveries.data.total, 'the seeded people reached the app as webhook deliveries').toBeGreaterThan(0)
  ids = [student, student2, teacher, parent, external, complaint, join, handler, Number(applied.data?.id ?? 0)].filter(
    (x) => x > 0,
  )
  await seedFixtures({ ok, student, teacher, parent })
}

/**
 * What the reads of the school year, the importer, role delegation and the directory API need to find something, so
 * that they answer code 0 and their answers are scanned (PERSONAL_ROUTES): an intake (a feeder 初中 with a final-year
 * class, a new grade in the school, an intake import with a rejected row), a transfer application, a rollover plan, a
 * role delegated to the school and one of its teachers, and two third-party apps of the hub with client credentials
 * and every scope (phone and directory included), one with a guardian's consent to the student, one without.
 */
async function seedFixtures(seeded: {
  ok: (url: string, body: unknown, token?: string) => Promise<number>
  student: number
  teacher: number
  parent: number
}): Promise<void> {
  const { ok } = seeded
  const [bureau, school] = [callers[0]!.token, callers[1]!.token]
  const more = {
    school2AdminPhone: '13579240013',
    feederPhone: '13579240014',
    transferPhone: '13579240015',
    intakeParentPhone: '13579240016',
    rejectedParentPhone: '13579240017',
    guardianPhone: '13579240018',
    feederId: idCard('11010520110505785'),
    intakeId: idCard('11010520200101791'),
  }
  KNOWN.push(...Object.values(more))
  const school2Admin = await makePerson(t, w.tenantId, {
    trueName: '扫描二中管理员',
    phone: more.school2AdminPhone,
    memberships: [{ orgId: w.school2Id, userType: UserType.STAFF, roleIds: [w.roles.admin] }],
  })
  const school2 = await loginToken(t, school2Admin.userName)
  const year = (await call(t, { url: '/base/api/school-year/rollover/plan/current', token: bureau })).data as {
    currentYear: string
    nextYear: string
  }
  const start = Number(year.currentYear.slice(0, 4))
  const U = '/base/api/userInfo'
  // The 初中 feeds the school; its 九年级 (entered three years before this intake) holds a graduate-to-be and a
  // pupil the school asks to transfer in.
  const nine = await ok('/base/api/grade/add', { name: '扫描九年级', entryYear: start - 3 }, school2)
  const nineClass = await ok('/base/api/class/add', { gradeId: nine, name: '1班' }, school2)
  await ok(
    `${U}/studentInfo/add`,
    { trueName: '扫描学生丙', jobNo: 'SCAN003', classId: nineClass, phone: more.feederPhone, idCard: more.feederId },
    school2,
  )
  const mover = await ok(
    `${U}/studentInfo/add`,
    { trueName: '扫描学生丁', jobNo: 'SCAN004', classId: nineClass, phone: more.transferPhone },
    school2,
  )
  await ok('/base/api/intake/feeder/add', { fromOrgId: w.school2Id, toOrgId: w.schoolId }, bureau)
  fixture.transfer = await ok('/base/api/transfer/apply', { userInfoId: mover, reason: '扫描转学申请' }, school)
  // The school's intake grade, and an intake import: one pupil admitted, one row rejected for its ID number.
  const intakeGrade = await ok('/base/api/grade/add', { name: '扫描新生级', entryYear: start }, school)
  await ok('/base/api/class/add', { gradeId: intakeGrade, name: '1班' }, school)
  const bad = more.intakeId.slice(0, 17) + (more.intakeId.endsWith('0') ? '1' : '0')
  KNOWN.push(bad)
  const file = await xlsx(
    INTAKE_COLUMNS.map((c) => c.header),
    [
      ['扫描新生甲', '男', more.intakeId, '', '扫描新生家长', more.intakeParentPhone],
      ['扫描新生乙', '女', bad, '', '扫描新生乙家长', more.rejectedParentPhone],
    ],
  )
  const started = await upload(t, '/base/api/intake/importExcel', school, file, '扫描新生.xlsx')
  expect(started.code, started.msg).toBe(0)
  await importRunner(t.ctx).idle()
  fixture.importJob = Number(started.data.importLogId)
  const job = await call(t, { url: `/base/api/commonImportLog/log/detail?id=${fixture.importJob}`, token: school })
  expect(job.data, 'the intake import admitted one pupil and rejected one row').toMatchObject({
    successCount: 1,
    failCount: 1,
  })
  // The rollover plan to the next school year (not approved: the scan reads it, never runs it).
  fixture.plan = await ok('/base/api/school-year/rollover/plan/create', { toSchoolYear: year.nextYear }, bureau)
  // A role of the district delegated to the school and granted to its teacher there.
  const A = '/base/api/account'
  const role = (
    await call(t, { url: `${A}/addRole/batch`, token: bureau, body: { roles: [{ name: '扫描下放角色' }] } })
  ).data[0] as number
  const roleOrg = (await call(t, { url: `${A}/getRoleById?id=${role}`, token: bureau })).data.orgId as number
  await call(t, {
    url: `${A}/associatedPermission`,
    token: bureau,
    body: { roleId: role, orgId: roleOrg, names: ['base_school'] },
  })
  await ok(`${A}/sub/org/associatedAccount`, { roleId: role, orgIds: [w.schoolId] }, bureau)
  await ok(
    `${A}/sub/org/user/associatedAccount`,
    { roleId: role, orgId: w.schoolId, userInfoIds: [seeded.teacher] },
    bureau,
  )
  fixture.role = role
  // A guardian of the student, signed in: the parents' own views (who looked at my child, my child's consents).
  const guardian = await makePerson(t, w.tenantId, {
    trueName: '扫描监护人',
    phone: more.guardianPhone,
    memberships: [{ orgId: w.schoolId, userType: UserType.PARENT, roleIds: [] }],
  })
  await ok('/base/api/userInfo/parentBindChild/bind', {
    parentId: guardian.userInfoIds[0],
    childId: seeded.student,
    relation: '父亲',
  })
  callers.push({
    name: 'a guardian',
    token: await loginToken(t, guardian.userName),
    orgId: w.schoolId,
    own: [more.guardianPhone],
  })
  // Two third-party apps with client credentials and every scope; the parent consents to the student's release to
  // the first (a paper form the school enters), not to the second.
  const base = await t.app.listen({ port: 0, host: '127.0.0.1' })
  const apps: Caller[] = []
  for (const [name, consented] of [
    ['扫描目录应用（已同意）', true],
    ['扫描目录应用（未同意）', false],
  ] as const) {
    const id = await registerApp(t, w.tenantId, name)
    const saved = await saveClient(t, bureau, {
      appId: id,
      protocol: 'oidc',
      redirectUris: ['https://directory.example.com/cb'],
      clientCredentials: true,
      scopes: [...HUB_SCOPES],
      childrenData: 'consent',
    })
    if (consented)
      await ok(
        '/base/api/privacy/consent/recordPaper',
        {
          childId: seeded.student,
          guardianId: seeded.parent,
          purpose: 'appRelease',
          appId: id,
          given: true,
          noticeVersion: 'v0',
        },
        school,
      )
    const res = await fetch(`${base}/t/${w.tenantId}/oidc/token`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: `Basic ${Buffer.from(`${saved.client.clientId}:${saved.secret!.clientSecret}`).toString('base64')}`,
      },
      body: new URLSearchParams({ grant_type: 'client_credentials', scope: 'directory' }).toString(),
      signal: AbortSignal.timeout(10_000),
    })
    const token = ((await res.json()) as { access_token?: string }).access_token
    expect(token, `the token endpoint answered ${res.status}`).toBeTruthy()
    // What the grant releases in full: every adult's phone (the phone scope), a minor's only with consent.
    const released = await t.db.tenant(w.tenantId, async (trx) =>
      (
        await sql<{ phone: string }>`SELECT DISTINCT u.phone FROM user_info u
          WHERE u.phone IS NOT NULL AND (u.user_type <> ${UserType.STUDENT} OR ${consented} AND u.id = ${seeded.student})`.execute(
          trx,
        )
      ).rows.map((r) => r.phone),
    )
    apps.push({ name: `the app ${name}`, token: token!, orgId: w.bureauId, own: released, app: true })
  }
  callers.push(...apps)
}

beforeAll(async () => {
  t = await createTestApp()
  w = await makeWorld(t)
  await seedDistrict()
}, 300_000)
afterAll(async () => {
  await hook?.close()
  await t?.close()
})

// ---- calling a route ----

const qs = (q: Record<string, unknown>) =>
  Object.entries(q)
    .filter(([, v]) => v !== undefined && v !== null && typeof v !== 'object')
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(String(v))}`)
    .join('&')
const ID_KEYS = /^(id|userInfoId|childId|studentId|teacherId|parentId|accountId|userId|openAccountId|complaintId)$/

/**
 * The values tried for the fields a read needs to find something: the ids of every seeded row (a route that takes an
 * id is called once per seeded row), the caller's org and the first school (a district admin reaches into it), the
 * roles, the people types, a permission the seeded staff hold.
 */
const variantsFor = (caller: Caller): Record<string, unknown[]> => ({
  id: ids,
  orgId: [...new Set([caller.orgId, w.schoolId])],
  roleId: [w.roles.admin, w.roles.teacher],
  userType: [UserType.STUDENT, UserType.STAFF, UserType.PARENT],
  codes: [['sc_menhu_menu_school']],
  appId: [appId],
})
const keyOf = (k: string) => (ID_KEYS.test(k) ? 'id' : k)
const topFields = (r: RouteAccess) =>
  [...fields(r.schema?.body), ...fields(r.schema?.querystring)]
    .filter((f) => f.path.length === 1)
    .map((f) => String(f.path[0]))
/** How many calls a route gets: the most values of any variant field it has (at least one). */
const variantCount = (r: RouteAccess, caller: Caller) => {
  const v = variantsFor(caller)
  const path = r.url.includes(':') ? [ids.length] : []
  return Math.max(1, ...path, ...topFields(r).map((k) => v[keyOf(k)]?.length ?? 1))
}

/** A plausible input: the schema's sample, paging of 50, and the i-th value of each variant field. */
function plausible(schema: unknown, caller: Caller, i: number): Record<string, unknown> {
  const base = (sample(schema) ?? {}) as Record<string, unknown>
  if (typeof base !== 'object' || Array.isArray(base)) return {}
  const out: Record<string, unknown> = { ...base }
  const v = variantsFor(caller)
  for (const f of fields(schema)) {
    if (f.path.length !== 1) continue
    const key = String(f.path[0])
    const values = v[keyOf(key)]
    if (values?.length) out[key] = values[i % values.length]
    if (key === 'pageIndex') out.pageIndex = 1
    if (key === 'pageSize') out.pageSize = 50
  }
  return out
}

/** The full values an answer carries that the caller may not see: everything found but the caller's own. */
const scanAnswer = (body: Buffer, caller: Caller): string[] =>
  answerTexts(body)
    .flatMap((text) => findPersonal(text, KNOWN))
    .filter((v) => !caller.own.includes(v))

interface Finding {
  route: string
  caller: string
  value: string
}

describe('the scanner', () => {
  it('flags seeded values, checksum-valid ID numbers and mobiles, and passes masks and look-alikes', () => {
    const unmasked = JSON.stringify({ list: [{ phone: '13912345678', idCard: SEED.teacherId }] })
    expect(findPersonal(unmasked).sort()).toEqual(['13912345678', SEED.teacherId].sort())
    const masked = JSON.stringify({ list: [{ phone: '139****5678', idCard: '110105********7530' }] })
    expect(findPersonal(masked, KNOWN)).toEqual([])
    // Not an ID number (bad checksum), not a mobile (a timestamp, a longer number, a hex token).
    const lookAlikes = JSON.stringify({
      a: '110105198507077531',
      b: 1764230400000,
      c: '139123456789',
      d: 'ab13912345678',
    })
    expect(findPersonal(lookAlikes)).toEqual([])
    // A seeded value is caught even when it is not in a pattern's shape.
    expect(findPersonal('x', ['SCAN-SECRET'])).toEqual([])
    expect(findPersonal('a SCAN-SECRET b', ['SCAN-SECRET'])).toEqual(['SCAN-SECRET'])
  })

  it('reads inside an Excel download', async () => {
    const file = await xlsx(['姓名', '手机号'], [['张三', SEED.studentPhone]])
    expect(answerTexts(file).flatMap((x) => findPersonal(x))).toEqual([SEED.studentPhone])
    const masked = await xlsx(['姓名', '手机号'], [['张三', '135****0001']])
    expect(answerTexts(masked).flatMap((x) => findPersonal(x, KNOWN))).toEqual([])
  })

  it('skips writes by the rule and keeps the reads', () => {
    const w = (method: string, url: string) => isWriteRoute({ method, url })
    expect(w('POST', '/base/api/external/add')).toBe(true)
    expect(w('POST', '/base/api/userInfo/studentInfo/importExcel')).toBe(true)
    expect(w('GET', '/base/api/organizationUnit/delete/new')).toBe(true)
    expect(w('POST', '/base/api/account/delAssociatedAccount')).toBe(true)
    expect(w('POST', '/base/api/external/page')).toBe(false)
    expect(w('GET', '/base/api/app/webhook/deliveries')).toBe(false)
    expect(w('POST', '/base/api/userInfo/studentInfo/export')).toBe(false)
    expect(w('GET', '/t/:tenantId/cas/registeredService')).toBe(false)
    expect(w('GET', '/base/api/auth/totp/status')).toBe(false)
    // Decisions whose verb the path does not show are named writes; the reads beside them stay reads.
    expect(w('POST', '/base/api/transfer/outAgree')).toBe(true)
    expect(w('POST', '/base/api/privacy/retention/run')).toBe(true)
    expect(w('POST', '/base/api/school-year/rollover/plan/intake')).toBe(true)
    expect(w('POST', '/base/api/transfer/find')).toBe(false)
    expect(w('POST', '/base/api/school-year/rollover/plan/detail')).toBe(false)
    expect(w('GET', '/base/api/intake/graduates')).toBe(false)
  })
})

describe('the operation log (masked at write and at read)', () => {
  it('stores no seeded full value, and a line written before masking leaves masked', async () => {
    const stored = await t.db.tenant(w.tenantId, async (trx) =>
      (
        await sql<{ text: string }>`SELECT coalesce(target, '') || ' ' || coalesce(detail::text, '') AS text
        FROM operation_log`.execute(trx)
      ).rows.map((r) => r.text),
    )
    expect(stored.length).toBeGreaterThan(5)
    expect(stored.flatMap((x) => findPersonal(x, KNOWN))).toEqual([])
    // A line as an older server wrote it: full values in the target and the detail.
    await t.db.tenant(w.tenantId, (trx) =>
      sql`INSERT INTO operation_log (org_id, actor_id, actor_name, module, action, target, detail)
          VALUES (${w.schoolId}, 0, '旧版本', '扫描模块', '旧记录', ${`扫描旧记录(${SEED.teacherPhone})`},
                  ${JSON.stringify({ before: { phone: SEED.studentPhone, idCard: SEED.studentId } })}::jsonb)`.execute(
        trx,
      ),
    )
    const page = await call(t, {
      url: '/base/api/account/operationLogPage',
      token: callers[1]!.token,
      body: { pageIndex: 1, pageSize: 50, module: '扫描模块' },
    })
    expect(page.code, page.msg).toBe(0)
    expect(page.data.list[0]).toMatchObject({
      target: '扫描旧记录(135****0003)',
      detail: { before: { phone: '135****0001', idCard: '110105**********14' } },
    })
  })
})

describe('the route-table scan (issue 26 point 8)', () => {
  it('fails on a real list answer whose masking is removed', async () => {
    const admin = callers[1]!
    const res = await t.app.inject({
      method: 'POST',
      url: '/base/api/external/page',
      payload: { pageIndex: 1, pageSize: 50 },
      headers: { authorization: `Bearer ${admin.token}` },
    })
    expect(scanAnswer(res.rawPayload, admin)).toEqual([])
    // The same answer as it was before masking: the stored values in place of the masks.
    const page = res.json() as { data: { list: { phone: string; idCard: string | null }[] } }
    for (const row of page.data.list) Object.assign(row, { phone: SEED.externalPhone, idCard: SEED.externalId })
    expect(scanAnswer(Buffer.from(JSON.stringify(page)), admin).sort()).toEqual(
      [SEED.externalId, SEED.externalPhone].sort(),
    )
    // And the caller's own values stay allowed only for that caller.
    const own = Buffer.from(JSON.stringify({ phone: SEED.schoolAdminPhone }))
    expect(scanAnswer(own, admin)).toEqual([])
    expect(scanAnswer(own, callers[0]!)).toEqual([SEED.schoolAdminPhone])
  })

  it('no answer of any read route carries a full ID number or phone, as admins, a guardian or an app of the hub', async () => {
    const reads = t.routes.filter((r) => !isWriteRoute(r) && (r.method === 'GET' || r.method === 'POST'))
    const skipped = t.routes.filter((r) => isWriteRoute(r))
    const findings: Finding[] = []
    const answered = new Map<string, number>()
    const directory = new Map<string, string>()
    let calls = 0
    for (const caller of callers) {
      for (const r of reads) {
        const route = `${r.method} ${r.url}`
        // An app's token opens the directory API only; a member's session everything else.
        if (r.url.startsWith('/open/v1/') !== !!caller.app) continue
        const given = ROUTE_INPUTS[route]?.(caller)
        const count = given?.length ?? variantCount(r, caller)
        for (let i = 0; i < count; i++) {
          const path = r.url.replace(':tenantId', String(w.tenantId)).replace(/:(\w+)/g, String(ids[i % ids.length]))
          const query = given && r.method === 'GET' ? given[i]! : plausible(r.schema?.querystring, caller, i)
          const url = qs(query) ? `${path}?${qs(query)}` : path
          const isReveal = route === 'POST /base/api/privacy/reveal'
          const revealsBefore = isReveal ? await revealCount() : 0
          const res = await t.app.inject({
            method: r.method as 'GET' | 'POST',
            url,
            payload: r.method === 'POST' ? (given?.[i] ?? plausibleBody(r, caller, i)) : undefined,
            headers: { authorization: `Bearer ${caller.token}` },
          })
          calls++
          const body = res.rawPayload
          const code =
            body.subarray(0, 1).toString() === '{' ? (JSON.parse(body.toString()) as { code?: number }).code : 0
          if (res.statusCode === 200 && code === 0) answered.set(route, (answered.get(route) ?? 0) + 1)
          if (route === 'GET /open/v1/students')
            directory.set(caller.name, (directory.get(caller.name) ?? '') + body.toString())
          else if (process.env.SCAN_DEBUG)
            console.info(`${route} ${url} → ${res.statusCode} ${body.toString().slice(0, 200)}`)
          const hits = scanAnswer(body, caller)
          if (!hits.length) continue
          if (isReveal) {
            // The reveal is the one way to a full value, and only with its log line.
            expect(await revealCount(), 'a reveal that answered a full value logged it').toBe(revealsBefore + 1)
            continue
          }
          for (const value of new Set(hits)) findings.push({ route, caller: caller.name, value })
        }
      }
    }
    const unanswered = reads.map((r) => `${r.method} ${r.url}`).filter((k) => !answered.has(k))
    console.info(
      `route scan: ${reads.length} read routes called (${calls} requests, ${callers.length} callers), ` +
        `${reads.length - unanswered.length} answered code 0 at least once, ${unanswered.length} never did; ` +
        `${skipped.length} writes skipped`,
    )
    console.info(`never answered 0:\n  ${unanswered.join('\n  ')}`)
    if (process.env.SCAN_DEBUG) console.info(`answered 0:\n  ${[...answered.keys()].join('\n  ')}`)
    console.info(`skipped as writes:\n  ${skipped.map((r) => `${r.method} ${r.url}`).join('\n  ')}`)
    // Every route that holds personal data answered at least once, so its answer was scanned.
    expect(PERSONAL_ROUTES.filter((r) => !reads.some((x) => `${x.method} ${x.url}` === r))).toEqual([])
    expect(PERSONAL_ROUTES.filter((r) => !answered.has(r))).toEqual([])
    expect(findings.map((f) => `${f.route} as ${f.caller}: ${f.value}`)).toEqual([])
    // The consent leg was real: the consented app read the student and her phone; the other app read neither, and
    // no app read the student without a consent.
    const [consented, refused] = callers.filter((c) => c.app).map((c) => directory.get(c.name) ?? '')
    expect(consented).toContain('扫描学生甲')
    expect(consented).toContain(SEED.studentPhone)
    expect(refused).not.toContain('扫描学生甲')
    for (const text of [consented, refused]) expect(text).not.toContain('扫描学生乙')
  }, 600_000)
})

/**
 * The read routes whose answers hold people's personal data (names with phones, ID numbers, birth dates, guardian
 * links, classes of named pupils, what was read about whom). Each must answer code 0 at least once in the scan, so its
 * answer is scanned: a route that only ever fails proves nothing, and the test fails for it. A new such route
 * belongs here, with the fixture it needs.
 */
const PERSONAL_ROUTES = [
  // People: lists, details, exports, searches, changes, join requests, the own record.
  'POST /base/api/userInfo/studentInfo/page',
  'GET /base/api/userInfo/studentInfo/detail',
  'POST /base/api/userInfo/studentInfo/export',
  'POST /base/api/userInfo/teacherInfo/page',
  'GET /base/api/userInfo/teacherInfo/detail',
  'POST /base/api/userInfo/teacherInfo/export',
  'POST /base/api/userInfo/parentBindChild/page',
  'GET /base/api/userInfo/parentBindChild/parents',
  'POST /base/api/userInfo/parentBindChild/export',
  'POST /base/api/userInfo/searchPerson/page',
  'POST /base/api/userInfo/change/page',
  'POST /base/api/userInfo/joinAudit/page',
  'GET /base/api/userInfo/personalDetails/get',
  'GET /base/api/account/user/current/detail',
  'POST /base/api/external/page',
  // The role screens' people lists, including the lists of a sub-org a role is delegated to.
  'POST /base/api/account/userSearch/page',
  'POST /base/api/account/findUserAssociated',
  'POST /base/api/account/findUserNotAssociated',
  'POST /base/api/account/getAccountInfoByPermissions',
  'POST /base/api/account/sub/org/findAssociatedSubOrg',
  'POST /base/api/account/sub/org/user/findUserAssociated',
  'POST /base/api/account/sub/org/user/findUserNotAssociated',
  'GET /base/api/organizationUnit/get/manager',
  'POST /base/api/privacy/officer/candidates',
  // Logs that name people or carry what they typed.
  'POST /base/api/account/operationLogPage',
  'GET /base/api/account/getUpdatePermissionOperationLog',
  'POST /base/api/importantLog/page',
  'GET /base/api/auth/loginLog/page',
  'POST /base/api/auth/loginLog/page',
  'GET /base/api/sms/log/page',
  'GET /base/api/assistant/log/page',
  'GET /base/api/app/client/accessLog',
  'GET /base/api/app/webhook/deliveries',
  // Complaints.
  'POST /base/complainSuggestion/queryListForAdmin',
  'GET /base/complainSuggestion/getDetail',
  // Privacy: the reveal, the access log, retention, guardians' requests, export requests, the parents' views.
  'POST /base/api/privacy/reveal',
  'POST /base/api/privacy/accessLog/queryPage',
  'GET /base/api/privacy/myChildren',
  'GET /base/api/privacy/myChildAccess',
  'GET /base/api/privacy/consent/myChild',
  'POST /base/api/privacy/retention/leavers/queryPage',
  'POST /base/api/privacy/retention/journal/queryPage',
  'POST /base/api/privacy/retention/hold/queryPage',
  'POST /base/api/privacy/request/queryPage',
  'POST /base/api/privacy/export/page',
  // The school year: rollover, transfers, intake, alumni.
  'POST /base/api/school-year/rollover/plan/detail',
  'POST /base/api/school-year/rollover/plan/school',
  'POST /base/api/school-year/rollover/school/report',
  'POST /base/api/transfer/find',
  'POST /base/api/transfer/page',
  'GET /base/api/transfer/transferredOut',
  'GET /base/api/intake/graduates',
  'GET /base/api/intake/placement/students',
  'POST /base/api/intake/placement/preview',
  'POST /base/api/alumni/queryPage',
  // Imports: the log, and a rejected row's reasons and error file.
  'POST /base/api/commonImportLog/log/page',
  'GET /base/api/commonImportLog/log/detail',
  'GET /base/api/commonImportLog/log/errors',
  'GET /base/api/commonImportLog/log/reasons',
  // The class home (the head teacher's name and, when shown, phone).
  'GET /base/api/classHome/view',
  'GET /base/api/class/teachers',
  // The identity hub's directory API, read by an app with client credentials and every scope.
  'GET /open/v1/schools',
  'GET /open/v1/grades',
  'GET /open/v1/classes',
  'GET /open/v1/teachers',
  'GET /open/v1/students',
  'GET /open/v1/guardians',
]

/**
 * The inputs of the reads that need one of the fixtures' rows, in place of the plausible ones: each route is called
 * once per input.
 */
const paging = { pageIndex: 1, pageSize: 50 }
const ROUTE_INPUTS: Record<string, (caller: Caller) => Record<string, unknown>[]> = {
  'GET /base/api/commonImportLog/log/detail': () => [{ id: fixture.importJob }],
  'GET /base/api/commonImportLog/log/errors': () => [{ id: fixture.importJob }],
  'GET /base/api/commonImportLog/log/reasons': () => [{ id: fixture.importJob }],
  'POST /base/api/transfer/find': () => [{ name: '扫描学生丁', jobNo: 'SCAN004' }],
  'POST /base/api/transfer/page': () => ['in', 'out', 'bureau'].map((box) => ({ box, ...paging })),
  'POST /base/api/school-year/rollover/plan/detail': () => [{ planId: fixture.plan }],
  'POST /base/api/school-year/rollover/plan/school': () => [{ planId: fixture.plan, orgId: w.schoolId }],
  'POST /base/api/school-year/rollover/school/report': () => [{ planId: fixture.plan, orgId: w.schoolId, ...paging }],
  'POST /base/api/account/sub/org/findAssociatedSubOrg': () => [{ roleId: fixture.role, associated: null, ...paging }],
  'POST /base/api/account/sub/org/user/findUserAssociated': () => [
    { roleId: fixture.role, orgId: w.schoolId, ...paging },
  ],
  'POST /base/api/account/sub/org/user/findUserNotAssociated': () => [
    { roleId: fixture.role, orgId: w.schoolId, ...paging },
  ],
}

function plausibleBody(r: RouteAccess, caller: Caller, i: number): Record<string, unknown> {
  const body = plausible(r.schema?.body, caller, i)
  // The reveal asks for a seeded student's ID number, with a reason.
  if (r.url === '/base/api/privacy/reveal')
    return { userInfoId: revealSubject, field: 'idCard', reason: '核对学籍信息' }
  return body
}

async function revealCount(): Promise<number> {
  return t.db.tenant(w.tenantId, async (trx) =>
    Number(
      (await sql<{ n: string }>`SELECT count(*) AS n FROM pi_access_log WHERE action = 'reveal'`.execute(trx)).rows[0]!
        .n,
    ),
  )
}

import http from 'node:http'
import type { AddressInfo } from 'node:net'
import ExcelJS from 'exceljs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO_PASSWORD, seedDemoDistrict } from '../../server/src/db/seed/demo.js'
import { subjectFor } from '../../server/src/modules/app-clients/hub-client.js'
import { drainPushes } from '../../server/src/modules/messages/dispatch.js'
import { runWebhooks } from '../../server/src/modules/webhooks/dispatch.js'
import { call, login, loginToken, TEST_PASSWORD_PARAMS, type TestApp } from '../../server/test/helpers.js'
import type { MountedApp, RunningApps } from '../src/kit/server.js'
import type { Viewer } from '../src/kit/types.js'
import { leaveApp } from '../src/leave/index.js'
import { addDays, chinaToday, LeaveMsg } from '../src/leave/rules.js'
import type { HomeView, RequestDetail, RequestView, SettingsView, TodayEntry } from '../src/leave/service.js'
import type { LeaveStats } from '../src/leave/rules.js'
import { type Browser, freePort, registerSchoolApp, signIn, startApps, startHub } from './harness.js'

/**
 * The leave app against the real hub and the demo district (第一实验小学, its demo data seeded by the app): who may
 * ask, see, decide and cancel, the checks of dates, the teachers' chain, the statistics and the Excel export, and
 * what the hub is told (messages, red dots: the calls are recorded as they pass through to the hub).
 */
let t: TestApp
let base: string
let apps: RunningApps
let leave: MountedApp
let appsUrl: string
const notices: { to: readonly string[]; title: string; content: string; link?: string }[] = []
const badges: { sub: string; count: number }[][] = []

const people: Record<string, { b: Browser; v: Viewer; token: string }> = {}
let tenantId: number
let primaryId: number
/** The district's admin (jyjadmin), who sets up the district's WeChat service account. */
let bureauToken: string
/** The app's client id at the hub (its subject ids are pairwise: derived from it). */
let clientId: string
/** The hub's membership (user_info) id of a person the app names by `sub`. */
async function userInfoIdOf(sub: string): Promise<number> {
  const ids = await t.db.tenant(tenantId, (trx) => trx.selectFrom('user_info').select('id').execute())
  const hit = ids.find(
    ({ id }) => String(id) === sub || subjectFor(t.ctx, { tenantId, clientId, subjectType: 'pairwise' }, id) === sub,
  )
  if (!hit) throw new Error(`nobody at the hub is ${sub}`)
  return hit.id
}
/** The app's key in the portal's red dots (应用管理's unique id). */
let appKeyAtHub: string
const today = chinaToday()
const day = (n: number) => addDays(today, n)
/** A PNG's first bytes and a little more: enough for the magic-byte check. */
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)])

const as = (who: string) => people[who]!.b
/** Uploads a doctor's note as the page does (multipart, one file). */
const uploadNote = (who: string, bytes: Uint8Array, name = 'note.png', type = 'image/png') => {
  const form = new FormData()
  form.append('file', new Blob([new Uint8Array(bytes)], { type }), name)
  return as(who).fetch('/leave/api/uploads', { method: 'POST', body: form })
}
const get = <T>(who: string, path: string) => as(who).api<T>('leave', path)
const post = <T>(who: string, path: string, body: unknown) => as(who).api<T>('leave', path, body)
/** What the portal shows the person: their message centre, their red dot on this app. */
const inbox = async (who: string) =>
  (
    await call(t, {
      url: '/base/api/message/queryPage',
      token: people[who]!.token,
      body: { pageIndex: 1, pageSize: 50 },
    })
  ).data.list as { title: string; content: string; link: string }[]
const portalDot = async (who: string) =>
  (
    (await call(t, { url: '/base/api/redot/counts', token: people[who]!.token })).data as {
      dots: { key: string; count: number }[]
    }
  ).dots.find((d) => d.key === appKeyAtHub)?.count ?? 0
/** The last count sent for a person (undefined: never sent). */
const lastBadge = (sub: string) =>
  badges
    .flat()
    .filter((c) => c.sub === sub)
    .at(-1)?.count

/**
 * Signs in, as `who`, the 班主任 of a class of the school other than `notClassId`: a generated teacher on the tenant's
 * initial password, who sets her own at her first sign-in as the portal asks, then opens the app through the hub.
 * Answers her class.
 */
async function signInOtherHead(who: string, notClassId: number) {
  const mine = (await leave.directory.classOf(notClassId))!
  const cls = (await leave.directory.classesOf(mine.schoolId)).find(
    (c) => c.id !== notClassId && c.headTeacher && c.headTeacher !== people.zhanglaoshi!.v.sub,
  )!
  const headId = await userInfoIdOf(cls.headTeacher!)
  const { user_name: userName } = await t.db.tenant(tenantId, (trx) =>
    trx
      .selectFrom('user_info')
      .innerJoin('account', 'account.id', 'user_info.account_id')
      .select('account.user_name')
      .where('user_info.id', '=', headId)
      .executeTakeFirstOrThrow(),
  )
  const { default_password: initial } = await t.db.platform((trx) =>
    trx.selectFrom('tenant').select('default_password').where('id', '=', tenantId).executeTakeFirstOrThrow(),
  )
  const first = await login(t, { userName, password: initial, orgId: primaryId })
  const ticket = (first.data as { mustRstPwdId?: string }).mustRstPwdId
  expect(ticket, JSON.stringify(first)).toBeTruthy()
  const changed = await call(t, {
    url: '/base/api/account/must/change/default/password',
    body: { mustRstPwdId: ticket, newPassword: 'Head2026x' },
  })
  expect(changed.code, JSON.stringify(changed)).toBe(0)
  const token = await loginToken(t, userName, 'Head2026x', primaryId)
  const b = await signIn(base, appsUrl, 'leave', token)
  people[who] = { b, v: (await b.api<Viewer>('leave', '/me')).data, token }
  return cls
}

beforeAll(async () => {
  ;({ t, base } = await startHub())
  await seedDemoDistrict(t.db, TEST_PASSWORD_PARAMS, t.clock.now())
  const tenant = await t.db.platform((trx) =>
    trx.selectFrom('tenant').select('id').where('unique_name', '=', 'demo-district').executeTakeFirstOrThrow(),
  )
  tenantId = tenant.id
  const bureau = await loginToken(t, 'jyjadmin', DEMO_PASSWORD)
  bureauToken = bureau
  const port = await freePort()
  appsUrl = `http://127.0.0.1:${port}`
  const client = await registerSchoolApp(t, tenant.id, bureau, 'leave', appsUrl, { name: '请假审批（测试）' })
  clientId = client.clientId
  appKeyAtHub = (
    await t.db.tenant(tenant.id, (trx) =>
      trx.selectFrom('app').select('unique_id').where('id', '=', client.appId).executeTakeFirstOrThrow(),
    )
  ).unique_id
  await runWebhooks(t.ctx)
  apps = await startApps(base, tenant.id, port, { leave: client }, [leaveApp], { demo: true })
  leave = apps.apps.leave!
  // Record what the app tells the hub, and let it through.
  const { notify, setBadges } = leave.hub
  leave.hub.notify = async (m) => {
    notices.push(m)
    await notify.call(leave.hub, m)
  }
  leave.hub.setBadges = async (c) => {
    badges.push([...c])
    await setBadges.call(leave.hub, c)
  }
  const primary = await t.db.tenant(tenant.id, (trx) =>
    trx.selectFrom('org_unit').select('id').where('name', '=', '示范区第一实验小学').executeTakeFirstOrThrow(),
  )
  primaryId = primary.id
  for (const who of ['xiaomingmama', 'zhanglaoshi', 'xxadmin', 'xiaoming', 'lilaoshi']) {
    const token = await loginToken(t, who, DEMO_PASSWORD, primary.id)
    const b = await signIn(base, appsUrl, 'leave', token)
    people[who] = { b, v: (await b.api<Viewer>('leave', '/me')).data, token }
  }
}, 180_000)

afterAll(async () => {
  await apps?.close()
  await t?.close()
})

describe('the demo', () => {
  it('gives 第一实验小学 a term of leave: three waiting for 张老师, 王小明 only approved and past', async () => {
    const pending = await get<RequestView[]>('zhanglaoshi', '/requests/pending')
    expect(pending.code).toBe(0)
    const students = pending.data.filter((r) => r.kind === 'student')
    expect(students).toHaveLength(3)
    expect(students.every((r) => r.className === '三年级(2)班' && r.personName !== '王小明')).toBe(true)
    const mine = await get<RequestView[]>('xiaomingmama', '/requests/mine')
    expect(mine.data.length).toBeGreaterThan(0)
    expect(mine.data.every((r) => r.personName === '王小明' && r.status === 'approved' && r.endDate < today)).toBe(true)
    // 张老师's red dot: the three waiting, on the portal's launcher too.
    expect(lastBadge(people.zhanglaoshi!.v.sub)).toBe(3)
    expect(await portalDot('zhanglaoshi')).toBe(3)
  })

  it('is a term’s worth: over forty pupils’ requests across the classes, spread over three months of this term', async () => {
    // Everything the school has, whatever its status, as the admin exports it: a year back (the most it exports) to a
    // month ahead.
    const res = await as('xxadmin').fetch(`/leave/api/stats/export?from=${day(-330)}&to=${day(30)}`)
    expect(res.status).toBe(200)
    const book = new ExcelJS.Workbook()
    await book.xlsx.load(await res.arrayBuffer())
    const rows = (book.getWorksheet('请假统计')!.getSheetValues().slice(2) as unknown[][]).map((r) => ({
      className: String(r[2]),
      start: String(r[4]).slice(0, 10),
      status: String(r[7]),
    }))
    const pupils = rows.filter((r) => r.className !== '教职工')
    expect(pupils.length).toBeGreaterThanOrEqual(40)
    // Spread over the term, not bunched: the first and the last past request at least two months apart, in at least
    // three calendar months; all of them within the term (the last four months).
    const past = pupils.filter((r) => r.start < today).map((r) => r.start)
    const first = past.reduce((a, b) => (a < b ? a : b))
    const last = past.reduce((a, b) => (a > b ? a : b))
    expect((Date.parse(last) - Date.parse(first)) / 86_400_000).toBeGreaterThanOrEqual(60)
    expect(new Set(past.map((d) => d.slice(0, 7))).size).toBeGreaterThanOrEqual(3)
    expect(first >= day(-120)).toBe(true)
    // Across the school's classes, mostly approved, some refused or cancelled, some waiting (张老师's class).
    expect(new Set(pupils.map((r) => r.className)).size).toBeGreaterThanOrEqual(10)
    const count = (status: string) => pupils.filter((r) => r.status === status).length
    expect(count('已批准')).toBeGreaterThan(pupils.length / 2)
    expect(count('未批准')).toBeGreaterThan(0)
    expect(count('已撤销')).toBeGreaterThan(0)
    expect(pupils.filter((r) => r.status === '待审批' && r.className === '三年级(2)班')).toHaveLength(3)
    // And the teachers' own: some decided, one waiting for the school leader.
    expect(rows.filter((r) => r.className === '教职工').length).toBeGreaterThanOrEqual(3)
    expect((await get<RequestView[]>('xxadmin', '/requests/pending')).data.some((r) => r.kind === 'teacher')).toBe(true)
  })
})

describe('a parent asks leave for a child', () => {
  let xiaoming: string
  let requestId: number

  it('offers the parent their children with the class', async () => {
    const home = await get<HomeView>('xiaomingmama', '/home')
    expect(home.data.children).toEqual([expect.objectContaining({ name: '王小明', className: '三年级(2)班' })])
    xiaoming = home.data.children[0]!.sub
  })

  it('keeps a doctor’s note checked by its bytes, not its name; refuses anything else', async () => {
    // An SVG named like a PNG and declared as one.
    const bad = await uploadNote(
      'xiaomingmama',
      new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
    )
    expect(bad.status).toBe(400)
    expect(await bad.json()).toMatchObject({ code: 400, msg: LeaveMsg.BAD_IMAGE })
    const big = await uploadNote('xiaomingmama', Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]))
    expect(await big.json()).toMatchObject({ code: 400, msg: LeaveMsg.BAD_IMAGE })
  })

  it('sends the request to the class’s head teacher, who is told and gets a red dot', async () => {
    const up = await uploadNote('xiaomingmama', PNG, 'IMG_0001.jpg', 'image/jpeg')
    const noteId = ((await up.json()) as { data: { id: string } }).data.id
    const r = await post<{ id: number }>('xiaomingmama', '/requests', {
      childSub: xiaoming,
      startDate: day(10),
      startHalf: 'pm',
      endDate: day(11),
      endHalf: 'pm',
      type: 'sick',
      reason: '发烧就医',
      noteId,
    })
    expect(r).toMatchObject({ code: 0 })
    requestId = r.data.id
    const n = notices.at(-1)!
    expect(n).toMatchObject({ to: [people.zhanglaoshi!.v.sub], title: '待审批的请假申请' })
    expect(n.content).toContain('王小明')
    expect(n.link).toBe(`${appsUrl}/leave/#/request/${requestId}`)
    expect(lastBadge(people.zhanglaoshi!.v.sub)).toBe(4)
    expect(await portalDot('zhanglaoshi')).toBe(4)
    expect((await inbox('zhanglaoshi'))[0]).toMatchObject({ title: '待审批的请假申请', link: n.link })
    const d = await get<RequestDetail>('xiaomingmama', `/requests/${requestId}`)
    expect(d.data).toMatchObject({
      status: 'pending',
      days: 1.5,
      canCancel: true,
      canSeeNote: true,
      waitingFor: '张老师',
    })
    // The upload is spent: it cannot be attached twice.
    const again = await post('xiaomingmama', '/requests', {
      childSub: xiaoming,
      startDate: day(20),
      startHalf: 'am',
      endDate: day(20),
      endHalf: 'pm',
      type: 'sick',
      reason: '复诊',
      noteId,
    })
    expect(again).toMatchObject({ code: 400, msg: LeaveMsg.UPLOAD_GONE })
  })

  it('refuses overlaps, past dates, an end before the start and more than 30 days, with clear messages', async () => {
    const ask = (over: Record<string, unknown>) =>
      post('xiaomingmama', '/requests', {
        childSub: xiaoming,
        startDate: day(11),
        startHalf: 'am',
        endDate: day(12),
        endHalf: 'am',
        type: 'personal',
        reason: '家中有事',
        ...over,
      })
    expect(await ask({})).toMatchObject({ status: 400, code: 400, msg: LeaveMsg.OVERLAP })
    expect(await ask({ startDate: day(-1), endDate: day(0) })).toMatchObject({ code: 400, msg: LeaveMsg.PAST })
    expect(await ask({ startDate: day(13), endDate: day(12) })).toMatchObject({
      code: 400,
      msg: LeaveMsg.END_BEFORE_START,
    })
    expect(await ask({ startDate: day(13), startHalf: 'pm', endDate: day(13), endHalf: 'am' })).toMatchObject({
      code: 400,
      msg: LeaveMsg.END_BEFORE_START,
    })
    expect(await ask({ startDate: day(40), endDate: day(70) })).toMatchObject({ code: 400, msg: LeaveMsg.TOO_LONG })
    expect(await ask({ startDate: day(12), startHalf: 'pm', reason: '' })).toMatchObject({ code: 400 })
    expect(await ask({ startDate: day(12), startHalf: 'pm', reason: 'x'.repeat(201) })).toMatchObject({ code: 400 })
    expect(await ask({ startDate: day(12), startHalf: 'pm', type: 'holiday' })).toMatchObject({ code: 400 })
    // Right after the overlapping one ends (its last half day is day 11 afternoon): allowed.
    const next = await ask({ startDate: day(12), startHalf: 'am', endDate: day(12), endHalf: 'am' })
    expect(next).toMatchObject({ code: 0 })
    expect(await post('xiaomingmama', `/requests/${(next.data as { id: number }).id}/cancel`, {})).toMatchObject({
      code: 0,
      msg: '已撤销',
    })
    expect(lastBadge(people.zhanglaoshi!.v.sub)).toBe(4)
  })

  it('lets only one of two identical requests sent at once through', async () => {
    const ask = () =>
      post('xiaomingmama', '/requests', {
        childSub: xiaoming,
        startDate: day(26),
        startHalf: 'am',
        endDate: day(26),
        endHalf: 'pm',
        type: 'personal',
        reason: '家中有事',
      })
    const answers = await Promise.all([ask(), ask()])
    expect(answers.map((a) => a.code).sort()).toEqual([0, 400])
    expect(answers.find((a) => a.code === 400)!.msg).toBe(LeaveMsg.OVERLAP)
    const id = (answers.find((a) => a.code === 0)!.data as { id: number }).id
    expect(await post('xiaomingmama', `/requests/${id}/cancel`, {})).toMatchObject({ code: 0 })
  })

  it('lets a parent ask only for their own children (403)', async () => {
    const mine = (await leave.directory.person(xiaoming))!
    const elsewhere = (await leave.directory.classesOf(mine.schoolId)).find((c) => c.id !== mine.classId)!
    const other = (await leave.directory.studentsOf(elsewhere.id))[0]!
    const r = await post('xiaomingmama', '/requests', {
      childSub: other.sub,
      startDate: day(5),
      startHalf: 'am',
      endDate: day(5),
      endHalf: 'pm',
      type: 'sick',
      reason: '发烧',
    })
    expect(r).toMatchObject({ status: 403, code: 403, msg: LeaveMsg.NOT_OWN_CHILD })
  })

  it('lets a student see their own requests but not ask, nor see the doctor’s note', async () => {
    const mine = await get<RequestView[]>('xiaoming', '/requests/mine')
    expect(mine.data.some((r) => r.id === requestId)).toBe(true)
    expect(mine.data.every((r) => r.personName === '王小明')).toBe(true)
    const d = await get<RequestDetail>('xiaoming', `/requests/${requestId}`)
    expect(d.data).toMatchObject({ canSeeNote: false, canCancel: false, canDecide: false })
    expect((await as('xiaoming').fetch(`/leave/api/requests/${requestId}/note`)).status).toBe(403)
    const ask = await post('xiaoming', '/requests', {
      startDate: day(30),
      startHalf: 'am',
      endDate: day(30),
      endHalf: 'pm',
      type: 'sick',
      reason: '发烧',
    })
    expect(ask).toMatchObject({ status: 403, msg: LeaveMsg.STUDENT_CANNOT_ASK })
  })

  it('keeps a request from other parents and other teachers; the approver sees the note', async () => {
    const others = (await get<RequestView[]>('zhanglaoshi', '/requests/pending')).data.filter(
      (r) => r.personName !== '王小明',
    )
    expect((await get('xiaomingmama', `/requests/${others[0]!.id}`)).status).toBe(403)
    expect((await get('lilaoshi', `/requests/${requestId}`)).status).toBe(403)
    expect((await get('lilaoshi', '/requests/pending')).data).toEqual([])
    const note = await as('zhanglaoshi').fetch(`/leave/api/requests/${requestId}/note`)
    expect(note.status).toBe(200)
    expect(note.headers.get('content-type')).toBe('image/png')
    expect(Buffer.from(await note.arrayBuffer()).equals(PNG)).toBe(true)
  })

  it('lets only the class’s head teacher decide (403), once (400), and tells the parent', async () => {
    expect(await post('lilaoshi', `/requests/${requestId}/decide`, { approved: true })).toMatchObject({
      status: 403,
      msg: LeaveMsg.NOT_YOUR_DECISION,
    })
    // The 班主任 of another class of the school: a head teacher, with requests of her own class to decide, but not
    // of 王小明's class.
    const theirs = await signInOtherHead('otherhead', (await leave.directory.person(xiaoming))!.classId!)
    expect((await get<HomeView>('otherhead', '/home')).data.headOf).toEqual([{ id: theirs.id, name: theirs.label }])
    expect(await post('otherhead', `/requests/${requestId}/decide`, { approved: true })).toMatchObject({
      status: 403,
      code: 403,
      msg: LeaveMsg.NOT_YOUR_DECISION,
    })
    expect(await get('otherhead', `/requests/${requestId}`)).toMatchObject({ status: 403 })
    const hers = (await get<RequestView[]>('otherhead', '/requests/pending')).data
    expect(hers.some((r) => r.id === requestId)).toBe(false)
    expect(hers.every((r) => r.className === theirs.label)).toBe(true)
    expect(await post('xiaomingmama', `/requests/${requestId}/decide`, { approved: true })).toMatchObject({
      status: 403,
    })
    const r = await post('zhanglaoshi', `/requests/${requestId}/decide`, { approved: true, comment: '同意，注意休息' })
    expect(r).toMatchObject({ code: 0, data: { status: 'approved' } })
    expect(notices.at(-1)).toMatchObject({ to: [people.xiaomingmama!.v.sub], title: '请假申请已批准' })
    expect(notices.at(-1)!.content).toContain('王小明')
    expect(notices.at(-1)!.content).toContain('同意，注意休息')
    expect(lastBadge(people.zhanglaoshi!.v.sub)).toBe(3)
    expect(await portalDot('zhanglaoshi')).toBe(3)
    // The parent reads it in the portal's message centre.
    expect((await inbox('xiaomingmama'))[0]).toMatchObject({
      title: '请假申请已批准',
      link: `${appsUrl}/leave/#/request/${requestId}`,
    })
    expect(leave.hub.lastError).toBeNull()
    expect(await post('zhanglaoshi', `/requests/${requestId}/decide`, { approved: false })).toMatchObject({
      status: 400,
      msg: LeaveMsg.DECIDED,
    })
    expect(await post('xiaomingmama', `/requests/${requestId}/cancel`, {})).toMatchObject({
      status: 400,
      msg: LeaveMsg.DECIDED,
    })
    const d = await get<RequestDetail>('xiaomingmama', `/requests/${requestId}`)
    expect(d.data.steps).toEqual([
      expect.objectContaining({ label: '班主任', name: '张老师', approved: true, comment: '同意，注意休息' }),
    ])
  })

  it('tells the parent when a request is refused', async () => {
    const waiting = (await get<RequestView[]>('zhanglaoshi', '/requests/pending')).data.find(
      (r) => r.kind === 'student',
    )!
    const r = await post('zhanglaoshi', `/requests/${waiting.id}/decide`, { approved: false, comment: '请改期' })
    expect(r).toMatchObject({ code: 0, data: { status: 'rejected' } })
    expect(notices.at(-1)!.title).toBe('请假申请未批准')
    expect(notices.at(-1)!.content).toContain(waiting.personName)
    expect(lastBadge(people.zhanglaoshi!.v.sub)).toBe(2)
  })

  it('shows the head teacher who of the class is away today', async () => {
    const r = await get<{ date: string; entries: TodayEntry[] }>('zhanglaoshi', '/today')
    expect(r.data.date).toBe(today)
    // The demo puts one student of 三年级(2)班 on leave from yesterday to tomorrow.
    expect(r.data.entries).toEqual(
      expect.arrayContaining([expect.objectContaining({ className: '三年级(2)班', part: '全天' })]),
    )
    expect((await get<{ entries: TodayEntry[] }>('lilaoshi', '/today')).data.entries).toEqual([])
  })
})

/**
 * A stand-in for api.weixin.qq.com (the documented protocol the hub's WeChat provider speaks): the access token, the
 * web authorisation that binds xiaomingmama's openid, and the template messages it is asked to send.
 */
function wechatStandIn() {
  const sends: { touser: string; template_id: string; url?: string; data: Record<string, { value: string }> }[] = []
  const server = http.createServer((req, res) => {
    const url = new URL(req.url!, 'http://x')
    const answer = (o: unknown) => {
      res.setHeader('content-type', 'application/json')
      res.end(JSON.stringify(o))
    }
    if (url.pathname === '/cgi-bin/token') return answer({ access_token: 'WX-TOKEN', expires_in: 7200 })
    if (url.pathname === '/sns/oauth2/access_token')
      return answer(
        url.searchParams.get('code') === 'MAMA-CODE'
          ? { access_token: 'x', openid: 'OPENID-MAMA' }
          : { errcode: 40029, errmsg: 'invalid code' },
      )
    if (url.pathname === '/cgi-bin/message/template/send' && req.method === 'POST') {
      let raw = ''
      req.on('data', (c: Buffer) => (raw += c.toString()))
      req.on('end', () => {
        if (url.searchParams.get('access_token') !== 'WX-TOKEN')
          return answer({ errcode: 40001, errmsg: 'invalid credential' })
        sends.push(JSON.parse(raw) as (typeof sends)[number])
        answer({ errcode: 0, errmsg: 'ok', msgid: 1 })
      })
      return
    }
    res.statusCode = 404
    res.end()
  })
  return { server, sends }
}

describe('the parent is told by SMS and WeChat too, when the school and district enabled them', () => {
  const wx = wechatStandIn()
  const PHONE = '19900002525'
  let xiaoming: string
  let mamaAccount: number

  beforeAll(async () => {
    await new Promise<void>((r) => wx.server.listen(0, '127.0.0.1', r))
    xiaoming = (await get<HomeView>('xiaomingmama', '/home')).data.children[0]!.sub
    // The demo parent has no phone number of record; the school would have one from her enrolment.
    const mama = await userInfoIdOf(people.xiaomingmama!.v.sub)
    mamaAccount = await t.db.tenant(tenantId, async (trx) => {
      const { account_id } = await trx
        .selectFrom('user_info')
        .select('account_id')
        .where('id', '=', mama)
        .executeTakeFirstOrThrow()
      await trx.updateTable('account').set({ phone: PHONE }).where('id', '=', account_id).execute()
      return account_id
    })
  })
  afterAll(
    () =>
      new Promise<void>((r) => {
        wx.server.close(() => r())
        wx.server.closeAllConnections()
      }),
  )

  it('queues an SMS and a WeChat template message to xiaomingmama when the head teacher approves, and sends them', async () => {
    // The school's SMS template for 应用通知 (消息模板, as its admin saves it).
    const sms = await call(t, {
      url: '/base/api/messagetemplate/create',
      token: people.xxadmin!.token,
      body: {
        name: '应用通知短信',
        event: 'appNotice',
        pushType: 'sms',
        title: '',
        content: '【{应用名称}】{标题}：{内容}',
        smsTemplateCode: 'SMS_APP_NOTICE',
      },
    })
    expect(sms, JSON.stringify(sms)).toMatchObject({ code: 0 })
    // The district's WeChat service account, with a template message for 应用通知, and its WeChat template.
    const account = await call(t, {
      url: '/base/api/mpApp/service/save',
      token: bureauToken,
      body: {
        platform: 'wx_mp',
        name: '示范区服务号',
        appId: 'wxDEMODISTRICT',
        appSecret: 'S3cretS3cretS3cretS3cret',
        apiBase: `http://127.0.0.1:${(wx.server.address() as AddressInfo).port}/`,
        templates: { appNotice: 'TPL_APP_NOTICE' },
      },
    })
    expect(account, JSON.stringify(account)).toMatchObject({ code: 0 })
    const wechat = await call(t, {
      url: '/base/api/messagetemplate/create',
      token: bureauToken,
      body: { name: '应用通知微信', event: 'appNotice', pushType: 'wechat', title: '{标题}', content: '{内容}' },
    })
    expect(wechat, JSON.stringify(wechat)).toMatchObject({ code: 0 })
    // She follows the service account: its web authorisation binds her openid.
    expect(
      await call(t, {
        url: '/base/api/message/bindWechat',
        token: people.xiaomingmama!.token,
        body: { code: 'MAMA-CODE' },
      }),
    ).toMatchObject({ code: 0 })

    const asked = await post<{ id: number }>('xiaomingmama', '/requests', {
      childSub: xiaoming,
      startDate: day(27),
      startHalf: 'am',
      endDate: day(27),
      endHalf: 'pm',
      type: 'personal',
      reason: '参加亲属婚礼',
    })
    expect(asked).toMatchObject({ code: 0 })
    const id = asked.data.id
    expect(await post('zhanglaoshi', `/requests/${id}/decide`, { approved: true, comment: '同意' })).toMatchObject({
      code: 0,
      data: { status: 'approved' },
    })
    expect(leave.hub.lastError).toBeNull()
    const link = `${appsUrl}/leave/#/request/${id}`
    // Her message centre has it, and the pushes of that message were queued with it.
    const pushes = () =>
      t.db.tenant(tenantId, (trx) =>
        trx
          .selectFrom('message_push')
          .innerJoin('message', 'message.id', 'message_push.message_id')
          .select([
            'message_push.channel',
            'message_push.target',
            'message_push.template_ref',
            'message_push.text',
            'message_push.params',
            'message_push.status',
          ])
          .where('message.account_id', '=', mamaAccount)
          .where('message.link', '=', link)
          .orderBy('message_push.channel')
          .execute(),
      )
    expect((await inbox('xiaomingmama'))[0]).toMatchObject({ title: '请假申请已批准', link })
    const queued = await pushes()
    expect(queued.map((p) => [p.channel, p.target, p.template_ref])).toEqual([
      ['sms', PHONE, 'SMS_APP_NOTICE'],
      ['wechat', 'OPENID-MAMA', 'TPL_APP_NOTICE'],
    ])
    const text = queued[0]!.text!
    expect(text.startsWith('【请假审批（测试）】请假申请已批准：')).toBe(true)
    expect(text).toContain('王小明')
    expect(queued[1]!.params).toMatchObject({ first: '请假申请已批准' })
    expect(String((queued[1]!.params as Record<string, string>).keyword1)).toContain('王小明')
    // The hub's dispatcher sends them after the commit: the SMS through the tenant's provider (the outbox), the
    // template message through the service account, linking to the request.
    await drainPushes(t.ctx)
    const deadline = Date.now() + 15_000
    while ((await pushes()).some((p) => p.status !== 1) && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 200))
    expect((await pushes()).map((p) => p.status)).toEqual([1, 1])
    const sent = wx.sends.filter((m) => m.touser === 'OPENID-MAMA')
    expect(sent).toHaveLength(1)
    expect(sent[0]).toMatchObject({
      template_id: 'TPL_APP_NOTICE',
      url: link,
      data: { first: { value: '请假申请已批准' } },
    })
  })
})

describe('a teacher asks leave for themself', () => {
  let settings: SettingsView
  let yuwen: number

  it('is refused while the school has set nobody to decide', async () => {
    settings = (await get<SettingsView>('xxadmin', '/settings')).data
    yuwen = settings.departments.find((d) => d.name === '语文教研组')!.id
    const none = await post('xxadmin', '/settings', {
      leaderSub: null,
      thresholdDays: 3,
      heads: settings.departments.map((d) => ({ departmentId: d.id, headSub: null })),
    })
    expect(none).toMatchObject({ code: 0 })
    const r = await post('zhanglaoshi', '/requests', {
      startDate: day(15),
      startHalf: 'am',
      endDate: day(16),
      endHalf: 'pm',
      type: 'personal',
      reason: '回老家处理家事',
    })
    expect(r).toMatchObject({ status: 400, msg: LeaveMsg.NO_APPROVER })
  })

  it('keeps 审批设置 for admins, with teachers of the school only', async () => {
    expect((await get('zhanglaoshi', '/settings')).status).toBe(403)
    expect(await post('zhanglaoshi', '/settings', { leaderSub: null, thresholdDays: 3, heads: [] })).toMatchObject({
      status: 403,
    })
    expect(
      await post('xxadmin', '/settings', { leaderSub: people.xiaoming!.v.sub, thresholdDays: 3, heads: [] }),
    ).toMatchObject({ status: 400 })
    expect(await post('xxadmin', '/settings', { leaderSub: null, thresholdDays: 0.3, heads: [] })).toMatchObject({
      status: 400,
    })
  })

  it('goes to the department head, then the leader above the threshold; each step is told', async () => {
    const saved = await post('xxadmin', '/settings', {
      leaderSub: people.xxadmin!.v.sub,
      thresholdDays: 3,
      heads: [{ departmentId: yuwen, headSub: people.lilaoshi!.v.sub }],
    })
    expect(saved).toMatchObject({ code: 0 })
    // Four days: above the threshold of three.
    const r = await post<{ id: number }>('zhanglaoshi', '/requests', {
      startDate: day(15),
      startHalf: 'am',
      endDate: day(18),
      endHalf: 'pm',
      type: 'personal',
      reason: '回老家处理家事',
    })
    expect(r).toMatchObject({ code: 0 })
    const id = r.data.id
    expect(notices.at(-1)).toMatchObject({ to: [people.lilaoshi!.v.sub], title: '待审批的请假申请' })
    expect(lastBadge(people.lilaoshi!.v.sub)).toBe(1)
    // The leader's turn has not come yet.
    expect(await post('xxadmin', `/requests/${id}/decide`, { approved: true })).toMatchObject({ status: 403 })
    expect(await post('lilaoshi', `/requests/${id}/decide`, { approved: true, comment: '同意' })).toMatchObject({
      code: 0,
      data: { status: 'pending' },
    })
    expect(notices.at(-1)).toMatchObject({ to: [people.xxadmin!.v.sub], title: '待审批的请假申请' })
    expect(lastBadge(people.lilaoshi!.v.sub)).toBe(0)
    expect(await portalDot('lilaoshi')).toBe(0)
    expect(await post('lilaoshi', `/requests/${id}/decide`, { approved: true })).toMatchObject({
      status: 400,
      msg: LeaveMsg.DECIDED,
    })
    expect(await post('xxadmin', `/requests/${id}/decide`, { approved: true })).toMatchObject({
      code: 0,
      data: { status: 'approved' },
    })
    expect(notices.at(-1)).toMatchObject({ to: [people.zhanglaoshi!.v.sub], title: '请假申请已批准' })
    const d = await get<RequestDetail>('zhanglaoshi', `/requests/${id}`)
    expect(d.data.steps.map((s) => [s.label, s.approved])).toEqual([
      ['部门负责人', true],
      ['学校领导', true],
    ])
  })

  it('stays with the department head up to the threshold', async () => {
    const r = await post<{ id: number }>('zhanglaoshi', '/requests', {
      startDate: day(25),
      startHalf: 'am',
      endDate: day(25),
      endHalf: 'pm',
      type: 'sick',
      reason: '看牙',
    })
    const d = await get<RequestDetail>('zhanglaoshi', `/requests/${r.data.id}`)
    expect(d.data.steps.map((s) => s.label)).toEqual(['部门负责人'])
    expect((await get<RequestView[]>('lilaoshi', '/requests/pending')).data.map((x) => x.id)).toEqual([r.data.id])
  })
})

describe('the school’s statistics', () => {
  it('are for admins only', async () => {
    expect((await get('zhanglaoshi', '/stats')).status).toBe(403)
    expect((await as('zhanglaoshi').fetch('/leave/api/stats/export')).status).toBe(403)
  })

  it('count approved leave by day, class and type over a range', async () => {
    const from = day(-95)
    const s = await get<LeaveStats>('xxadmin', `/stats?from=${from}&to=${day(20)}`)
    expect(s.code).toBe(0)
    expect(s.data.totals.requests).toBeGreaterThan(5)
    expect(s.data.byDay).toHaveLength(116)
    expect(s.data.byClass.some((c) => c.className === '三年级(2)班')).toBe(true)
    expect(s.data.byClass.at(-1)!.className).toBe('教职工')
    // Each breakdown adds up to the totals.
    const sum = (xs: { requests: number; days: number }[]) =>
      xs.reduce((n, x) => ({ requests: n.requests + x.requests, days: n.days + x.days }), { requests: 0, days: 0 })
    expect(sum(s.data.byType)).toEqual(s.data.totals)
    expect(sum(s.data.byClass)).toEqual(s.data.totals)
    expect(s.data.byDay.reduce((n, d) => n + d.days, 0)).toBe(s.data.totals.days)
    // 王小明's request (day 10 afternoon to day 11 afternoon, approved) is on days 10 and 11.
    const on = (d: string) => s.data.byDay.find((x) => x.date === d)!
    expect(on(day(10)).people).toBeGreaterThanOrEqual(1)
    expect((await get('xxadmin', `/stats?from=${day(2)}&to=${day(1)}`)).msg).toBe(LeaveMsg.END_BEFORE_START)
    // Default: this month.
    expect((await get<LeaveStats>('xxadmin', '/stats')).data.from).toBe(`${today.slice(0, 8)}01`)
  })

  it('export to a real .xlsx (sheet 请假统计) with names, class, type, dates, days and status', async () => {
    const child = (await get<HomeView>('xiaomingmama', '/home')).data.children[0]!.sub
    const formula = await post('xiaomingmama', '/requests', {
      childSub: child,
      startDate: day(21),
      startHalf: 'am',
      endDate: day(21),
      endHalf: 'am',
      type: 'other',
      reason: '=HYPERLINK("http://x.cn","点")',
    })
    expect(formula).toMatchObject({ code: 0 })
    const res = await as('xxadmin').fetch(`/leave/api/stats/export?from=${day(-95)}&to=${day(30)}`)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toContain('spreadsheetml')
    const book = new ExcelJS.Workbook()
    await book.xlsx.load(await res.arrayBuffer())
    const sheet = book.getWorksheet('请假统计')!
    expect(sheet.getRow(1).values).toEqual([undefined, '姓名', '班级', '类型', '开始', '结束', '天数', '状态', '事由'])
    const rows = sheet.getSheetValues().slice(2) as unknown[][]
    expect(rows.length).toBeGreaterThan(10)
    const wang = rows.find((r) => r[1] === '王小明' && r[5] === `${day(11)} 下午`)!
    expect(wang.slice(1, 8)).toEqual([
      '王小明',
      '三年级(2)班',
      '病假',
      `${day(10)} 下午`,
      `${day(11)} 下午`,
      1.5,
      '已批准',
    ])
    expect(rows.some((r) => r[7] === '已撤销')).toBe(true)
    // Formula-like text stays text (a string cell with the apostrophe that marks it), never a formula.
    expect(rows.find((r) => r[4] === `${day(21)} 上午`)![8]).toBe(`'=HYPERLINK("http://x.cn","点")`)
    expect(rows.some((r) => r[2] === '教职工')).toBe(true)
  })
})

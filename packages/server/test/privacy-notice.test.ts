import { ErrorCode, Msg, NoticeMsg, UserType } from '@zhixiao/shared'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { currentNoticeVersion } from '../src/modules/privacy-notice/notice-service.js'
import { call, createTestApp, loginToken, makeWorld, staffOf, type Staff, type TestApp, type World } from './helpers.js'
import { latestCode } from './sms-helpers.js'

/**
 * The tenant's versioned notices and the version accepted at sign-up (issue 26 point 7, docs/privacy.md "Privacy
 * notice and annual audit"): only the top org's admin publishes; a published version never changes; the login page
 * reads the current version of its own tenant without a session; sign-up records the version it showed.
 */
let t: TestApp
let w: World
let s: Staff
let other: World
let otherAdmin: string
let phoneSeq = 0
const newPhone = () => `137${String(process.pid % 10000).padStart(4, '0')}${String(++phoneSeq).padStart(4, '0')}`
const N = '/base/api/privacyNotice'
const A = '/base/api/auth'

const current = (kind: string, tenantId: number) => call(t, { url: `${N}/current?kind=${kind}&tenantId=${tenantId}` })
const saveDraft = (token: string, body: Record<string, unknown>) => call(t, { url: `${N}/saveDraft`, token, body })
const publish = (token: string, kind: string) => call(t, { url: `${N}/publish`, token, body: { kind } })

async function publishVersion(token: string, kind: string, title: string, body: string) {
  const d = await saveDraft(token, { kind, title, body })
  expect(d.code, d.msg).toBe(0)
  const p = await publish(token, kind)
  expect(p.code, p.msg).toBe(0)
  return p.data as { id: number; version: number }
}

/** Code → ticket; then signUp/v2 with `extra` in its body. */
async function signUp(extra: Record<string, unknown>) {
  const phone = newPhone()
  const ip = `10.9.${phoneSeq % 250}.${(phoneSeq * 3) % 250}`
  const sent = await call(t, { url: `${A}/smsSender/signup/v2`, body: { phone, orgId: w.schoolId }, ip })
  expect(sent.code, sent.msg).toBe(0)
  const code = await latestCode(t, w.tenantId)
  const v = await call(t, { url: `${A}/smsVerifyCode/signup`, body: { phone, smsCode: code, orgId: w.schoolId } })
  expect(v.code, v.msg).toBe(0)
  const made = await call(t, {
    url: `${A}/signUp/v2`,
    body: { signupTicket: v.data.signupTicket, trueName: '周家长', password: 'Parent2026a', ...extra },
  })
  return { phone, made }
}

const acceptedOf = (phone: string) =>
  t.db.tenant(w.tenantId, async (trx) => {
    const r = await sql<{ kind: string; version: number }>`
      SELECT a.kind, a.version FROM privacy_notice_acceptance a JOIN account c ON c.id = a.account_id
      WHERE c.phone = ${phone} ORDER BY a.kind`.execute(trx)
    return r.rows
  })

beforeAll(async () => {
  t = await createTestApp()
  w = await makeWorld(t)
  s = await staffOf(t, w)
  other = await makeWorld(t)
  otherAdmin = (await staffOf(t, other)).bureauAdmin
}, 120_000)
afterAll(() => t.close())

describe('notices', () => {
  it('a tenant with none answers null; the top admin publishes v1, then v2, and the login page reads the newest', async () => {
    expect((await current('privacy', w.tenantId)).data).toBeNull()
    expect(await currentNoticeVersion(t.ctx, w.tenantId, 'privacy')).toBe('v0')
    const v1 = await publishVersion(s.bureauAdmin, 'privacy', '隐私政策', '<p>第一版</p>')
    expect(v1.version).toBe(1)
    const v2 = await publishVersion(s.bureauAdmin, 'privacy', '隐私政策（修订）', '<p>第二版</p>')
    expect(v2.version).toBe(2)
    const now = await current('privacy', w.tenantId)
    expect(now.code).toBe(0)
    expect(now.data).toMatchObject({ kind: 'privacy', version: 2, title: '隐私政策（修订）', body: '<p>第二版</p>' })
    expect(now.data.publishedAt).toMatch(/^\d{4}-\d{2}-\d{2} /)
    expect(await currentNoticeVersion(t.ctx, w.tenantId, 'privacy')).toBe('v2')
    // The tenant is also found from the login page's ?orgId= and from its tenantId header.
    expect((await call(t, { url: `${N}/current?kind=privacy&orgId=${w.schoolId}` })).data.version).toBe(2)
    const byHeader = await call(t, { url: `${N}/current?kind=privacy`, headers: { tenantId: String(w.tenantId) } })
    expect(byHeader.data.version).toBe(2)
    // Another tenant's page sees nothing of this one.
    expect((await current('privacy', other.tenantId)).data).toBeNull()
    expect((await call(t, { url: `${N}/versions?tenantId=${other.tenantId}` })).data).toEqual([])
    const versions = await call(t, { url: `${N}/versions?tenantId=${w.tenantId}` })
    expect(versions.data).toEqual([{ kind: 'privacy', version: 2, title: '隐私政策（修订）' }])
  })

  it('only the top org admin writes: a school admin and a teacher are refused, and nothing is written', async () => {
    const before = (await call(t, { url: `${N}/list`, token: s.bureauAdmin })).data.length
    const school = await saveDraft(s.schoolAdmin, { kind: 'terms', title: '服务条款', body: '<p>x</p>' })
    expect(school.code).toBe(ErrorCode.FORBIDDEN)
    expect(school.msg).toBe(Msg.TOP_ORG_ONLY)
    expect((await publish(s.schoolAdmin, 'privacy')).code).toBe(ErrorCode.FORBIDDEN)
    expect((await saveDraft(s.teacher, { kind: 'terms', title: '服务条款', body: '<p>x</p>' })).code).toBe(
      ErrorCode.FORBIDDEN,
    )
    // Without a session: 401, even for the read of the admin list.
    expect((await call(t, { url: `${N}/list` })).code).toBe(ErrorCode.UNAUTHORIZED)
    expect((await call(t, { url: `${N}/list`, token: s.bureauAdmin })).data.length).toBe(before)
  })

  it('a published version is immutable: an edit is a draft, the database refuses an update or a delete', async () => {
    const v = await publishVersion(s.bureauAdmin, 'terms', '服务条款', '<p>条款一</p>')
    const draft = await saveDraft(s.bureauAdmin, { kind: 'terms', title: '服务条款', body: '<p>条款二</p>' })
    expect(draft.data).toMatchObject({ version: null, publishedAt: null })
    expect(draft.data.id).not.toBe(v.id)
    // The current version is still the published text until the draft is published.
    expect((await current('terms', w.tenantId)).data.body).toBe('<p>条款一</p>')
    await expect(
      t.db.tenant(w.tenantId, (trx) =>
        trx.updateTable('privacy_notice').set({ body: 'changed' }).where('id', '=', v.id).execute(),
      ),
    ).rejects.toThrow(/immutable/)
    await expect(
      t.db.tenant(w.tenantId, (trx) => trx.deleteFrom('privacy_notice').where('id', '=', v.id).execute()),
    ).rejects.toThrow(/immutable/)
    // Deleting the draft leaves the version; publishing with no draft is a clear 404.
    expect((await call(t, { url: `${N}/deleteDraft`, token: s.bureauAdmin, body: { kind: 'terms' } })).code).toBe(0)
    const none = await publish(s.bureauAdmin, 'terms')
    expect(none.code).toBe(ErrorCode.NOT_FOUND)
    expect(none.msg).toBe(NoticeMsg.NO_DRAFT)
    expect((await call(t, { url: `${N}/detail?id=${v.id}`, token: s.bureauAdmin })).data.body).toBe('<p>条款一</p>')
    // Another tenant's version is not found by id.
    expect((await call(t, { url: `${N}/detail?id=${v.id}`, token: otherAdmin })).code).toBe(ErrorCode.NOT_FOUND)
  })

  it('the body is cleaned by the allow-list; bad input is refused with a clear message', async () => {
    const d = await saveDraft(s.bureauAdmin, {
      kind: 'children',
      title: '儿童个人信息保护规则',
      body: '<p onclick="x()">规则</p><script>alert(1)</script><a href="javascript:alert(1)">链接</a>',
    })
    expect(d.code, d.msg).toBe(0)
    expect(d.data.body).toBe('<p>规则</p><a>链接</a>')
    const bad = await saveDraft(s.bureauAdmin, { kind: 'cookies', title: 'x', body: 'x' })
    expect(bad.code).toBe(ErrorCode.BAD_REQUEST)
    expect(bad.msg).toBe(NoticeMsg.KIND)
    const empty = await saveDraft(s.bureauAdmin, { kind: 'children', title: '', body: '<p>x</p>' })
    expect(empty.code).toBe(ErrorCode.BAD_REQUEST)
    expect(empty.msg).toBe(NoticeMsg.TITLE)
    const script = await saveDraft(s.bureauAdmin, { kind: 'children', title: '规则', body: '<script>x</script>' })
    expect(script.code).toBe(ErrorCode.BAD_REQUEST)
    expect(script.msg).toBe(NoticeMsg.BODY)
    expect((await call(t, { url: `${N}/deleteDraft`, token: s.bureauAdmin, body: { kind: 'children' } })).code).toBe(0)
  })
})

describe('the accepted version at sign-up', () => {
  it('records the versions the form sent; the personal centre lists them', async () => {
    const { phone, made } = await signUp({
      acceptedNotices: [
        { kind: 'privacy', version: 2 },
        { kind: 'terms', version: 1 },
      ],
    })
    expect(made.code, made.msg).toBe(0)
    expect(await acceptedOf(phone)).toEqual([
      { kind: 'privacy', version: 2 },
      { kind: 'terms', version: 1 },
    ])
  })

  it('a stale version (a newer one published while the form was open) refuses the sign-up and writes nothing', async () => {
    const { phone, made } = await signUp({ acceptedNotices: [{ kind: 'privacy', version: 1 }] })
    expect(made.code).toBe(ErrorCode.CONFLICT)
    expect(made.msg).toBe(NoticeMsg.STALE)
    expect(await acceptedOf(phone)).toEqual([])
    const account = await t.db.tenant(w.tenantId, (trx) =>
      trx.selectFrom('account').select('id').where('phone', '=', phone).executeTakeFirst(),
    )
    expect(account).toBeUndefined()
  })

  it('without versions in the body, the current ones are recorded (the form says 注册即表示同意)', async () => {
    const { phone, made } = await signUp({})
    expect(made.code, made.msg).toBe(0)
    expect(await acceptedOf(phone)).toEqual([
      { kind: 'privacy', version: 2 },
      { kind: 'terms', version: 1 },
    ])
  })

  it('myAcceptances answers the signed-in account its own versions, superseded once a newer one is out', async () => {
    const { phone, made } = await signUp({})
    expect(made.code, made.msg).toBe(0)
    await publishVersion(s.bureauAdmin, 'privacy', '隐私政策（第三版）', '<p>第三版</p>')
    // The signed-up parent gets a membership so they can sign in, then reads their versions.
    const userName = made.data.userName as string
    await t.db.tenant(w.tenantId, async (trx) => {
      const acc = await trx.selectFrom('account').select('id').where('phone', '=', phone).executeTakeFirstOrThrow()
      await trx
        .insertInto('user_info')
        .values({ account_id: acc.id, org_id: w.schoolId, user_type: UserType.PARENT, true_name: '周家长' })
        .execute()
    })
    const token = await loginToken(t, userName, 'Parent2026a')
    const mine = await call(t, { url: `${N}/myAcceptances`, token })
    expect(mine.code, mine.msg).toBe(0)
    const byKind = Object.fromEntries((mine.data as { kind: string }[]).map((r) => [r.kind, r]))
    expect(byKind.privacy).toMatchObject({ version: 2, title: '隐私政策（修订）', superseded: true })
    expect(byKind.terms).toMatchObject({ version: 1, superseded: false })
  })
})

import { UserType } from '@zhixiao/shared'
import { createHmac } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { subjectFor } from '../src/modules/app-clients/hub-client.js'
import { pruneWebhookHistory, runWebhooks, webhookPass } from '../src/modules/webhooks/dispatch.js'
import { pruneHistory } from '../src/modules/webhooks/queries.js'
import { makeHubWorld, receiver, registerApp, saveClient, type HubWorld } from './hub-fixtures.js'
import { call, createTestApp, makePerson, makeWorld, staffOf, type TestApp } from './helpers.js'

/**
 * Change webhooks (issue 24 point 5; docs/open-platform.md "Webhooks"): an admin's change through the real people
 * API reaches the subscribed app as a signed event; failures are retried after the backoff; the delivery log lists
 * the attempts and replays; apps receive only their own tenant's events they subscribed to, exactly once.
 */
let t: TestApp
let hw: HubWorld
let otherClass: number
type Receiver = Awaited<ReturnType<typeof receiver>>
const receivers: Receiver[] = []
const S = '/base/api/userInfo/studentInfo'
const W = '/base/api/app/webhook'

async function newReceiver(answer?: Parameters<typeof receiver>[0]) {
  const r = await receiver(answer)
  receivers.push(r)
  return r
}

/** A registered app with a confidential OIDC client; answers its id, client id and secret. */
async function confidentialApp(name: string, scopes = ['profile', 'zx:identity']) {
  const appId = await registerApp(t, hw.w.tenantId, name)
  const saved = await saveClient(t, hw.staff.bureauAdmin, {
    appId,
    protocol: 'oidc',
    redirectUris: [`https://${appId}.example.com/cb`],
    scopes,
  })
  return { appId, clientId: saved.client.clientId, secret: saved.secret!.clientSecret }
}

async function subscribe(appId: number, url: string, events: string[], token = hw.staff.bureauAdmin) {
  return call(t, { url: `${W}/save`, body: { appId, url, events, enabled: true }, token })
}

async function moveStudent(to: number) {
  const r = await call(t, {
    url: `${S}/changeClass`,
    token: hw.staff.schoolAdmin,
    body: { ids: [hw.student.userInfoId], classId: to },
  })
  expect(r.code, r.msg).toBe(0)
}

const deliveriesOf = async (appId: number) => {
  const r = await call(t, { url: `${W}/deliveries?appId=${appId}&pageSize=100`, token: hw.staff.bureauAdmin })
  expect(r.code, r.msg).toBe(0)
  return r.data as {
    list: {
      id: number
      event: string
      status: string
      attempts: number
      lastStatus: number | null
      lastError: string | null
    }[]
    total: number
  }
}

const parse = (body: string) =>
  JSON.parse(body) as {
    id: string
    event: string
    occurred_at: string
    tenant_id: number
    data: Record<string, unknown>
  }

/** What a receiver does: recompute the signature over "timestamp.body" with the client secret. */
function verify(secret: string, got: { headers: Record<string, unknown>; body: string }) {
  const ts = String(got.headers['x-zhixiao-timestamp'])
  const expected = `v1=${createHmac('sha256', secret).update(`${ts}.${got.body}`).digest('hex')}`
  return got.headers['x-zhixiao-signature'] === expected
}

beforeAll(async () => {
  t = await createTestApp()
  hw = await makeHubWorld(t)
  otherClass = await t.db.tenant(hw.w.tenantId, async (trx) => {
    const c = await trx
      .insertInto('school_class')
      .values({ org_id: hw.w.schoolId, grade_id: hw.gradeId, name: '一年级(2)班', code: null, archived_at: null })
      .returning('id')
      .executeTakeFirstOrThrow()
    return c.id
  })
  // The world's own setup is history no app subscribed to.
  await runWebhooks(t.ctx)
}, 60_000)

afterAll(async () => {
  for (const r of receivers) await r.close()
  await t?.close()
})

describe('subscribing (应用管理 › 回调)', () => {
  it('refuses a school admin and a teacher (the subscription acts for the whole tenant)', async () => {
    const { appId } = await confidentialApp('作业系统')
    const rx = await newReceiver()
    for (const token of [hw.staff.schoolAdmin, hw.staff.teacher]) {
      expect((await subscribe(appId, `${rx.base}/hook`, ['person.changed'], token)).status).toBe(403)
      expect((await call(t, { url: `${W}/get?appId=${appId}`, token })).status).toBe(403)
    }
    expect((await call(t, { url: `${W}/get?appId=${appId}`, token: hw.staff.bureauAdmin })).data).toBeNull()
  })

  it('refuses an app without a client secret, a bad URL and an unknown event', async () => {
    const publicApp = await registerApp(t, hw.w.tenantId, '公开客户端应用')
    await saveClient(t, hw.staff.bureauAdmin, {
      appId: publicApp,
      protocol: 'oidc',
      publicClient: true,
      redirectUris: ['https://p.example.com/cb'],
    })
    const noSecret = await subscribe(publicApp, 'https://p.example.com/hook', ['person.changed'])
    expect(noSecret.code).not.toBe(0)
    expect(noSecret.msg).toContain('客户端密钥')
    const bare = await registerApp(t, hw.w.tenantId, '未接入应用')
    expect((await subscribe(bare, 'https://p.example.com/hook', [])).msg).toContain('客户端密钥')

    const { appId } = await confidentialApp('考勤系统')
    const ftp = await subscribe(appId, 'ftp://x.example.com/hook', ['person.changed'])
    expect(ftp.code).not.toBe(0)
    const js = await subscribe(appId, 'javascript:alert(1)', ['person.changed'])
    expect(js.code).not.toBe(0)
    const unknown = await subscribe(appId, 'https://x.example.com/hook', ['person.deleted'])
    expect(unknown.code).not.toBe(0)
    const ok = await subscribe(appId, 'https://x.example.com/hook', ['person.changed', 'org.changed'])
    expect(ok.code, ok.msg).toBe(0)
    // Guardian events name who is whose parent: only for an app granted zx:guardian.
    const guardian = await subscribe(appId, 'https://x.example.com/hook', ['guardian.bound'])
    expect(guardian.code).not.toBe(0)
    expect(guardian.msg).toContain('zx:guardian')
    const got = await call(t, { url: `${W}/get?appId=${appId}`, token: hw.staff.bureauAdmin })
    expect(got.data).toEqual({
      appId,
      url: 'https://x.example.com/hook',
      events: ['person.changed', 'org.changed'],
      enabled: true,
    })
  })
})

describe('delivery', () => {
  let app: Awaited<ReturnType<typeof confidentialApp>>
  let rx: Receiver
  let guardianOnly: Receiver
  let guardianApp: Awaited<ReturnType<typeof confidentialApp>>
  let flaky: Receiver
  let flakyApp: Awaited<ReturnType<typeof confidentialApp>>
  let failOnce = true

  beforeAll(async () => {
    app = await confidentialApp('成绩系统')
    rx = await newReceiver()
    expect((await subscribe(app.appId, `${rx.base}/hook`, ['person.changed', 'class.changed'])).code).toBe(0)
    // An app subscribed to guardian events only: a class move is none of its business.
    guardianApp = await confidentialApp('家校通', ['profile', 'zx:guardian'])
    guardianOnly = await newReceiver()
    expect((await subscribe(guardianApp.appId, `${guardianOnly.base}/hook`, ['guardian.bound'])).code).toBe(0)
    // An app whose endpoint fails its first answer.
    flakyApp = await confidentialApp('图书馆', ['profile'])
    flaky = await newReceiver(() => {
      if (failOnce) {
        failOnce = false
        return 500
      }
      return 200
    })
    expect((await subscribe(flakyApp.appId, `${flaky.base}/hook`, ['person.changed'])).code).toBe(0)
  })

  it('an admin moving a student to another class delivers a signed person.changed', async () => {
    await moveStudent(otherClass)
    await runWebhooks(t.ctx)
    const events = rx.got.filter((g) => g.headers['x-zhixiao-event'] === 'person.changed')
    expect(events).toHaveLength(1)
    const got = events[0]!
    expect(verify(app.secret, got)).toBe(true)
    expect(verify('another-secret', got)).toBe(false)
    const body = parse(got.body)
    const sub = subjectFor(
      t.ctx,
      { tenantId: hw.w.tenantId, clientId: app.clientId, subjectType: 'pairwise' },
      hw.student.userInfoId,
    )
    expect(body).toMatchObject({
      event: 'person.changed',
      tenant_id: hw.w.tenantId,
      data: { sub, user_type: UserType.STUDENT, org_id: hw.w.schoolId },
    })
    // The pairwise subject, never the portal's own id.
    expect(sub).not.toBe(String(hw.student.userInfoId))
    expect(Number(got.headers['x-zhixiao-timestamp'])).toBe(Math.floor(t.clock.now().getTime() / 1000))
    const log = await deliveriesOf(app.appId)
    const mine = log.list.find((d) => String(d.id) === got.headers['x-zhixiao-delivery'])
    expect(mine).toMatchObject({ event: 'person.changed', status: 'delivered', attempts: 1, lastStatus: 200 })
    // The per-app access log records the attempt.
    const access = await call(t, {
      url: `/base/api/app/client/accessLog?appId=${app.appId}`,
      token: hw.staff.bureauAdmin,
    })
    expect(
      access.data.list.some(
        (l: { kind: string; detail: string }) => l.kind === 'webhook' && l.detail.includes('person.changed'),
      ),
    ).toBe(true)
  })

  it('an app without the event subscribed gets nothing', async () => {
    expect(guardianOnly.got).toHaveLength(0)
  })

  it('a receiver answering 500 gets the retry after the backoff, then it is delivered; the log lists both attempts', async () => {
    const first = flaky.got.filter((g) => g.headers['x-zhixiao-event'] === 'person.changed')
    expect(first).toHaveLength(1)
    // Without zx:identity the app learns who changed, not their user type or school.
    expect(Object.keys(parse(first[0]!.body).data)).toEqual(['sub'])
    let log = await deliveriesOf(flakyApp.appId)
    expect(log.list[0]).toMatchObject({ status: 'pending', attempts: 1, lastStatus: 500 })
    // Not due before the backoff has passed.
    await runWebhooks(t.ctx)
    expect(flaky.got).toHaveLength(1)
    t.clock.advance(31_000)
    await runWebhooks(t.ctx)
    expect(flaky.got).toHaveLength(2)
    expect(flaky.got[1]!.body).toBe(flaky.got[0]!.body)
    expect(flaky.got[1]!.headers['x-zhixiao-delivery']).toBe(flaky.got[0]!.headers['x-zhixiao-delivery'])
    expect(verify(flakyApp.secret, flaky.got[1]!)).toBe(true)
    log = await deliveriesOf(flakyApp.appId)
    expect(log.list[0]).toMatchObject({ status: 'delivered', attempts: 2, lastStatus: 200 })
    const access = await call(t, {
      url: `/base/api/app/client/accessLog?appId=${flakyApp.appId}`,
      token: hw.staff.bureauAdmin,
    })
    const attempts = access.data.list.filter((l: { kind: string }) => l.kind === 'webhook')
    expect(attempts.map((l: { detail: string }) => l.detail.split(' ').pop())).toEqual(['200', '500'])
  })

  it('a class rename is class.changed; binding a parent is guardian.bound with the child and guardians', async () => {
    const before = rx.got.length
    await t.db.tenant(hw.w.tenantId, (trx) =>
      trx.updateTable('school_class').set({ name: '一年级(2)班·新' }).where('id', '=', otherClass).execute(),
    )
    const mum = await makePerson(t, hw.w.tenantId, {
      trueName: '李妈妈',
      memberships: [{ orgId: hw.w.schoolId, userType: UserType.PARENT, roleIds: [] }],
    })
    await t.db.tenant(hw.w.tenantId, (trx) =>
      trx
        .insertInto('parent_child')
        .values({ parent_id: mum.userInfoIds[0]!, child_id: hw.student.userInfoId, relation: '母亲' })
        .execute(),
    )
    await runWebhooks(t.ctx)
    const fresh = rx.got.slice(before).map((g) => parse(g.body))
    expect(fresh.map((b) => b.event)).toEqual(['class.changed'])
    expect(fresh[0]!.data).toMatchObject({ class_id: otherClass, org_id: hw.w.schoolId, change: 'update' })
    expect(guardianOnly.got).toHaveLength(1)
    const bound = guardianOnly.got[0]!
    expect(bound.headers['x-zhixiao-event']).toBe('guardian.bound')
    const client = { tenantId: hw.w.tenantId, clientId: guardianApp.clientId, subjectType: 'pairwise' as const }
    expect(parse(bound.body).data).toEqual({
      child: subjectFor(t.ctx, client, hw.student.userInfoId),
      guardians: [
        { sub: subjectFor(t.ctx, client, hw.parent.userInfoId), relation: '父亲' },
        { sub: subjectFor(t.ctx, client, mum.userInfoIds[0]!), relation: '母亲' },
      ],
    })
    expect(verify(guardianApp.secret, bound)).toBe(true)
  })

  it('replay sends the delivery again with the same event id', async () => {
    const log = await deliveriesOf(app.appId)
    const d = log.list.find((x) => x.event === 'person.changed')!
    const before = rx.got.length
    const r = await call(t, { url: `${W}/replay`, body: { id: d.id }, token: hw.staff.bureauAdmin })
    expect(r.code, r.msg).toBe(0)
    await runWebhooks(t.ctx)
    expect(rx.got).toHaveLength(before + 1)
    const again = rx.got.at(-1)!
    expect(again.headers['x-zhixiao-delivery']).toBe(String(d.id))
    expect(parse(again.body).id).toBe(
      parse(rx.got.find((g) => g.headers['x-zhixiao-delivery'] === String(d.id))!.body).id,
    )
    expect(verify(app.secret, again)).toBe(true)
    // A delivery of another tenant (or none) is not found.
    const missing = await call(t, { url: `${W}/replay`, body: { id: 99_999_999 }, token: hw.staff.bureauAdmin })
    expect(missing.code).not.toBe(0)
  })

  it('the test button sends a signed ping', async () => {
    const r = await call(t, { url: `${W}/test`, body: { appId: app.appId }, token: hw.staff.bureauAdmin })
    expect(r.code, r.msg).toBe(0)
    await runWebhooks(t.ctx)
    const ping = rx.got.find((g) => g.headers['x-zhixiao-delivery'] === String(r.data))
    expect(ping?.headers['x-zhixiao-event']).toBe('ping')
    expect(verify(app.secret, ping!)).toBe(true)
  })

  it("a foreign tenant's changes never reach this app", async () => {
    const before = rx.got.length
    const logBefore = (await deliveriesOf(app.appId)).total
    const foreign = await makeWorld(t)
    const fStaff = await staffOf(t, foreign)
    const p = await makePerson(t, foreign.tenantId, {
      trueName: '外区学生',
      memberships: [{ orgId: foreign.schoolId, userType: UserType.STUDENT, roleIds: [] }],
    })
    await runWebhooks(t.ctx)
    // One statement changes a person of each tenant, so both changes sit in one batch of the feed.
    await t.db.platform((trx) =>
      trx
        .updateTable('user_info')
        .set({ remark: '改' })
        .where('id', 'in', [p.userInfoIds[0]!, hw.teacher.userInfoId])
        .execute(),
    )
    await runWebhooks(t.ctx)
    const fresh = rx.got.slice(before).map((g) => parse(g.body))
    expect(fresh).toHaveLength(1)
    expect(fresh[0]).toMatchObject({ event: 'person.changed', tenant_id: hw.w.tenantId })
    expect((await deliveriesOf(app.appId)).total).toBe(logBefore + 1)
    // The foreign tenant cannot read or replay this tenant's deliveries either.
    const fLog = await call(t, { url: `${W}/deliveries?appId=${app.appId}`, token: fStaff.bureauAdmin })
    expect(fLog.code).not.toBe(0)
    const d = (await deliveriesOf(app.appId)).list[0]!
    const fReplay = await call(t, { url: `${W}/replay`, body: { id: d.id }, token: fStaff.bureauAdmin })
    expect(fReplay.code).not.toBe(0)
  })

  it('two workers running a pass at once deliver each event exactly once', async () => {
    const before = rx.got.length
    const people = await Promise.all(
      ['甲', '乙', '丙', '丁', '戊'].map((n) =>
        makePerson(t, hw.w.tenantId, {
          trueName: `学生${n}`,
          memberships: [{ orgId: hw.w.schoolId, userType: UserType.STUDENT, roleIds: [] }],
        }),
      ),
    )
    await runWebhooks(t.ctx) // their creation is person.added, which the app did not subscribe to
    expect(rx.got).toHaveLength(before)
    for (const p of people) {
      await t.db.tenant(hw.w.tenantId, (trx) =>
        trx.updateTable('user_info').set({ remark: '转学' }).where('id', '=', p.userInfoIds[0]!).execute(),
      )
    }
    await Promise.all([webhookPass(t.ctx), webhookPass(t.ctx)])
    await runWebhooks(t.ctx) // the background worker's pass, if one was running, has ended too
    const fresh = rx.got.slice(before)
    expect(fresh).toHaveLength(5)
    expect(new Set(fresh.map((g) => g.headers['x-zhixiao-delivery'])).size).toBe(5)
    const subs = fresh.map((g) => parse(g.body).data.sub)
    expect(new Set(subs).size).toBe(5)
  })

  it('an app listening only for changes hears a person added and changed in one batch as person.changed', async () => {
    const app = await confidentialApp('只听变更')
    const only = await newReceiver()
    expect((await subscribe(app.appId, `${only.base}/hook`, ['person.changed'])).code).toBe(0)
    await runWebhooks(t.ctx)
    // One transaction: the add and the change reach the feed together, so they fold into one event.
    const id = await t.db.tenant(hw.w.tenantId, async (trx) => {
      const acc = await trx
        .selectFrom('user_info')
        .select('account_id')
        .where('id', '=', hw.student.userInfoId)
        .executeTakeFirstOrThrow()
      const row = await trx
        .insertInto('user_info')
        .values({
          account_id: acc.account_id,
          org_id: hw.w.school2Id,
          user_type: UserType.STUDENT,
          true_name: '李小明',
        })
        .returning('id')
        .executeTakeFirstOrThrow()
      await trx.updateTable('user_info').set({ remark: '借读' }).where('id', '=', row.id).execute()
      return row.id
    })
    await runWebhooks(t.ctx)
    const mine = only.got.map((g) => parse(g.body)).filter((b) => b.event !== 'ping')
    expect(mine.map((b) => b.event)).toEqual(['person.changed'])
    expect(mine[0]!.data.sub).toBe(
      subjectFor(t.ctx, { tenantId: hw.w.tenantId, clientId: app.clientId, subjectType: 'pairwise' }, id),
    )
  })
})

describe('org changes and a suspended app', () => {
  it('renaming a school and adding one deliver org.changed to an app subscribed to it', async () => {
    const app = await confidentialApp('校园地图', ['profile'])
    const rx = await newReceiver()
    expect((await subscribe(app.appId, `${rx.base}/hook`, ['org.changed'])).code).toBe(0)
    await runWebhooks(t.ctx)
    const renamed = await call(t, {
      url: '/base/api/organizationUnit/update',
      body: { orgId: hw.w.school2Id, name: '测试二中（新校区）' },
      token: hw.staff.bureauAdmin,
    })
    expect(renamed.code, renamed.msg).toBe(0)
    const added = await call(t, {
      url: '/base/api/organizationUnit/add',
      body: { parentId: hw.w.bureauId, name: '测试三小', unitAttr: 8, appType: 1 },
      token: hw.staff.bureauAdmin,
    })
    expect(added.code, added.msg).toBe(0)
    const newOrg = added.data as number
    await runWebhooks(t.ctx)
    const bodies = rx.got.map((g) => parse(g.body))
    expect(bodies.every((b) => b.event === 'org.changed')).toBe(true)
    expect(bodies.map((b) => b.data)).toEqual(
      expect.arrayContaining([
        { org_id: hw.w.school2Id, change: 'update' },
        { org_id: newOrg, change: 'insert' },
      ]),
    )
    for (const g of rx.got) {
      expect(g.headers['x-zhixiao-event']).toBe('org.changed')
      expect(verify(app.secret, g)).toBe(true)
    }
    expect(bodies.every((b) => b.tenant_id === hw.w.tenantId)).toBe(true)
  })

  it("a suspended app's pending delivery ends as failed without a request, and nothing is sent to it after", async () => {
    const app = await confidentialApp('食堂系统', ['profile'])
    const rx = await newReceiver(() => 500)
    expect((await subscribe(app.appId, `${rx.base}/hook`, ['person.changed'])).code).toBe(0)
    await runWebhooks(t.ctx)
    const touch = (remark: string) =>
      t.db.tenant(hw.w.tenantId, (trx) =>
        trx.updateTable('user_info').set({ remark }).where('id', '=', hw.teacher.userInfoId).execute(),
      )
    await touch('停用前')
    await runWebhooks(t.ctx)
    // The receiver answered 500: the delivery waits for its retry.
    expect(rx.got).toHaveLength(1)
    const [pending] = (await deliveriesOf(app.appId)).list
    expect(pending).toMatchObject({ event: 'person.changed', status: 'pending', attempts: 1, lastStatus: 500 })

    const s = await call(t, {
      url: '/base/api/app/client/suspend',
      body: { appId: app.appId },
      token: hw.staff.bureauAdmin,
    })
    expect(s.code, s.msg).toBe(0)
    t.clock.advance(31_000)
    await runWebhooks(t.ctx)
    // Due again, it ends: failed, with the reason, and no request was made.
    expect(rx.got).toHaveLength(1)
    const log = await deliveriesOf(app.appId)
    expect(log.total).toBe(1)
    expect(log.list[0]).toMatchObject({
      id: pending!.id,
      status: 'failed',
      attempts: 2,
      lastStatus: null,
      lastError: 'app suspended',
    })

    // A change after the suspension queues nothing for the app and sends nothing, however long one waits.
    await touch('停用后')
    await runWebhooks(t.ctx)
    for (const wait of [31_000, 7 * 3_600_000]) {
      t.clock.advance(wait)
      await runWebhooks(t.ctx)
    }
    expect(rx.got).toHaveLength(1)
    expect((await deliveriesOf(app.appId)).total).toBe(1)
  })
})

describe('a tenant without subscribers', () => {
  it('costs the fan-out nothing, and its first subscriber starts from now rather than a backlog', async () => {
    const quiet = await makeWorld(t)
    const quietStaff = await staffOf(t, quiet)
    await makePerson(t, quiet.tenantId, {
      trueName: '旧学生',
      memberships: [{ orgId: quiet.schoolId, userType: UserType.STUDENT, roleIds: [] }],
    })
    const pending = () =>
      t.db.tenant(quiet.tenantId, (trx) =>
        trx.selectFrom('directory_change').select('seq').where('fanned_out', '=', false).execute(),
      )
    await runWebhooks(t.ctx)
    // Nobody listens in this tenant: its changes are not read (and stay for the directory's deltas).
    expect((await pending()).length).toBeGreaterThan(0)

    const appId = await registerApp(t, quiet.tenantId, '首个订阅')
    await saveClient(t, quietStaff.bureauAdmin, {
      appId,
      protocol: 'oidc',
      redirectUris: ['https://first.example.com/cb'],
      scopes: ['profile'],
    })
    const rx = await newReceiver()
    const saved = await call(t, {
      url: `${W}/save`,
      body: { appId, url: `${rx.base}/hook`, events: ['person.added'], enabled: true },
      token: quietStaff.bureauAdmin,
    })
    expect(saved.code, saved.msg).toBe(0)
    expect(await pending()).toEqual([])
    await makePerson(t, quiet.tenantId, {
      trueName: '新学生',
      memberships: [{ orgId: quiet.schoolId, userType: UserType.STUDENT, roleIds: [] }],
    })
    await runWebhooks(t.ctx)
    const events = rx.got.map((g) => parse(g.body).event)
    expect(events).toEqual(['person.added'])
  })
})

describe('pruning', () => {
  const countWhere = (table: 'directory_change' | 'webhook_delivery', col: string, v: unknown) =>
    t.db.platform(async (trx) =>
      Number(
        (
          await trx
            .selectFrom(table)
            // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a column of either table
            .where(col as any, '=', v)
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      ),
    )

  it('never drops an unfanned change, however old', async () => {
    const old = new Date(t.clock.now().getTime() - 400 * 86_400_000)
    // One transaction, rolled back at its end: the background worker can neither fan the row out between its insert
    // and the prune nor later, when an old fanned-out row would count in the next test's prune.
    let left: { seq: number }[] = []
    const rolledBack = new Error('roll back')
    const outcome = t.db.platform(async (trx) => {
      const [kept, gone] = await trx
        .insertInto('directory_change')
        .values([
          { tenant_id: hw.w.tenantId, entity: 'person', entity_id: hw.teacher.userInfoId, action: 'update', at: old },
          {
            tenant_id: hw.w.tenantId,
            entity: 'person',
            entity_id: hw.teacher.userInfoId,
            action: 'update',
            at: old,
            fanned_out: true,
          },
        ])
        .returning('seq')
        .execute()
      await pruneHistory(trx, new Date(t.clock.now().getTime() - 90 * 86_400_000), new Date(0))
      left = await trx.selectFrom('directory_change').select('seq').where('seq', 'in', [kept!.seq, gone!.seq]).execute()
      throw rolledBack
    })
    await expect(outcome).rejects.toBe(rolledBack)
    expect(left.map((r) => r.seq)).toHaveLength(1)
  })

  it('drops fanned-out changes after 90 days and delivered jobs after 30', async () => {
    const fanned = await countWhere('directory_change', 'fanned_out', true)
    const delivered = await countWhere('webhook_delivery', 'status', 'delivered')
    expect(fanned).toBeGreaterThan(0)
    expect(delivered).toBeGreaterThan(0)
    // Nothing is old enough yet.
    expect(await pruneWebhookHistory(t.ctx)).toEqual({ changes: 0, deliveries: 0 })
    t.clock.advance(31 * 86_400_000)
    const month = await pruneWebhookHistory(t.ctx)
    expect(month.changes).toBe(0)
    expect(month.deliveries).toBeGreaterThanOrEqual(delivered)
    expect(await countWhere('webhook_delivery', 'status', 'delivered')).toBe(0)
    t.clock.advance(90 * 86_400_000)
    expect((await pruneWebhookHistory(t.ctx)).changes).toBeGreaterThanOrEqual(fanned)
    expect(await countWhere('directory_change', 'fanned_out', true)).toBe(0)
  })
})

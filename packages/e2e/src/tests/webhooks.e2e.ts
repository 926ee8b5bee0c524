import {
  appClientContracts,
  appContracts,
  classContracts,
  studentContracts,
  UserType,
  webhookContracts,
  type AnyContract,
  type DataOf,
  type InputOf,
} from '@zhixiao/shared'
import { createHmac } from 'node:crypto'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { api, assert, pick, signIn, tableRow, test, tokenOf, watchPageErrors, type Env } from '../harness.js'

/** One recorded request of the app's webhook endpoint, and what it answered. */
interface Received {
  headers: http.IncomingHttpHeaders
  body: string
  answered: number
  at: number
}

/**
 * The app's webhook endpoint: a node:http server on a port of its own that records every request. `answer` decides
 * the status of each request from its body.
 */
async function startReceiver(answer: (body: string) => number) {
  const got: Received[] = []
  const srv = http.createServer((req, res) => {
    let body = ''
    req.on('data', (c: Buffer) => (body += c.toString()))
    req.on('end', () => {
      const answered = answer(body)
      got.push({ headers: req.headers, body, answered, at: Date.now() })
      res.statusCode = answered
      res.end()
    })
  })
  const url = await new Promise<string>((resolve) =>
    srv.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(srv.address() as AddressInfo).port}/zhixiao/hook`)),
  )
  return {
    url,
    got,
    close: () =>
      new Promise<void>((r) => {
        srv.closeAllConnections()
        srv.close(() => r())
      }),
  }
}

/** Calls a contract as the app's server-side code would: GET with its query string, POST with its JSON body. */
async function callAs<C extends AnyContract>(base: string, c: C, input: InputOf<C>, token: string) {
  const path =
    c.method === 'GET' && input
      ? `${c.path}?${new URLSearchParams(Object.entries(input as Record<string, unknown>).map(([k, v]) => [k, String(v)]))}`
      : c.path
  const r: Env<DataOf<C>> = await api<DataOf<C>>(base, path, { body: c.method === 'GET' ? undefined : input, token })
  assert(r.code === 0, `${c.path} answered ${r.code} ${r.msg}`)
  return r.data
}

/** Waits until `found` answers something, at most `ms`; `what` names the wait in the failure. */
async function poll<T>(what: string, ms: number, found: () => T | undefined | Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + ms
  for (;;) {
    const v = await found()
    if (v !== undefined) return v
    if (Date.now() > deadline) throw new Error(`${what}: nothing within ${ms} ms`)
    await new Promise((r) => setTimeout(r, 250))
  }
}

/** What a receiver does with a delivery: recompute v1=HMAC-SHA256(secret, timestamp + "." + body). */
function signedWith(secret: string, r: Received): boolean {
  const ts = String(r.headers['x-zhixiao-timestamp'])
  return (
    r.headers['x-zhixiao-signature'] === `v1=${createHmac('sha256', secret).update(`${ts}.${r.body}`).digest('hex')}`
  )
}

const parse = (body: string) =>
  JSON.parse(body) as { id: string; event: string; tenant_id: number; data: { sub?: string; user_type?: number } }

/**
 * Change webhooks in the real server (docs/open-platform.md "Webhooks"): the bureau admin registers an app with a
 * confidential OpenID client and subscribes its endpoint to person.changed; a school admin moves a student to another
 * class with 调班 in the student list; the endpoint receives that student's signed event, fails it once, gets the
 * same delivery again after the 30 s backoff on the real clock, and the admin's delivery log says delivered after 2
 * attempts.
 */
test('webhooks: a student moved with 调班 reaches the subscribed app signed, retried after a 500, logged as delivered in 2 attempts', async ({
  baseUrl,
  newPage,
}) => {
  const bureau = await tokenOf(baseUrl, 'jyjadmin')
  const school = await tokenOf(baseUrl, 'xxadmin')

  // A student of 一年级(1)班 of 第一实验小学 (王小明, whom other journeys read, is in 三年级), moved to 一年级(3)班.
  const classes = await callAs(baseUrl, classContracts.page, { archived: false, pageSize: 500 }, school)
  const classOf = (name: string) => classes.list.find((c) => c.gradeName === '一年级' && c.name === name)
  const from = classOf('(1)班')
  assert(from && classOf('(3)班'), '第一实验小学 has 一年级(1)班 and 一年级(3)班')
  const target = '一年级(3)班'
  const listed = await callAs(baseUrl, studentContracts.page, { classId: from.id, pageSize: 100 }, school)
  const student = listed.list.find((s) => s.userName !== 'xiaoming' && s.jobNo)
  assert(student, 'the demo has a student in 一年级(1)班')

  // The app, its confidential client (the secret is answered once) and its subscription. Public subject ids: the
  // event names the student by their portal id, which the journey knows.
  const appId = await callAs(
    baseUrl,
    appContracts.save,
    { name: '回调演示应用', entryUrl: 'https://hooks-demo.example.com/' },
    bureau,
  )
  const saved = await callAs(
    baseUrl,
    appClientContracts.save,
    {
      appId,
      protocol: 'oidc',
      redirectUris: ['https://hooks-demo.example.com/callback'],
      scopes: ['profile', 'zx:identity'],
      subjectType: 'public',
      clientCredentials: true,
      // The district's own app: a third-party one would hear of a minor only with a guardian's consent on record.
      childrenData: 'duty',
    },
    bureau,
  )
  assert(saved.secret?.clientSecret, 'the first save answers the client secret once')
  const secret = saved.secret.clientSecret
  const mine = (body: string) => {
    try {
      const b = parse(body)
      return b.event === 'person.changed' && b.data.sub === String(student.id)
    } catch {
      return false // not JSON: not the student's event (the request is still recorded)
    }
  }
  // The endpoint fails the student's first delivery and accepts everything else (and the retry).
  let failed = false
  const rx = await startReceiver((body) => {
    if (failed || !mine(body)) return 200
    failed = true
    return 500
  })
  try {
    const sub = await callAs(
      baseUrl,
      webhookContracts.save,
      { appId, url: rx.url, events: ['person.changed'], enabled: true },
      bureau,
    )
    assert(sub.url === rx.url && sub.enabled, 'the loopback endpoint is subscribed')
    // 发送测试: a signed ping reaches the endpoint. It is also the journey's sync point: a pass fans the whole change
    // feed out before it sends, and a fresh demo's seed (some 500 changes) waits in the feed for the worker's first
    // pass; in one batch a person's add and later change fold into person.added alone (events.ts), so a move made
    // before that pass would reach this app, subscribed to person.changed only, as nothing.
    const pingId = await callAs(baseUrl, webhookContracts.test, { appId }, bureau)
    const started = Date.now()
    const ping = await poll('the test ping', 60_000, () =>
      rx.got.find((r) => r.headers['x-zhixiao-delivery'] === String(pingId)),
    )
    assert(ping.headers['x-zhixiao-event'] === 'ping' && signedWith(secret, ping), 'the ping is signed')
    console.log(`    ping after ${Math.round((Date.now() - started) / 1000)} s`)

    // In the browser: xxadmin ticks the student in the list and moves them with 调班.
    const page = await newPage()
    const pageErrors = watchPageErrors(page)
    await signIn(page, baseUrl, 'xxadmin')
    await page.goto(`${baseUrl}/#/base-userAccount/students`)
    const students = page.locator('[data-page="/base-userAccount/students"]')
    await students.getByPlaceholder('姓名或学号').fill(student.jobNo!)
    await students.getByPlaceholder('姓名或学号').press('Enter')
    const row = tableRow(students, student.jobNo!)
    await row.getByText('一年级(1)班').waitFor()
    // The unfiltered rows may still show while the search loads: wait for them to go.
    await students.locator('.ant-table-row').nth(1).waitFor({ state: 'detached' })
    assert((await students.locator('.ant-table-row').count()) === 1, 'the 学号 search lists one student')
    await row.locator('.ant-checkbox').click()
    await students.getByRole('button', { name: /^调班\s*（1）$/ }).click()
    const dialog = page.getByRole('dialog').filter({ hasText: '调入班级' })
    await dialog.getByText('已选择 1 名学生').waitFor()
    await pick(page, dialog.locator('.ant-select'), target)
    await dialog.getByRole('button', { name: '确定' }).click()
    await dialog.waitFor({ state: 'hidden' })
    await row.getByText(target).waitFor()
    const movedAt = Date.now()
    pageErrors()

    // The first delivery: the student's person.changed, signed with the app's secret, answered 500.
    const first = await poll('the first delivery of the student', 20_000, () => rx.got.find((r) => mine(r.body))).catch(
      async (e: Error) => {
        const log = await callAs(baseUrl, webhookContracts.deliveries, { appId, pageSize: 20 }, bureau)
        throw new Error(
          `${e.message} (student ${student.id}; received: ${JSON.stringify(rx.got.map((r) => r.body))}; log: ${JSON.stringify(log.list)})`,
        )
      },
    )
    assert(first.answered === 500, 'the first delivery was answered 500')
    assert(first.headers['x-zhixiao-event'] === 'person.changed', 'the X-Zhixiao-Event header names the event')
    assert(signedWith(secret, first), 'the first delivery carries a valid v1 HMAC-SHA256 signature')
    assert(!signedWith(`${secret}x`, first), 'the signature does not verify with another secret')
    const ts = Number(first.headers['x-zhixiao-timestamp'])
    assert(Math.abs(ts * 1000 - first.at) < 60_000, `the signed timestamp is the sending time (${ts})`)
    const body = parse(first.body)
    assert(body.data.user_type === UserType.STUDENT, 'with zx:identity the event says the person is a student')
    const deliveryId = first.headers['x-zhixiao-delivery']
    assert(deliveryId, 'the delivery has an id')
    console.log(`    first delivery ${Math.round((first.at - movedAt) / 1000)} s after the move`)

    // The retry: due 30 s after the failure, found by the worker's next pass (every 5 s); the same delivery.
    const retry = await poll('the retry after the 30 s backoff', 60_000, () =>
      rx.got.find((r) => r !== first && mine(r.body)),
    )
    const waited = retry.at - first.at
    assert(waited >= 29_000, `the retry waited out the backoff (${waited} ms)`)
    assert(retry.answered === 200, 'the retry was answered 200')
    assert(retry.headers['x-zhixiao-delivery'] === deliveryId, 'the retry is the same delivery id')
    assert(retry.body === first.body, 'the retry carries the same payload (the same event id)')
    assert(signedWith(secret, retry), 'the retry is signed too')
    assert(rx.got.filter((r) => mine(r.body)).length === 2, 'the student was delivered twice, no more')
    console.log(`    retry ${Math.round(waited / 1000)} s after the first attempt`)

    // The admin's delivery log: delivered, after 2 attempts, last answered 200.
    const logged = await poll('the delivery log saying delivered', 10_000, async () => {
      const log = await callAs(baseUrl, webhookContracts.deliveries, { appId, pageSize: 100 }, bureau)
      const d = log.list.find((x) => String(x.id) === deliveryId)
      return d?.status === 'delivered' ? d : undefined
    })
    assert(logged.event === 'person.changed', 'the log names the event')
    assert(logged.attempts === 2, `the log counts 2 attempts (${logged.attempts})`)
    assert(logged.lastStatus === 200 && logged.delivered, 'the log has the last answer 200 and the delivery time')
  } finally {
    // Leave the demo as found: the app gone (its client and subscription with it), the student back in class.
    await callAs(baseUrl, appContracts.delete, { id: appId }, bureau).catch((e: Error) =>
      console.log(`    (cleanup: ${e.message})`),
    )
    await callAs(baseUrl, studentContracts.changeClass, { ids: [student.id], classId: from.id }, school).catch(
      (e: Error) => console.log(`    (cleanup: ${e.message})`),
    )
    await rx.close()
  }
})

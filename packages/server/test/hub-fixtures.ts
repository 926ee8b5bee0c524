import { UserType } from '@zhixiao/shared'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { call, loginToken, makePerson, makeWorld, staffOf, type Staff, type TestApp, type World } from './helpers.js'

/**
 * A district for the identity-hub tests: a world with a grade, a class, a teacher heading it, a student in it and
 * the student's parent, plus a registered app (the registry row) that a test gives a protocol.
 */
export interface HubWorld {
  w: World
  staff: Staff
  classId: number
  gradeId: number
  teacher: { userName: string; userInfoId: number; token: string }
  student: { userName: string; userInfoId: number; token: string }
  parent: { userName: string; userInfoId: number; token: string }
}

export async function makeHubWorld(t: TestApp): Promise<HubWorld> {
  const w = await makeWorld(t)
  const staff = await staffOf(t, w)
  const person = async (userType: number, trueName: string, roleIds: number[] = []) => {
    const p = await makePerson(t, w.tenantId, { trueName, memberships: [{ orgId: w.schoolId, userType, roleIds }] })
    return { userName: p.userName, userInfoId: p.userInfoIds[0]!, token: '' }
  }
  const teacher = await person(UserType.STAFF, '王老师', [w.roles.teacher])
  const student = await person(UserType.STUDENT, '李小明')
  const parent = await person(UserType.PARENT, '李爸爸')
  const { classId, gradeId } = await t.db.tenant(w.tenantId, async (trx) => {
    const g = await trx
      .insertInto('grade')
      .values({
        org_id: w.schoolId,
        name: '一年级',
        entry_year: 2026,
        code: null,
        learn_period_id: null,
        archived_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    const c = await trx
      .insertInto('school_class')
      .values({ org_id: w.schoolId, grade_id: g.id, name: '一年级(1)班', code: null, archived_at: null })
      .returning('id')
      .executeTakeFirstOrThrow()
    await trx
      .updateTable('user_info')
      .set({ class_id: c.id, job_no: 'S20260001' })
      .where('id', '=', student.userInfoId)
      .execute()
    await trx.updateTable('user_info').set({ job_no: 'T001' }).where('id', '=', teacher.userInfoId).execute()
    await trx
      .insertInto('parent_child')
      .values({ parent_id: parent.userInfoId, child_id: student.userInfoId, relation: '父亲' })
      .execute()
    await trx
      .insertInto('class_teacher')
      .values({ class_id: c.id, user_info_id: teacher.userInfoId, is_head: true })
      .execute()
    return { classId: c.id, gradeId: g.id }
  })
  for (const p of [teacher, student, parent]) p.token = await loginToken(t, p.userName)
  return { w, staff, classId, gradeId, teacher, student, parent }
}

/** A registry app (built the way 应用管理 registers one) for a protocol test. */
export async function registerApp(t: TestApp, tenantId: number, name: string, entryUrl = 'https://app.example.com/') {
  const row = await t.db.tenant(tenantId, (trx) =>
    trx
      .insertInto('app')
      .values({
        org_id: null,
        unique_id: `${name}-${Math.random().toString(36).slice(2, 8)}`,
        name,
        entry_url: entryUrl,
      })
      .returning('id')
      .executeTakeFirstOrThrow(),
  )
  return row.id
}

/**
 * Saves an app's protocol settings as the bureau (top org) admin; returns the answer's data. The hub's protocol tests
 * register the district's own (school-duty) apps unless a body says `childrenData: 'consent'`: a third-party app
 * receives no minor without a guardian's consent (privacy-consent.test.ts tests that).
 */
export async function saveClient(t: TestApp, adminToken: string, body: Record<string, unknown>) {
  const r = await call(t, {
    url: '/base/api/app/client/save',
    body: { childrenData: 'duty', ...body },
    token: adminToken,
  })
  if (r.code !== 0) throw new Error(`client save answered ${JSON.stringify(r)}`)
  return r.data as {
    client: { clientId: string; issuer: string; casBase: string }
    secret: { clientSecret: string } | null
  }
}

/** A small HTTP server on a free port that records what it receives (an app's back-channel or webhook endpoint). */
export async function receiver(answer: (req: http.IncomingMessage, body: string) => number = () => 200) {
  const got: { url: string; headers: http.IncomingHttpHeaders; body: string }[] = []
  const srv = http.createServer((req, res) => {
    let body = ''
    req.on('data', (c: Buffer) => (body += c.toString()))
    req.on('end', () => {
      got.push({ url: req.url ?? '', headers: req.headers, body })
      res.statusCode = answer(req, body)
      res.end()
    })
  })
  const base = await new Promise<string>((resolve) =>
    srv.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(srv.address() as AddressInfo).port}`)),
  )
  return { base, got, close: () => new Promise<void>((r) => srv.close(() => r())) }
}

/** A browser's cookie jar, enough for the provider's interaction and resume cookies. */
export class Jar {
  private cookies = new Map<string, string>()
  take(res: Response): void {
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';')
      const i = pair!.indexOf('=')
      const name = pair!.slice(0, i)
      const value = pair!.slice(i + 1)
      if (value === '' || /expires=Thu, 01 Jan 1970/i.test(c)) this.cookies.delete(name)
      else this.cookies.set(name, value)
    }
  }
  header(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ')
  }
}

/**
 * A browser signing in at the provider with the portal's session `userToken`: authorize → the portal's sign-in
 * hand-over (details, login) → resume → the app's redirect URI with its code. Returns the final redirect address, or
 * the answer that stopped the flow.
 */
export async function browserSignIn(base: string, authorizeUrl: string, userToken: string, jar = new Jar()) {
  const get = async (url: string, init: RequestInit = {}) => {
    const res = await fetch(new URL(url, base), {
      ...init,
      redirect: 'manual',
      headers: { cookie: jar.header(), ...(init.headers as Record<string, string>) },
      signal: AbortSignal.timeout(10_000),
    })
    jar.take(res)
    return res
  }
  const a = await get(authorizeUrl)
  if (a.status !== 303) return { stopped: a, body: await a.text() }
  const signIn = new URL(a.headers.get('location')!, base)
  const dres = await get(`${signIn.pathname}/details`)
  const details = (await dres.json()) as {
    code: number
    msg: string
    data: { appName: string; tenant: { id: number; name: string }; releases: unknown[] }
  }
  if (process.env.HUB_DEBUG) console.log(a.headers.get('location'), dres.status, JSON.stringify(details))
  const login = await get(`${signIn.pathname}/login`, {
    method: 'POST',
    headers: { authorization: `Bearer ${userToken}` },
  })
  const answer = (await login.json()) as { code: number; msg: string; data: { redirectTo: string } }
  if (answer.code !== 0) return { refused: answer, details }
  if (process.env.HUB_DEBUG) console.log('redirectTo', answer.data.redirectTo)
  const resumed = await get(answer.data.redirectTo)
  if (resumed.status !== 303) return { stopped: resumed, body: await resumed.text() }
  return { redirect: new URL(resumed.headers.get('location')!, base), details, jar }
}

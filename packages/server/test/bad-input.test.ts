import { ErrorCode, InputMsg, UserType } from '@zhixiao/shared'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RouteAccess } from '../src/app.js'
import { ADMIN_PASSWORD, createTestApp, login, loginToken, makePerson, makeWorld, type TestApp } from './helpers.js'
import { fields, sample, withField, type Kind } from './zod-walk.js'

/**
 * The bad-input sweep: the permission matrix's companion, generated from the same route table. Every write route
 * (and every GET taking a query) is called, as callers who pass its access check, with a plausible body built from
 * its own schema and then with each field spoiled in turn — NUL, a lone surrogate, the wrong type, negative and huge
 * ids — and with the generic fields (name, id, orgId) when it has no schema; a 1 MB string goes into one string field
 * per route, and a static check proves every string field of every request schema has a maximum length (or a
 * pattern that bounds it). No answer may be a 5xx or carry the envelope code 500; every API answer says
 * Cache-Control: no-store.
 */
let t: TestApp
let member: string
/** A second session of the same caller, for the routes that end it. */
let throwaway: string
let superAdmin: string

beforeAll(async () => {
  t = await createTestApp()
  const w = await makeWorld(t)
  const { userName } = await makePerson(t, w.tenantId, {
    memberships: [{ orgId: w.schoolId, userType: UserType.STAFF, roleIds: [w.roles.admin] }],
  })
  member = await loginToken(t, userName)
  throwaway = await loginToken(t, userName)
  superAdmin = (await login(t, { userName: 'administrator', password: ADMIN_PASSWORD, loginType: 0 })).data.userToken
}, 120_000)
afterAll(() => t.close())

const MB = 'x'.repeat(1024 * 1024)
const NUL = 'a\u0000b'
const LONE = 'a\ud800b'
/**
 * Spoiled values for one field, by what the field holds. NUL stands for every illegal character in each field; a
 * lone surrogate (refused by the same check) and a 1 MB string go into one field per route, to keep the sweep fast.
 */
const BAD: Record<Kind, unknown[]> = {
  string: [NUL, { nested: true }],
  number: [-1, Number.MAX_SAFE_INTEGER, 1e20],
  boolean: ['x'],
  array: [[NUL], 'x'],
  object: ['x'],
  other: [NUL, 1e20],
}
/** The same as query-string text (a lone surrogate cannot be sent in a URL). */
const BAD_QUERY = ['a%00b', 'x'.repeat(8 * 1024), '-1', '9007199254740991', '9223372036854775808']
/** Routes that end the caller's own session: swept last with a session of their own, whose 401s are expected. */
const ENDS_SESSION = new Set(['POST /base/api/auth/logout'])
const isWrite = (r: RouteAccess) => r.method !== 'GET'

const tokenFor = (r: RouteAccess) =>
  r.public ? undefined : r.superAdmin ? superAdmin : ENDS_SESSION.has(`${r.method} ${r.url}`) ? throwaway : member
const qs = (q: Record<string, unknown>) =>
  Object.entries(q)
    .filter(([, v]) => v !== undefined && typeof v !== 'object')
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(String(v))}`)
    .join('&')

describe('bad input never answers 5xx (every write route and query)', () => {
  it('covers the route table', () => {
    expect(t.routes.filter(isWrite).length).toBeGreaterThan(150)
  })

  it('NUL, lone surrogates, 1 MB strings, wrong types, negative and huge ids: a 4xx or a refusal, never a 500', async () => {
    const failures = new Set<string>()
    let requests = 0
    const send = async (r: RouteAccess, url: string, payload?: unknown) => {
      requests++
      const token = tokenFor(r)
      const what = `${r.method} ${url.slice(0, 120)} ${JSON.stringify(payload)?.slice(0, 120) ?? ''}`
      const res = await t.app
        .inject({
          method: r.method as 'GET' | 'POST',
          url,
          payload: r.method === 'GET' ? undefined : ((payload as object) ?? {}),
          headers: token ? { authorization: `Bearer ${token}` } : {},
        })
        .catch((e: unknown) => {
          failures.add(`${what} → ${String(e)}`)
        })
      if (!res) return
      const code = res.body.startsWith('{') ? (res.json() as { code?: number }).code : undefined
      if (res.statusCode >= 500 || code === 500) failures.add(`${what} → ${res.statusCode} ${res.body.slice(0, 120)}`)
      // A lost session would turn the rest of the sweep into 401s and hide what it is looking for.
      if (token && res.statusCode === 401 && !ENDS_SESSION.has(`${r.method} ${r.url}`))
        failures.add(`${what} → 401 (the caller's session was lost)`)
      if (res.headers['cache-control'] !== 'no-store')
        failures.add(`${what}: cache-control ${res.headers['cache-control']}`)
    }
    const routes = t.routes.filter((r) => isWrite(r) || r.schema?.querystring)
    const last = routes.filter((r) => ENDS_SESSION.has(`${r.method} ${r.url}`))
    for (const r of [...routes.filter((x) => !last.includes(x)), ...last]) {
      const path = r.url.replace(/:(\w+)/g, '1')
      const query = (sample(r.schema?.querystring) ?? {}) as Record<string, unknown>
      const url = (q: Record<string, unknown>) => (qs(q) ? `${path}?${qs(q)}` : path)
      // Path parameters spoiled.
      if (r.url.includes(':'))
        for (const bad of ['-1', '1e20', '99999999999999999999', 'a%00b'])
          await send(r, r.url.replace(/:(\w+)/g, bad), sample(r.schema?.body))
      // Query fields spoiled one at a time.
      for (const f of fields(r.schema?.querystring)) {
        for (const bad of BAD_QUERY)
          await send(
            r,
            `${url({ ...query, [f.path[0]!]: undefined })}${qs(query) ? '&' : '?'}${String(f.path[0])}=${bad}`,
          )
      }
      if (!isWrite(r)) continue
      // The body: as sampled, then each field (or the generic ones) spoiled in turn.
      const body = sample(r.schema?.body) ?? {}
      await send(r, url(query), body)
      const spoilt = fields(r.schema?.body)
      const targets = spoilt.length
        ? spoilt
        : (['name', 'id', 'orgId'] as const).map((k) => ({ path: [k], kind: 'other' as Kind }))
      for (const f of targets) for (const bad of BAD[f.kind]) await send(r, url(query), withField(body, f.path, bad))
      const text = targets.find((f) => f.kind === 'string' || f.kind === 'other')
      if (text) for (const bad of [LONE, MB]) await send(r, url(query), withField(body, text.path, bad))
      await send(r, url(query), NUL)
    }
    expect([...failures]).toEqual([])
    expect(requests).toBeGreaterThan(2000)
  }, 600_000)

  it('every string field of every request schema has a maximum length or a pattern that bounds it', () => {
    const unbounded = t.routes.flatMap((r) =>
      (['body', 'querystring'] as const).flatMap((part) =>
        fields(r.schema?.[part])
          .filter((f) => f.kind === 'string' && !(f.maxLength !== undefined && f.maxLength <= 200_000) && !f.bounded)
          .map((f) => `${r.method} ${r.url} ${part}.${f.path.join('.')}`),
      ),
    )
    expect(unbounded).toEqual([])
  })

  it('refuses with a clear message: illegal characters anywhere, control characters in names, long strings, huge ids', async () => {
    const post = async (url: string, payload: unknown, token: string | undefined = member) => {
      const res = await t.app.inject({
        method: 'POST',
        url,
        payload: payload as object,
        headers: token ? { authorization: `Bearer ${token}` } : {},
      })
      return { status: res.statusCode, ...(res.json() as { code: number; msg: string }) }
    }
    const illegal = { status: 400, code: ErrorCode.BAD_REQUEST, msg: InputMsg.ILLEGAL_CHARS }
    // The unauthenticated login, a schema field, a field no schema describes, an object key, and a query.
    expect(
      await post('/base/api/auth/loginByUserPwd', { userName: 'a\u0000', password: 'x' }, undefined),
    ).toMatchObject(illegal)
    expect(await post('/base/api/grade/add', { name: '一年级\ud800', entryYear: 2026 })).toMatchObject(illegal)
    expect(
      await post('/base/api/grade/add', { name: '一年级', entryYear: 2026, extra: { deep: ['x\u0000'] } }),
    ).toMatchObject(illegal)
    expect(await post('/base/api/grade/add', { name: '一年级', entryYear: 2026, ['k\u0000']: 1 })).toMatchObject(
      illegal,
    )
    const q = await t.app.inject({
      method: 'GET',
      url: '/base/api/tenant/query?keyword=a%00b',
      headers: { authorization: `Bearer ${superAdmin}` },
    })
    expect(q.json()).toMatchObject({ code: ErrorCode.BAD_REQUEST, msg: InputMsg.ILLEGAL_CHARS })
    // A name is one line; a remark may hold line breaks.
    expect(await post('/base/api/grade/add', { name: '一年\n级', entryYear: 2026 })).toMatchObject({
      status: 400,
      msg: InputMsg.CONTROL_CHARS,
    })
    const role = (r: Record<string, unknown>) =>
      post('/base/api/account/addRole/batch', { roles: [{ userType: UserType.STAFF, ...r }] })
    expect(await role({ name: '教\t务' })).toMatchObject({ status: 400, msg: InputMsg.CONTROL_CHARS })
    expect(await role({ name: '教务员', remark: '第一行\n第二行' })).toMatchObject({ code: 0 })
    expect(await post('/base/api/grade/add', { name: 'x'.repeat(1024 * 1024), entryYear: 2026 })).toMatchObject({
      status: 400,
      msg: '年级名称不能超过30个字符',
    })
    // Ids beyond a safe integer are refused by the schema; a safe one past any row is simply not found.
    expect(await post('/base/api/grade/update', { id: 2 ** 63, name: '二年级' })).toMatchObject({
      status: 400,
      code: ErrorCode.BAD_REQUEST,
    })
    expect(await post('/base/api/grade/update', { id: Number.MAX_SAFE_INTEGER, name: '二年级' })).toMatchObject({
      status: 404,
    })
  })

  it('API answers carry Cache-Control: no-store, refusals and unknown paths included', async () => {
    for (const url of ['/base/api/account/user/current/detail', '/base/api/nowhere']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${member}` } })
      expect(res.headers['cache-control'], url).toBe('no-store')
    }
    const refused = await t.app.inject({
      method: 'POST',
      url: '/base/api/auth/loginByUserPwd',
      payload: { userName: 'a\u0000', password: 'x' },
    })
    expect(refused.headers['cache-control']).toBe('no-store')
  })
})

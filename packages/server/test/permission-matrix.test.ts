import { Msg, UserType } from '@zhixiao/shared'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createRole } from '../src/db/seed/factories.js'
import { createTestApp, loginToken, makePerson, makeWorld, type TestApp, type World } from './helpers.js'

/**
 * Generated from the server's own route table: every route that names a permission code answers 401 without a
 * session, 403 (暂无权限) to someone holding every other code but that one, and is let through the permission
 * check for someone holding only that code. A route added without its code, or a code the hook ignores, fails here.
 */
let t: TestApp
let w: World
const tokens = new Map<string, { holds: string; lacks: string }>()

beforeAll(async () => {
  t = await createTestApp()
  w = await makeWorld(t)
  const codes = [...new Set(t.routes.flatMap((r) => (r.permission ? [r.permission] : [])))]
  const all = (await t.db.kysely.selectFrom('permission').select('code').execute()).map((p) => p.code)
  for (const code of codes) {
    const roles = await t.db.tenant(w.tenantId, async (trx) => ({
      holds: await createRole(trx, { code: `only_${code}`, name: `仅${code}`, permissions: [code] }),
      lacks: await createRole(trx, { code: `all_but_${code}`, name: `除${code}`, permissions: all.filter((c) => c !== code) }),
    }))
    const as = async (roleId: number) => loginToken(t, (await makePerson(t, w.tenantId, { memberships: [{ orgId: w.schoolId, userType: UserType.STAFF, roleIds: [roleId] }] })).userName)
    tokens.set(code, { holds: await as(roles.holds), lacks: await as(roles.lacks) })
  }
}, 300_000)
afterAll(() => t.close())

describe('permission matrix (every protected route)', () => {
  it('covers the route table', () => {
    expect(t.routes.filter((r) => r.permission).length).toBeGreaterThan(100)
  })

  it('401 without a session, 403 without the code, through the check with it, and never a 500', async () => {
    const failures: string[] = []
    for (const r of t.routes.filter((x) => x.permission)) {
      const url = r.url.replace(/:(\w+)/g, '1')
      const send = async (token?: string) => {
        const res = await t.app.inject({ method: r.method as 'GET' | 'POST', url, payload: r.method === 'GET' ? undefined : {}, headers: token ? { authorization: `Bearer ${token}` } : {} })
        // Downloads answer a file, not an envelope.
        const json = res.body.startsWith('{') ? (res.json() as { msg: string }) : { msg: '' }
        return { status: res.statusCode, msg: json.msg }
      }
      const { holds, lacks } = tokens.get(r.permission!)!
      const anon = await send()
      if (anon.status !== 401) failures.push(`${r.method} ${url}: no session → ${anon.status}`)
      const without = await send(lacks)
      if (without.status !== 403 || without.msg !== Msg.NO_PERMISSION) failures.push(`${r.method} ${url}: without ${r.permission} → ${without.status} ${without.msg}`)
      const withCode = await send(holds)
      if (withCode.status === 401 || (withCode.status === 403 && withCode.msg === Msg.NO_PERMISSION) || withCode.status >= 500) {
        failures.push(`${r.method} ${url}: with ${r.permission} → ${withCode.status} ${withCode.msg}`)
      }
    }
    expect(failures).toEqual([])
  }, 300_000)
})

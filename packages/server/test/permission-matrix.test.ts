import { Msg, UserType } from '@zhixiao/shared'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createRole } from '../src/modules/tenant/provisioning.js'
import type { RouteAccess } from '../src/app.js'
import { createTestApp, loginToken, makePerson, makeWorld, type TestApp, type World } from './helpers.js'

/**
 * Generated from the server's own route table: every route that names a permission code answers 401 without a
 * session, 403 (暂无权限) to someone holding every other code but that one, and is let through the permission
 * check for someone holding only that code. A route added without its code, or a code the hook ignores, fails here.
 * A route open to any of several codes refuses someone holding none of them and lets through a holder of each one.
 */
let t: TestApp
let w: World
const tokens = new Map<string, { holds: string; lacks: string }>()
const codesOf = (r: RouteAccess): string[] => [r.permission ?? []].flat()
const keyOf = (codes: string[]) => codes.join('|')

beforeAll(async () => {
  t = await createTestApp()
  w = await makeWorld(t)
  // Every route's code list, and each single code of a list (a holder of just that one must get through).
  const sets = new Map<string, string[]>()
  for (const codes of t.routes.map(codesOf).filter((c) => c.length)) {
    sets.set(keyOf(codes), codes)
    for (const one of codes) sets.set(one, [one])
  }
  const all = (await t.db.kysely.selectFrom('permission').select('code').execute()).map((p) => p.code)
  for (const [key, codes] of sets) {
    const roles = await t.db.tenant(w.tenantId, async (trx) => ({
      holds: await createRole(trx, { code: `only_${key}`, name: `仅${key}`, permissions: [codes[0]!] }),
      lacks: await createRole(trx, {
        code: `all_but_${key}`,
        name: `除${key}`,
        permissions: all.filter((c) => !codes.includes(c)),
      }),
    }))
    const as = async (roleId: number) =>
      loginToken(
        t,
        (
          await makePerson(t, w.tenantId, {
            memberships: [{ orgId: w.schoolId, userType: UserType.STAFF, roleIds: [roleId] }],
          })
        ).userName,
      )
    tokens.set(key, { holds: await as(roles.holds), lacks: await as(roles.lacks) })
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
        const res = await t.app.inject({
          method: r.method as 'GET' | 'POST',
          url,
          payload: r.method === 'GET' ? undefined : {},
          headers: token ? { authorization: `Bearer ${token}` } : {},
        })
        // Downloads answer a file, not an envelope.
        const json = res.body.startsWith('{') ? (res.json() as { msg: string }) : { msg: '' }
        return { status: res.statusCode, msg: json.msg }
      }
      const codes = codesOf(r)
      const anon = await send()
      if (anon.status !== 401) failures.push(`${r.method} ${url}: no session → ${anon.status}`)
      const without = await send(tokens.get(keyOf(codes))!.lacks)
      if (without.status !== 403 || without.msg !== Msg.NO_PERMISSION)
        failures.push(`${r.method} ${url}: without ${keyOf(codes)} → ${without.status} ${without.msg}`)
      for (const code of codes) {
        const withCode = await send(tokens.get(code)!.holds)
        if (
          withCode.status === 401 ||
          (withCode.status === 403 && withCode.msg === Msg.NO_PERMISSION) ||
          withCode.status >= 500
        ) {
          failures.push(`${r.method} ${url}: with ${code} → ${withCode.status} ${withCode.msg}`)
        }
      }
    }
    expect(failures).toEqual([])
  }, 300_000)
})

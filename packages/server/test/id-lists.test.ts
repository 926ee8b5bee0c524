import { ErrorCode, UserType } from '@zhixiao/shared'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RouteAccess } from '../src/app.js'
import { call, createTestApp, makePerson, makeWorld, staffOf, type Staff, type TestApp, type World } from './helpers.js'
import { fields, sample } from './zod-walk.js'

/**
 * Issue 22 point 6: every id inside a list is checked like a single id. For every route whose request holds a list
 * of ids (a field `ids` or `…Ids`, found in the route table's schemas, not in a hand list), a school administrator
 * sends ids that are not in reach — a row of the neighbouring school of the same tenant, and an id no row has — and
 * must get a refusal, with nothing changed anywhere in the tenant. A new route with an id list fails the first test
 * until it says here what its list holds.
 */
let t: TestApp
let w: World
let s: Staff
/** Rows of the neighbouring school (school2), out of the caller's reach, by what a list holds. */
const other: Record<string, number> = {}
/** The caller's own rows a body needs besides the list (a floor to add a room on, the room to update). */
const own: Record<string, number> = {}
const NO_ROW = 987654

const ok = (r: { code: number; msg: string; data: unknown }) => {
  expect(r.code, r.msg).toBe(0)
  return r.data as number
}

beforeAll(async () => {
  t = await createTestApp()
  w = await makeWorld(t)
  s = await staffOf(t, w)
  const post = (token: string, url: string, body: unknown) => call(t, { url, token, body })
  for (const [who, token, into] of [
    ['own', s.schoolAdmin, own],
    ['other', s.school2Admin, other],
  ] as const) {
    const building = ok(await post(token, '/base/api/buildings/add', { name: `${who}楼`, floorCount: 2 }))
    const floors = (await call(t, { url: `/base/api/floor/list?buildingId=${building}`, token })).data as {
      id: number
    }[]
    into.floor = floors[0]!.id
    into.tag = ok(await post(token, '/base/api/tags/add', { name: `${who}标签` }))
    into.room = ok(
      await post(token, '/base/api/classroom/add', { floorId: into.floor, name: `${who}101`, tagIds: [into.tag] }),
    )
    into.role = (
      ok(
        await post(token, '/base/api/account/addRole/batch', {
          roles: [{ name: `${who}角色`, userType: UserType.STAFF }],
        }),
      ) as unknown as number[]
    )[0]!
  }
  const person = async (userType: number) =>
    (await makePerson(t, w.tenantId, { memberships: [{ orgId: w.school2Id, userType, roleIds: [] }] })).userInfoIds[0]!
  other.teacher = await person(UserType.STAFF)
  other.student = await person(UserType.STUDENT)
  other.parent = await person(UserType.PARENT)
  other.org = w.school2Id
}, 120_000)
afterAll(() => t.close())

/** The out-of-reach row a list is sent, by route and field; null: only an id no row has (the list's rows are the tenant's or the caller's own kind). */
function foreignFor(r: RouteAccess, field: string): number | null | undefined {
  const url = r.url
  if (field === 'tagIds') return other.tag
  if (field === 'roomIds') return other.room
  if (field === 'orgIds') return other.org
  if (field === 'userInfoIds' || field === 'handlerIds' || field === 'teacherIds') return other.teacher
  if (field === 'roleIds' || url.endsWith('/delRoleBatch')) return other.role
  if (url.includes('/teacherInfo/')) return other.teacher
  if (url.includes('/studentInfo/')) return other.student
  if (url.includes('/parentBindChild/')) return other.parent
  // Apps are the tenant's, banner and outer-portal rows are addressed within the caller's org: an id no row has.
  if (field === 'appIds' || url.includes('/banner/') || url.startsWith('/base/portal/outer/')) return null
  return undefined
}

/** The caller's own rows a body needs beside its list, so the list is what the answer is about. */
const OWN_FIELDS: Record<string, () => Record<string, unknown>> = {
  'POST /base/api/classroom/add': () => ({ floorId: own.floor, name: '新教室' }),
  'POST /base/api/classroom/update': () => ({ id: own.room }),
  'POST /base/api/classroom/batchMove': () => ({ floorId: own.floor }),
  'POST /base/api/account/associatedAccount': () => ({ roleId: own.role }),
  'POST /base/api/account/delAssociatedAccount': () => ({ roleId: own.role }),
  'POST /base/api/account/sub/org/associatedAccount': () => ({ roleId: own.role }),
  'POST /base/api/account/sub/org/delAssociatedAccount': () => ({ roleId: own.role }),
  'POST /base/api/account/sub/org/user/associatedAccount': () => ({ roleId: own.role, orgId: w.schoolId }),
  'POST /base/api/account/sub/org/user/delAssociatedAccount': () => ({ roleId: own.role, orgId: w.schoolId }),
}

const listFields = (r: RouteAccess) =>
  fields(r.schema?.body).filter(
    (f) => f.kind === 'array' && f.path.length === 1 && /^(ids|\w+Ids)$/.test(String(f.path[0])),
  )
const idListRoutes = () => t.routes.filter((r) => listFields(r).length)

/** Every row the tenant holds, but for logs, sessions and jobs: a digest that moves if anything was written. */
async function tenantDigest(): Promise<string> {
  return t.db.platform(async (trx) => {
    const tables = (
      await sql<{
        table_name: string
      }>`SELECT table_name FROM information_schema.columns WHERE column_name = 'tenant_id' AND table_schema = 'public'
      AND table_name !~ '(log|session|token|job|captcha|seen|outbox|push|notify|message)' ORDER BY table_name`.execute(
        trx,
      )
    ).rows.map((r) => r.table_name)
    const parts = await Promise.all(
      tables.map(async (name) => {
        const q = await sql<{
          d: string | null
        }>`SELECT md5(string_agg(x::text, '|' ORDER BY x::text)) AS d FROM ${sql.table(name)} x WHERE tenant_id = ${w.tenantId}`.execute(
          trx,
        )
        return `${name}:${q.rows[0]?.d ?? ''}`
      }),
    )
    return parts.join(',')
  })
}

describe('ids inside lists are checked like single ids', () => {
  it('every route taking a list of ids is known here (enumerated from the route schemas)', () => {
    const routes = idListRoutes()
    expect(routes.length).toBeGreaterThan(20)
    const unknown = routes.flatMap((r) =>
      listFields(r)
        .filter((f) => foreignFor(r, String(f.path[0])) === undefined)
        .map((f) => `${r.method} ${r.url} ${f.path.join('.')}`),
    )
    expect(unknown).toEqual([])
  })

  it('a list holding a row of the neighbouring school, or an id no row has, is refused and nothing changes', async () => {
    const accepted: string[] = []
    // The digest sees the rows the lists name (else "nothing changes" would hold of nothing).
    expect(await tenantDigest()).toMatch(/(^|,)room:[0-9a-f]{32},.*room_tag_link:[0-9a-f]{32}.*user_role:[0-9a-f]{32}/)
    for (const r of idListRoutes()) {
      for (const f of listFields(r)) {
        const field = String(f.path[0])
        const foreign = foreignFor(r, field)
        for (const ids of [[NO_ROW], ...(foreign ? [[foreign]] : [])]) {
          const body = {
            ...(sample(r.schema?.body) as object),
            ...OWN_FIELDS[`${r.method} ${r.url}`]?.(),
            [field]: ids,
          }
          const before = await tenantDigest()
          const res = await call(t, { url: r.url, token: s.schoolAdmin, body })
          const after = await tenantDigest()
          if (res.code === 0 || res.status >= 500)
            accepted.push(`${r.method} ${r.url} ${field}=${JSON.stringify(ids)} → ${res.code} ${res.msg}`)
          if (after !== before)
            accepted.push(`${r.method} ${r.url} ${field}=${JSON.stringify(ids)} changed the tenant's rows`)
        }
      }
    }
    expect(accepted).toEqual([])
  }, 300_000)

  it("classroom: another school's tag or room is named in the refusal, and the room, its tags and the rooms stay as they were", async () => {
    const rooms = async () =>
      t.db.tenant(w.tenantId, (trx) =>
        trx
          .selectFrom('room')
          .leftJoin('room_tag_link', 'room_tag_link.room_id', 'room.id')
          .select(['room.id', 'room.floor_id', 'room.use_id', 'room.capacity', 'room_tag_link.tag_id'])
          .orderBy('room.id')
          .orderBy('room_tag_link.tag_id')
          .execute(),
      )
    const before = await rooms()
    const post = (url: string, body: unknown) =>
      call(t, { url: `/base/api/classroom/${url}`, token: s.schoolAdmin, body })
    expect(await post('add', { floorId: own.floor, name: '新教室', tagIds: [own.tag, other.tag] })).toMatchObject({
      code: ErrorCode.BAD_REQUEST,
      msg: '标签不存在',
    })
    expect(await post('update', { id: own.room, name: '改名', tagIds: [other.tag] })).toMatchObject({
      code: ErrorCode.BAD_REQUEST,
      msg: '标签不存在',
    })
    expect(await post('batchMove', { roomIds: [own.room, other.room], floorId: own.floor })).toMatchObject({
      code: ErrorCode.NOT_FOUND,
      msg: '教室不存在',
    })
    expect(await post('setAttr', { roomIds: [own.room, other.room], capacity: 1 })).toMatchObject({
      code: ErrorCode.NOT_FOUND,
      msg: '教室不存在',
    })
    expect(await rooms()).toEqual(before)
    // The same calls with the caller's own ids do what they say.
    expect(await post('update', { id: own.room, tagIds: [own.tag] })).toMatchObject({ code: 0 })
    expect(await post('batchMove', { roomIds: [own.room], floorId: own.floor })).toMatchObject({ code: 0 })
  })
})

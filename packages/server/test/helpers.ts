import { UserType } from '@zhixiao/shared'
import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import type { FastifyInstance, LightMyRequestResponse } from 'fastify'
import pg from 'pg'
import { inject } from 'vitest'
import { buildApp, type RouteAccess } from '../src/app.js'
import { loadConfig } from '../src/config.js'
import { Db } from '../src/db/database.js'
import { migrateToLatest } from '../src/db/migrate.js'
import { ensurePlatform } from '../src/db/seed/demo.js'
import {
  createOrg,
  createPerson,
  createRole,
  createTenant,
  hashPerson,
  type PersonSpec,
} from '../src/modules/tenant/provisioning.js'
import { syncPermissionCatalogue } from '../src/db/seed/permissions.js'
import { FakeClock } from '../src/platform/clock.js'
import type { AppContext } from '../src/platform/context.js'
import type { PasswordParams } from '../src/platform/password.js'
import { directUrl, serverUrl as testServerUrl, withDatabase } from './db-server.js'

/** Cheap Argon2id hashes keep the suite fast (well under a millisecond); production uses OWASP's m = 19456 KiB, t = 2. */
export const TEST_PASSWORD_PARAMS: PasswordParams = { memoryKiB: 64, timeCost: 1, parallelism: 1 }
export const CAPTCHA_ANSWER = 'AB12'
export const PASSWORD = 'Test1234a'
export const ADMIN_PASSWORD = 'Admin1234a'

/**
 * A fresh database per test file: in-memory PGlite by default, or a new database on the PostgreSQL server
 * named by TEST_DATABASE_URL (CI runs the suite both ways).
 */
async function freshDb(): Promise<{ db: Db; drop: () => Promise<void> }> {
  const serverUrl = testServerUrl()
  if (!serverUrl) {
    // A copy of the template test/global-setup.ts migrated once (or a fresh database when run without it).
    const template = inject('pgliteTemplate')
    const db = await Db.open(template ? { loadDataDir: new Blob([fs.readFileSync(template)]) } : {})
    return { db, drop: async () => {} }
  }
  const name = `zx_test_${randomBytes(6).toString('hex')}`
  // Created and dropped on the server itself; the app reaches it at serverUrl (PgBouncer in CI): test/db-server.ts.
  const adminUrl = directUrl()!
  const admin = new pg.Client({ connectionString: adminUrl })
  await admin.connect()
  const template = inject('pgTemplate')
  await admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`)
  await admin.end()
  const db = await Db.open({ databaseUrl: withDatabase(serverUrl, name) })
  return {
    db,
    drop: async () => {
      const c = new pg.Client({ connectionString: adminUrl })
      await c.connect()
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
      await c.end()
    },
  }
}

export interface TestApp {
  app: FastifyInstance
  ctx: AppContext
  routes: RouteAccess[]
  db: Db
  clock: FakeClock
  close: () => Promise<void>
}

/**
 * opts.password: the hash parameters of the app (new hashes and the login's upgrade); the cheap test ones by default.
 * opts.webDist: a built web app to serve (none by default). opts.apiDocs: serve /docs (API_DOCS=1).
 */
export async function createTestApp(
  opts: {
    logStream?: { write: (line: string) => void }
    password?: PasswordParams
    webDist?: string
    apiDocs?: boolean
  } = {},
): Promise<TestApp> {
  const { db, drop } = await freshDb()
  await migrateToLatest(db.kysely)
  await syncPermissionCatalogue(db.kysely)
  await ensurePlatform(db, TEST_PASSWORD_PARAMS, ADMIN_PASSWORD)
  const clock = new FakeClock(new Date('2026-11-01T08:00:00Z'))
  // Loopback providers: the SMS and OpenID tests point the tenant at local stand-ins over http://127.0.0.1.
  const config = {
    ...loadConfig({}),
    password: opts.password ?? TEST_PASSWORD_PARAMS,
    seedDemo: false,
    webDist: opts.webDist ?? '/nonexistent',
    apiDocs: opts.apiDocs ?? false,
    allowLoopbackProviders: true,
  }
  const { app, ctx, routes } = await buildApp({
    config,
    db,
    clock,
    logger: !!opts.logStream,
    logStream: opts.logStream,
    captchaText: () => CAPTCHA_ANSWER,
  })
  await app.ready()
  return {
    app,
    ctx,
    routes,
    db,
    clock,
    close: async () => {
      await app.close()
      await db.close()
      await drop()
    },
  }
}

let seq = 0
const uniq = (p: string) => `${p}${process.pid}_${++seq}`

export interface World {
  tenantId: number
  bureauId: number
  schoolId: number
  school2Id: number
  roles: { admin: number; teacher: number; staff: number }
}

/** A tenant with a bureau and two schools, and its built-in roles. */
export async function makeWorld(
  t: TestApp,
  opts: { passwordMaxAgeDays?: number; tenantModuleType?: number } = {},
): Promise<World> {
  const tenantId = await createTenant(t.db, {
    name: uniq('测试区'),
    uniqueName: uniq('t'),
    defaultPassword: 'Zx123456',
    passwordMaxAgeDays: opts.passwordMaxAgeDays ?? 0,
    tenantModuleType: opts.tenantModuleType ?? 1,
    config: { sysName: '测试区智慧教育平台' },
  })
  return t.db.tenant(tenantId, async (trx) => {
    const bureauId = await createOrg(trx, { name: '测试区教育局', unitAttr: 4 })
    const schoolId = await createOrg(trx, { parentId: bureauId, name: '测试一小', unitAttr: 8, appType: 1 })
    const school2Id = await createOrg(trx, { parentId: bureauId, name: '测试二中', unitAttr: 9, appType: 1 })
    const admin = await createRole(trx, { code: 'admin', name: '管理员', builtin: true })
    const teacher = await createRole(trx, {
      code: 'teacher',
      name: '教师',
      permissions: ['sc_menhu_menu_school', 'sc_menhu_menu_person'],
    })
    const staff = await createRole(trx, {
      code: 'bureau_staff',
      name: '局机关',
      permissions: ['sc_menhu_menu_jujiguan'],
    })
    return { tenantId, bureauId, schoolId, school2Id, roles: { admin, teacher, staff } }
  })
}

export async function makePerson(
  t: TestApp,
  tenantId: number,
  p: Partial<PersonSpec> & Pick<PersonSpec, 'memberships'>,
) {
  const userName = p.userName ?? uniq('u')
  const spec: PersonSpec = { userName, password: PASSWORD, trueName: '测试用户', ...p }
  const hashed = await hashPerson(spec, TEST_PASSWORD_PARAMS)
  const ids = await t.db.tenant(tenantId, (trx) => createPerson(trx, tenantId, hashed))
  return { userName, password: spec.password, ...ids }
}

export interface Call {
  method?: 'GET' | 'POST'
  url: string
  body?: unknown
  token?: string
  headers?: Record<string, string>
  ip?: string
}

export async function call(t: TestApp, c: Call) {
  const res: LightMyRequestResponse = await t.app.inject({
    method: c.method ?? (c.body === undefined ? 'GET' : 'POST'),
    url: c.url,
    payload: c.body as object | undefined,
    remoteAddress: c.ip ?? '127.0.0.1',
    headers: { ...(c.token ? { authorization: `Bearer ${c.token}` } : {}), ...c.headers },
  })
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each test reads its own shape of data
  const json = res.json() as { code: number; msg: string; data: any }
  return { status: res.statusCode, code: json.code, msg: json.msg, data: json.data }
}

export function login(t: TestApp, body: Record<string, unknown>, extra: Partial<Call> = {}) {
  return call(t, {
    url: '/base/api/auth/loginByUserPwd',
    body: { loginType: 1, version: 2, needRandomOrg: false, ...body },
    ...extra,
  })
}

export async function loginToken(t: TestApp, userName: string, password = PASSWORD, orgId?: number): Promise<string> {
  const r = await login(t, { userName, password, orgId })
  if (r.data?.operationType !== 5) throw new Error(`login of ${userName} answered ${JSON.stringify(r)}`)
  return r.data.userToken
}

export interface Staff {
  bureauAdmin: string
  schoolAdmin: string
  school2Admin: string
  teacher: string
}

/** Signed-in tokens for the usual cast of a world: bureau admin, admins of both schools, a teacher of the first. */
export async function staffOf(t: TestApp, w: World): Promise<Staff> {
  const as = async (orgId: number, roleId: number) =>
    loginToken(
      t,
      (await makePerson(t, w.tenantId, { memberships: [{ orgId, userType: UserType.STAFF, roleIds: [roleId] }] }))
        .userName,
    )
  return {
    bureauAdmin: await as(w.bureauId, w.roles.admin),
    schoolAdmin: await as(w.schoolId, w.roles.admin),
    school2Admin: await as(w.school2Id, w.roles.admin),
    teacher: await as(w.schoolId, w.roles.teacher),
  }
}

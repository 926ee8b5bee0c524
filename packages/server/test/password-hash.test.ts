import { randomBytes, scryptSync } from 'node:crypto'
import { OperationType, UserType } from '@zhixiao/shared'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig } from '../src/config.js'
import {
  dummyHash,
  dummyVerify,
  hashPassword,
  needsRehash,
  OWASP_ARGON2ID,
  verifyPassword,
} from '../src/platform/password.js'
import {
  call,
  createTestApp,
  login,
  makePerson,
  makeWorld,
  PASSWORD,
  TEST_PASSWORD_PARAMS,
  type TestApp,
  type World,
} from './helpers.js'

/** What the production hash looks like: Argon2id v1.3 at OWASP's m = 19456 KiB, t = 2, p = 1. */
const OWASP_PHC = /^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/

/** A hash as earlier versions stored it (`scrypt$N$r$p$salt$key`); N = 2^10 keeps it quick, the format is the same. */
function legacyScrypt(password: string, N = 1024): string {
  const salt = randomBytes(16)
  const key = scryptSync(password.normalize('NFKC'), salt, 32, { N, r: 8, p: 1 })
  return `scrypt$${N}$8$1$${salt.toString('base64')}$${key.toString('base64')}`
}

describe('password hashes', () => {
  it('are Argon2id with m=19456, t=2, p=1 by default, and that is the configuration without variables', async () => {
    const h = await hashPassword(PASSWORD)
    expect(h).toMatch(OWASP_PHC)
    expect(await verifyPassword(PASSWORD, h)).toBe(true)
    expect(await verifyPassword('Wrong1234', h)).toBe(false)
    expect(loadConfig({}).password).toEqual(OWASP_ARGON2ID)
    expect(needsRehash(h, OWASP_ARGON2ID)).toBe(false)
  })

  it('take PASSWORD_MEMORY_KIB and PASSWORD_TIME_COST, and refuse nonsense', async () => {
    const params = loadConfig({ PASSWORD_MEMORY_KIB: '64', PASSWORD_TIME_COST: '1' }).password
    expect(params).toEqual({ memoryKiB: 64, timeCost: 1, parallelism: 1 })
    expect(await hashPassword(PASSWORD, params)).toMatch(/^\$argon2id\$v=19\$m=64,t=1,p=1\$/)
    expect(() => loadConfig({ PASSWORD_MEMORY_KIB: '4' })).toThrow(/PASSWORD_MEMORY_KIB/)
    expect(() => loadConfig({ PASSWORD_TIME_COST: 'two' })).toThrow(/PASSWORD_TIME_COST/)
  })

  it('verify the earlier scrypt format, which always needs a rehash, and match nothing for an unknown or broken hash', async () => {
    const old = legacyScrypt(PASSWORD)
    expect(await verifyPassword(PASSWORD, old)).toBe(true)
    expect(await verifyPassword('Wrong1234', old)).toBe(false)
    expect(needsRehash(old, TEST_PASSWORD_PARAMS)).toBe(true)
    expect(await verifyPassword(PASSWORD, '$argon2id$v=19$m=64,t=1,p=1$garbage')).toBe(false)
    expect(await verifyPassword(PASSWORD, 'scrypt$3$8$1$AAAA$AAAA')).toBe(false)
    expect(await verifyPassword(PASSWORD, 'md5$whatever')).toBe(false)
  })

  it('need a rehash below the current parameters only, never above', async () => {
    const cheap = await hashPassword(PASSWORD, TEST_PASSWORD_PARAMS)
    expect(needsRehash(cheap, OWASP_ARGON2ID)).toBe(true)
    expect(needsRehash(cheap, TEST_PASSWORD_PARAMS)).toBe(false)
    expect(
      needsRehash(await hashPassword(PASSWORD, { memoryKiB: 19456, timeCost: 1, parallelism: 1 }), OWASP_ARGON2ID),
    ).toBe(true)
    expect(
      needsRehash(await hashPassword(PASSWORD, { memoryKiB: 128, timeCost: 3, parallelism: 1 }), TEST_PASSWORD_PARAMS),
    ).toBe(false)
  })

  it('dummy verify (unknown names) runs a real verify against a hash of the current parameters, and matches nothing', async () => {
    expect(await dummyHash(OWASP_ARGON2ID)).toMatch(OWASP_PHC)
    expect(await dummyHash(TEST_PASSWORD_PARAMS)).toMatch(/^\$argon2id\$v=19\$m=64,t=1,p=1\$/)
    expect(await dummyVerify(PASSWORD, OWASP_ARGON2ID)).toBe(false)
    expect(await dummyVerify('dummy-password', OWASP_ARGON2ID)).toBe(false)
  })
})

describe('sign-in with production hash parameters', () => {
  let t: TestApp
  let w: World
  let ipSeq = 10
  const freshIp = () => `127.0.2.${ipSeq++}`

  beforeAll(async () => {
    t = await createTestApp({ password: OWASP_ARGON2ID })
    w = await makeWorld(t)
  })
  afterAll(() => t.close())

  const teacher = () =>
    makePerson(t, w.tenantId, {
      memberships: [{ orgId: w.schoolId, userType: UserType.STAFF, roleIds: [w.roles.teacher] }],
    })
  const storedHash = async (accountId: number) =>
    await t.db.tenant(w.tenantId, (trx) =>
      trx
        .selectFrom('account')
        .select(['password_hash', 'password_changed_at'])
        .where('id', '=', accountId)
        .executeTakeFirstOrThrow(),
    )
  const setHash = (accountId: number, hash: string) =>
    t.db.tenant(w.tenantId, (trx) =>
      trx.updateTable('account').set({ password_hash: hash }).where('id', '=', accountId).execute(),
    )

  it('an account holding an old scrypt hash signs in, then holds an Argon2id hash and still signs in', async () => {
    const p = await teacher()
    await setHash(p.accountId, legacyScrypt(PASSWORD))
    const before = await storedHash(p.accountId)

    const first = await login(t, { userName: p.userName, password: PASSWORD }, { ip: freshIp() })
    expect(first.data.operationType).toBe(OperationType.SUCCESS)
    const after = await storedHash(p.accountId)
    expect(after.password_hash).toMatch(OWASP_PHC)
    expect(after.password_changed_at).toEqual(before.password_changed_at) // the same password: its age is kept

    const second = await login(t, { userName: p.userName, password: PASSWORD }, { ip: freshIp() })
    expect(second.data.operationType).toBe(OperationType.SUCCESS)
    expect((await storedHash(p.accountId)).password_hash).toBe(after.password_hash) // up to date: not hashed again
    const d = await call(t, { url: '/base/api/account/user/current/detail', token: second.data.userToken })
    expect(d.data.userName).toBe(p.userName)
  })

  it('a wrong password against a scrypt hash fails and leaves the hash untouched', async () => {
    const p = await teacher()
    const old = legacyScrypt(PASSWORD)
    await setHash(p.accountId, old)
    const wrong = await login(t, { userName: p.userName, password: 'Wrong1234' }, { ip: freshIp() })
    expect(wrong.data).toEqual({ operationType: OperationType.FAILED })
    expect((await storedHash(p.accountId)).password_hash).toBe(old)
  })

  it('an Argon2id hash below the current parameters is replaced at the next good login', async () => {
    const p = await teacher()
    await setHash(p.accountId, await hashPassword(PASSWORD, TEST_PASSWORD_PARAMS))
    expect((await login(t, { userName: p.userName, password: PASSWORD }, { ip: freshIp() })).data.operationType).toBe(
      OperationType.SUCCESS,
    )
    expect((await storedHash(p.accountId)).password_hash).toMatch(OWASP_PHC)
  })

  it('a failed write of the new hash does not fail the login, and the old hash keeps working', async () => {
    const p = await teacher()
    const old = legacyScrypt(PASSWORD)
    await setHash(p.accountId, old)
    // The owner connection (no row-level security in the way) makes this account's hash impossible to change.
    await sql`CREATE FUNCTION zx_test_refuse_hash() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'hash write refused for the test'; END $$`.execute(t.db.kysely)
    await sql
      .raw(
        `CREATE TRIGGER zx_test_refuse_hash BEFORE UPDATE OF password_hash ON account
      FOR EACH ROW WHEN (NEW.id = ${p.accountId}) EXECUTE FUNCTION zx_test_refuse_hash()`,
      )
      .execute(t.db.kysely)
    try {
      const r = await login(t, { userName: p.userName, password: PASSWORD }, { ip: freshIp() })
      expect(r.data.operationType).toBe(OperationType.SUCCESS)
      expect((await storedHash(p.accountId)).password_hash).toBe(old)
    } finally {
      await sql`DROP TRIGGER zx_test_refuse_hash ON account`.execute(t.db.kysely)
      await sql`DROP FUNCTION zx_test_refuse_hash()`.execute(t.db.kysely)
    }
    expect((await login(t, { userName: p.userName, password: PASSWORD }, { ip: freshIp() })).data.operationType).toBe(
      OperationType.SUCCESS,
    )
    expect((await storedHash(p.accountId)).password_hash).toMatch(OWASP_PHC)
  })

  it('a changed password and a forced reset store Argon2id hashes at the current parameters', async () => {
    const p = await teacher()
    await setHash(p.accountId, legacyScrypt(PASSWORD))
    const token = (await login(t, { userName: p.userName, password: PASSWORD }, { ip: freshIp() })).data.userToken
    const changed = await call(t, {
      url: '/base/api/account/change/password',
      token,
      body: { oldPwd: PASSWORD, newPwd: 'Fresh2026a' },
    })
    expect(changed.code).toBe(0)
    const h = (await storedHash(p.accountId)).password_hash
    expect(h).toMatch(OWASP_PHC)
    expect(await verifyPassword('Fresh2026a', h)).toBe(true)

    const q = await makePerson(t, w.tenantId, {
      mustReset: true,
      memberships: [{ orgId: w.schoolId, userType: UserType.STAFF, roleIds: [w.roles.teacher] }],
    })
    const must = await login(t, { userName: q.userName, password: PASSWORD }, { ip: freshIp() })
    expect(must.data.operationType).toBe(OperationType.MUST_RESET_PASSWORD)
    const reset = await call(t, {
      url: '/base/api/account/must/change/default/password',
      body: { mustRstPwdId: must.data.mustRstPwdId, newPassword: 'Fresh2026b' },
    })
    expect(reset.code).toBe(0)
    expect((await storedHash(q.accountId)).password_hash).toMatch(OWASP_PHC)
  })
})

import { UserType } from '@zhixiao/shared'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { redactUrl } from '../src/platform/log-redaction.js'
import { call, createTestApp, loginToken, makePerson, makeWorld, type TestApp } from './helpers.js'

const lines: string[] = []
let t: TestApp
beforeAll(async () => {
  t = await createTestApp({
    logStream: {
      write: (line) => {
        lines.push(line)
      },
    },
  })
})
afterAll(() => t.close())

describe('server logs', () => {
  it('never contain a once-token or a session token carried in a URL', async () => {
    const w = await makeWorld(t)
    const p = await makePerson(t, w.tenantId, {
      memberships: [{ orgId: w.schoolId, userType: UserType.STAFF, roleIds: [w.roles.teacher] }],
    })
    const session = await loginToken(t, p.userName)
    const once = (await call(t, { url: '/base/api/auth/once/token', token: session })).data.onceToken as string
    expect(once).toMatch(/^t\d+\./)
    lines.length = 0
    // What a sub-app frame, the portal's own ?accesstoken= start and a careless client send.
    for (const url of [
      `/subapps/demo/?accesstoken=${once}&page=home`,
      `/?accesstoken=${encodeURIComponent(once)}`,
      `/base/api/account/user/current/detail?token=${session}`,
      `/base/api/tenant/getLoginInfo?x=1&onceToken=${once}`,
      `/some/${session}/path`,
    ]) {
      await t.app.inject({ method: 'GET', url })
    }
    const logged = lines.join('')
    expect(logged).toContain('incoming request')
    expect(logged).toContain('/subapps/demo/?accesstoken=[redacted]&page=home')
    for (const secret of [once, encodeURIComponent(once), session, session.split('.')[1]!, once.split('.')[1]!])
      expect(logged).not.toContain(secret)
  })

  it('redactUrl keeps everything but the token values', () => {
    expect(redactUrl('/a?accesstoken=t1.abc&page=x')).toBe('/a?accesstoken=[redacted]&page=x')
    expect(redactUrl('/a?page=x&Token=abc#frag')).toBe('/a?page=x&Token=[redacted]#frag')
    expect(redactUrl('/a?mustRstPwdId=zzz')).toBe('/a?mustRstPwdId=[redacted]')
    expect(redactUrl('/a?q=t12.AAAAAAAAAAAAAAAAAAAAAAAA')).toBe('/a?q=[redacted]')
    expect(redactUrl('/base/api/x?orgId=3&page=2')).toBe('/base/api/x?orgId=3&page=2')
  })
})

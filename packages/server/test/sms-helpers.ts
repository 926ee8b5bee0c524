import { ADMIN_PASSWORD, call, login, type TestApp } from './helpers.js'

let superToken: { app: TestApp; token: string } | null = null

/** The platform super administrator's token (cached per app). */
export async function superAdminToken(t: TestApp): Promise<string> {
  if (superToken?.app === t) return superToken.token
  const r = await login(t, { userName: 'administrator', password: ADMIN_PASSWORD, loginType: 0 })
  if (r.data?.operationType !== 5) throw new Error(`super admin login answered ${JSON.stringify(r)}`)
  superToken = { app: t, token: r.data.userToken as string }
  return superToken.token
}

/**
 * The code of the latest outbox message of a tenant, read the way a fresh install reads it: the super administrator
 * lists the tenant's SMS log and opens the message's full text.
 */
export async function latestCode(t: TestApp, tenantId: number): Promise<string> {
  const token = await superAdminToken(t)
  const page = await call(t, { url: `/base/api/sms/log/page?tenantId=${tenantId}&pageSize=1`, token })
  const row = page.data?.list?.[0]
  if (!row) throw new Error(`no SMS in tenant ${tenantId}: ${JSON.stringify(page)}`)
  const full = await call(t, { url: `/base/api/sms/log/full?tenantId=${tenantId}&id=${row.id}`, token })
  const code = /\d{6}/.exec(full.data?.content ?? '')?.[0]
  if (!code) throw new Error(`no code in ${JSON.stringify(full)}`)
  return code
}

/** A 6-digit code that is not `code`. */
export const otherCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0')

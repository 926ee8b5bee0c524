import { randomBytes } from 'node:crypto'
import {
  ErrorCode,
  Msg,
  QR_LOGIN,
  QrMsg,
  TenantMsg,
  type QrActionBody,
  type QrCodeInfo,
  type QrProcessResult,
  type QrScanInfo,
  type QrState,
} from '@zhixiao/shared'
import type { Selectable } from 'kysely'
import type { QrLoginTable } from '../../db/schema.js'
import type { AppContext, AuthInfo } from '../../platform/context.js'
import { AppError, notFound, refused } from '../../platform/errors.js'
import { hashToken } from '../../platform/tokens.js'
import { findAccount, findTenant, membershipsOf, writeLoginLog } from '../auth/queries.js'
import { finishSignIn } from '../auth/sign-in.js'
import type { ClientMeta } from './totp-login.js'
import type { DingtalkQrSource } from '../sso/dingtalk-qr.js'
import {
  claimConfirmedQr,
  countLiveQr,
  deleteQrExpiredBefore,
  findOrgTenant,
  findQr,
  findTrueName,
  insertQr,
  markQrScanned,
  moveOpenQr,
} from './queries.js'

/**
 * QR-code login (spec 000 §7.5; docs/auth.md "QR-code login"). The login page asks for a single-use id and shows a
 * QR code of the project's mobile confirm page with it; a person signed in on a phone opens that page, sees who asks
 * and confirms; the waiting page's next poll signs in as that person through finishSignIn, the end of every sign-in.
 * Only the id's hash is stored, and no token: the session is issued to the poll that claims the confirmation, once.
 * The id is in the picture, so it proves nothing: polls must also carry the secret of the browser that created it
 * (an HttpOnly cookie, as single sign-on binds its state), and without it are answered like an unknown id.
 */

/**
 * Where DingTalk's own QR login comes in once a tenant configures DingTalk (the third-party config of
 * /base/openthirdconfig): given the login page's tenant, the address of DingTalk's QR login page, or null. The
 * single sign-on module supplies it to qrLoginRoutes; without one, only the portal's own QR code is offered.
 */
/** Live ids one client address may hold at once: the page needs one every 2 minutes, a flood gets refused. */
const MAX_LIVE_PER_IP = 20
/** After confirmation the waiting page has this long to pick the session up. */
const PICKUP_MS = 60_000

const CONFIRM_ROUTE = '/mobile/qrLogin'

/** The cookie holding the creating browser's secret (modules/login-security/routes.ts sets it). */
export const QR_BROWSER_COOKIE = 'zx_qr'

/** A browser secret as this module makes them: 256 random bits, base64url. */
export const isBrowserSecret = (v: string | null): v is string => v !== null && /^[A-Za-z0-9_-]{43}$/.test(v)
export const newBrowserSecret = () => randomBytes(32).toString('base64url')

export async function createQr(
  ctx: AppContext,
  bind: { tenantId: number | null; orgId: number | null },
  browserSecret: string,
  meta: ClientMeta,
  dingtalk?: DingtalkQrSource,
): Promise<QrCodeInfo> {
  const now = ctx.clock.now()
  const k = ctx.db.kysely
  // Spent and expired ids are of no use to anyone after a few minutes.
  await deleteQrExpiredBefore(k, new Date(+now - 10 * 60_000))
  const live = await countLiveQr(k, meta.ip, now)
  if (Number(live.n) >= MAX_LIVE_PER_IP) throw refused(ErrorCode.TOO_MANY_REQUESTS, Msg.IP_THROTTLED)
  const qrId = randomBytes(32).toString('base64url')
  await insertQr(k, {
    id: hashToken(qrId),
    tenant_id: bind.tenantId,
    org_id: bind.orgId,
    created_at: now,
    expires_at: new Date(+now + QR_LOGIN.ttlSeconds * 1000),
    request_ip: meta.ip,
    request_agent: meta.userAgent?.slice(0, 300) ?? null,
    confirmed_tenant_id: null,
    confirmed_account_id: null,
    confirmed_user_info_id: null,
    confirmed_org_id: null,
    confirmed_at: null,
    used_at: null,
    browser_hash: hashToken(browserSecret),
  })
  const dingtalkUrl = bind.tenantId !== null && dingtalk ? await dingtalk.qrLoginUrl(ctx, bind.tenantId) : null
  return { qrId, confirmPath: `#${CONFIRM_ROUTE}?id=${qrId}`, expireSeconds: QR_LOGIN.ttlSeconds, dingtalkUrl }
}

/** The login page's tenant (tenantId header) or the unit of ?orgId; neither: any tenant's user may confirm. */
export async function qrBinding(
  ctx: AppContext,
  tenantHeader: number,
  orgId: number | undefined,
): Promise<{ tenantId: number | null; orgId: number | null }> {
  if (orgId !== undefined) {
    const row = await ctx.db.platform((trx) => findOrgTenant(trx, orgId))
    if (!row || row.status !== 0 || (tenantHeader > 0 && row.tenant_id !== tenantHeader))
      throw notFound(Msg.ORG_NOT_FOUND)
    return { tenantId: row.tenant_id, orgId }
  }
  if (tenantHeader > 0) {
    const t = await ctx.db.tenant(tenantHeader, (trx) => findTenant(trx, tenantHeader))
    if (!t) throw notFound(Msg.TENANT_NOT_FOUND)
    return { tenantId: tenantHeader, orgId: null }
  }
  return { tenantId: null, orgId: null }
}

function stateOf(row: Selectable<QrLoginTable> | undefined, now: Date): QrState {
  if (!row || row.used_at) return 'expired'
  if (row.state === 'cancelled') return 'cancelled'
  if (row.expires_at <= now) return 'expired'
  return row.state as QrState
}

/**
 * GET login/qrcode/process: the waiting page's poll. The first poll after the confirmation claims it (one conditional
 * UPDATE in the transaction that issues the session) and gets the login answer; every later poll sees it spent. A
 * poll without the creating browser's secret learns nothing, not even the state: it is answered like an unknown id.
 */
export async function pollQr(
  ctx: AppContext,
  qrId: string,
  browserSecret: string | null,
  meta: ClientMeta,
): Promise<QrProcessResult> {
  const now = ctx.clock.now()
  const id = hashToken(qrId)
  const found = await findQr(ctx.db.kysely, id)
  const row = found && browserSecret && found.browser_hash === hashToken(browserSecret) ? found : undefined
  const state = stateOf(row, now)
  if (state !== 'confirmed' || !row?.confirmed_tenant_id || !row.confirmed_account_id) return { state }
  const tenantId = row.confirmed_tenant_id
  const accountId = row.confirmed_account_id
  const out = await ctx.db.tenant(tenantId, async (trx) => {
    const claimed = await claimConfirmedQr(trx, id, now)
    if (!claimed) return null
    const account = await findAccount(trx, accountId)
    const tenant = await findTenant(trx, tenantId)
    const log = (reason: string) =>
      writeLoginLog(trx, {
        accountId,
        userName: account?.user_name ?? '',
        ip: meta.ip,
        success: false,
        reason,
        at: now,
        method: 'qr',
        userAgent: meta.userAgent,
        netType: meta.netType,
      })
    if (!account || account.status !== 0) {
      await log('disabled')
      return refused(ErrorCode.ACCOUNT_DISABLED, Msg.ACCOUNT_DISABLED)
    }
    if (!tenant || tenant.status !== 0) {
      await log('tenant disabled')
      return refused(ErrorCode.TENANT_DISABLED, TenantMsg.DISABLED)
    }
    // Only the membership the phone confirmed with, if it is still live.
    const orgs = (await membershipsOf(trx, accountId)).filter((o) => o.userInfoId === row.confirmed_user_info_id)
    if (!orgs.length) {
      await log('no active membership')
      return refused(ErrorCode.ACCOUNT_DISABLED, Msg.ACCOUNT_DISABLED)
    }
    // The phone's session stands for the second factor: it was signed in with one if its account has one.
    return finishSignIn(ctx, trx, now, {
      tenantId,
      accountId,
      userName: account.user_name,
      orgs,
      orgId: orgs[0]!.orgId,
      autoPickOrg: true,
      ip: meta.ip,
      userAgent: meta.userAgent,
      netType: meta.netType,
      method: 'qr',
      secondFactorDone: true,
    })
  })
  if (out === null) return { state: 'expired' }
  if (out instanceof AppError) throw out
  return { state: 'confirmed', ...out.data }
}

/**
 * POST login/qrcode/process: the phone's scan (see who asks), confirm or cancel. A QR code of one tenant's login page
 * cannot be confirmed from another tenant's session, nor one of an organisation's page by someone not in it.
 */
export async function actOnQr(ctx: AppContext, auth: AuthInfo, body: QrActionBody): Promise<QrScanInfo> {
  const now = ctx.clock.now()
  const id = hashToken(body.qrId)
  const k = ctx.db.kysely
  const row = await findQr(k, id)
  const state = stateOf(row, now)
  if (!row || (state !== 'waiting' && state !== 'scanned')) throw refused(ErrorCode.BAD_REQUEST, QrMsg.INVALID)
  if (row.tenant_id !== null && row.tenant_id !== auth.tenantId) throw refused(ErrorCode.FORBIDDEN, QrMsg.OTHER_TENANT)

  const who = await ctx.db.tenant(auth.tenantId, async (trx) => {
    const account = await findAccount(trx, auth.accountId)
    const orgs = await membershipsOf(trx, auth.accountId)
    const member =
      row.org_id !== null
        ? orgs.find((o) => o.orgId === row.org_id)
        : orgs.find((o) => o.userInfoId === auth.userInfoId)
    const person = member && (await findTrueName(trx, member.userInfoId))
    const tenant = row.tenant_id !== null ? await findTenant(trx, row.tenant_id) : undefined
    const boundOrg = row.org_id !== null ? (orgs.find((o) => o.orgId === row.org_id)?.displayName ?? null) : null
    return { account, member, trueName: person?.true_name ?? '', tenantName: tenant?.name ?? null, boundOrg }
  })
  if (!who.account || !who.member) throw refused(ErrorCode.FORBIDDEN, QrMsg.NOT_MEMBER)

  const open = ['waiting', 'scanned']
  let next: QrState
  if (body.action === 'scan') {
    await markQrScanned(k, id, open)
    next = 'scanned'
  } else if (body.action === 'cancel') {
    const r = await moveOpenQr(k, id, open, now, { state: 'cancelled' })
    if (!r) throw refused(ErrorCode.BAD_REQUEST, QrMsg.INVALID)
    next = 'cancelled'
  } else {
    const r = await moveOpenQr(k, id, open, now, {
      state: 'confirmed',
      confirmed_tenant_id: auth.tenantId,
      confirmed_account_id: auth.accountId,
      confirmed_user_info_id: who.member.userInfoId,
      confirmed_org_id: who.member.orgId,
      confirmed_at: now,
      expires_at: new Date(+now + PICKUP_MS),
    })
    if (!r) throw refused(ErrorCode.BAD_REQUEST, QrMsg.INVALID)
    next = 'confirmed'
  }
  return {
    state: next,
    tenantName: who.tenantName,
    orgName: who.boundOrg,
    requestIp: row.request_ip,
    requestAgent: row.request_agent,
    requestedAt: row.created_at.toISOString(),
    userName: who.account.user_name,
    trueName: who.trueName,
    currentOrgName: who.member.displayName,
  }
}

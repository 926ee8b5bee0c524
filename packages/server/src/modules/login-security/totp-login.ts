import {
  ErrorCode,
  Msg,
  OperationType,
  TenantMsg,
  TOTP as RULES,
  TotpMsg,
  type LoginByTotpBody,
  type LoginResult,
  type TotpEnrolment,
} from '@zhixiao/shared'
import type { Trx } from '../../db/database.js'
import type { AppContext } from '../../platform/context.js'
import { AppError, refused } from '../../platform/errors.js'
import { hashToken, newTenantToken, parseTenantToken } from '../../platform/tokens.js'
import type { AttemptAnswer } from '../auth/attempts.js'
import { findAccount, findTenant, writeLoginLog } from '../auth/queries.js'
import {
  finishSignIn,
  openableMemberships,
  type FinishSignIn,
  type LoginMeta,
  type SecondFactor,
} from '../auth/sign-in.js'
import { countTicketTry, findLiveTicket, findTotp, insertTotpTicket, spendTotpTicket } from './queries.js'
import { checkSignInCode, confirmEnrolment, mustUseTotp, startEnrolment } from './totp-store.js'

/** What the QR and TOTP sign-ins log of the request (signInMeta). */
export type ClientMeta = Pick<LoginMeta, 'ip' | 'userAgent' | 'netType'>

/**
 * Asked by finishSignIn (every sign-in method, through totpStep) once the organisation is chosen: an account with TOTP enabled, or an
 * administrator whose tenant requires it, gets operationType 7 and a single-use ticket (5 minutes) instead of a
 * session. The ticket keeps what the session needs (organisation, method), so the code alone completes the sign-in.
 */
async function totpChallenge(
  _ctx: AppContext,
  trx: Trx,
  now: Date,
  s: FinishSignIn & { orgId: number },
): Promise<{ msg: string; data: LoginResult } | null> {
  const row = await findTotp(trx, s.accountId)
  const enabled = !!row?.enabled_at
  const enrol = !enabled && (await mustUseTotp(trx, s.tenantId, s.accountId))
  if (!enabled && !enrol) return null
  const ticket = newTenantToken(s.tenantId)
  await insertTotpTicket(trx, {
    id: hashToken(ticket),
    account_id: s.accountId,
    org_id: s.orgId,
    auto_pick_org: s.autoPickOrg,
    limit_user_type: s.limitUserType ?? null,
    method: s.method,
    enrol,
    expires_at: new Date(+now + RULES.ticketTtlSeconds * 1000),
    used_at: null,
  })
  return {
    msg: enrol ? TotpMsg.NEED_ENROL : TotpMsg.NEED_CODE,
    data: {
      operationType: OperationType.NEED_TOTP,
      totpTicket: ticket,
      tenantId: s.tenantId,
      ...(enrol ? { totpEnrol: true } : {}),
    },
  }
}

/** The TOTP step of the sign-in core (registered by app.ts): not asked again of a sign-in that gave its second factor. */
export const totpStep: SecondFactor = {
  async challenge(ctx, trx, now, s) {
    if (s.secondFactorDone) return null
    const answer = await totpChallenge(ctx, trx, now, s)
    return answer && { answer, reason: answer.data.totpEnrol ? 'totp enrol required' : 'totp required' }
  },
}

const invalidTicket = () => refused(ErrorCode.RESET_TICKET_INVALID, TotpMsg.TICKET_INVALID)

function liveTicket(trx: Trx, ticket: string, now: Date) {
  return findLiveTicket(trx, hashToken(ticket), now, RULES.maxTriesPerTicket)
}

type Ticket = NonNullable<Awaited<ReturnType<typeof liveTicket>>>

/** Runs fn in the ticket's tenant; a refusal returned by fn is thrown after the commit, so counts and logs stay. */
async function withTicket<T>(
  ctx: AppContext,
  ticket: string,
  fn: (trx: Trx, t: Ticket, tenantId: number, now: Date) => Promise<T | AppError>,
): Promise<T> {
  const parsed = parseTenantToken(ticket)
  if (!parsed) throw invalidTicket()
  const now = ctx.clock.now()
  const out = await ctx.db.tenant(parsed.tenantId, async (trx) => {
    const t = await liveTicket(trx, ticket, now)
    if (!t) return invalidTicket()
    return fn(trx, t, parsed.tenantId, now)
  })
  if (out instanceof AppError) throw out
  return out
}

/** Spends the ticket, checks the account can still sign in, and ends like every sign-in (finishSignIn). */
async function complete(
  ctx: AppContext,
  trx: Trx,
  t: Ticket,
  tenantId: number,
  now: Date,
  meta: ClientMeta,
  reason: string | null,
): Promise<AttemptAnswer> {
  const spent = await spendTotpTicket(trx, t.id, now)
  if (!spent) return invalidTicket()
  const account = await findAccount(trx, t.account_id)
  const tenant = await findTenant(trx, tenantId)
  const log = (r: string) =>
    writeLoginLog(trx, {
      accountId: t.account_id,
      userName: account?.user_name ?? '',
      ip: meta.ip,
      success: false,
      reason: r,
      at: now,
      method: 'totp',
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
  // A graduate within the alumni period passed the password step to an alumni session: the TOTP step opens the same.
  const open = await openableMemberships(trx, account, now)
  const orgs = t.limit_user_type === null ? open : open.filter((o) => o.userType === t.limit_user_type)
  if (reason)
    await writeLoginLog(trx, {
      accountId: t.account_id,
      userName: account.user_name,
      ip: meta.ip,
      success: true,
      reason,
      at: now,
      method: 'totp',
      userAgent: meta.userAgent,
      netType: meta.netType,
    })
  return finishSignIn(ctx, trx, now, {
    tenantId,
    accountId: t.account_id,
    userName: account.user_name,
    orgs,
    orgId: t.org_id,
    autoPickOrg: t.auto_pick_org,
    limitUserType: t.limit_user_type ?? undefined,
    ip: meta.ip,
    userAgent: meta.userAgent,
    netType: meta.netType,
    method: 'totp',
    secondFactorDone: true,
  })
}

/** A wrong code spends one of the ticket's tries; the log says why. */
async function countFailure(
  trx: Trx,
  t: Ticket,
  now: Date,
  meta: ClientMeta,
  reason: string,
  error: AppError,
): Promise<AppError> {
  const r = await countTicketTry(trx, t.id)
  const account = await findAccount(trx, t.account_id)
  await writeLoginLog(trx, {
    accountId: t.account_id,
    userName: account?.user_name ?? '',
    ip: meta.ip,
    success: false,
    reason,
    at: now,
    method: 'totp',
    userAgent: meta.userAgent,
    netType: meta.netType,
  })
  // The last try: the next attempt must start over with the password.
  if (r.tries >= RULES.maxTriesPerTicket && error.code !== ErrorCode.ACCOUNT_LOCKED)
    return refused(error.code, TotpMsg.TOO_MANY)
  return error
}

/** POST /base/api/auth/loginByTotp: the second step after operationType 7. */
export function loginByTotp(
  ctx: AppContext,
  body: LoginByTotpBody,
  meta: ClientMeta,
): Promise<{ msg: string; data: LoginResult }> {
  return withTicket(ctx, body.ticket, async (trx, t, tenantId, now) => {
    if (t.enrol) return refused(ErrorCode.BAD_REQUEST, TotpMsg.NEED_ENROL)
    const check = await checkSignInCode(ctx, trx, t.account_id, body, now)
    if (!check.ok) return countFailure(trx, t, now, meta, check.reason, check.error)
    return complete(ctx, trx, t, tenantId, now, meta, check.via === 'recovery' ? 'recovery code' : null)
  })
}

/** Enrolling inside the login (the tenant requires it): the secret for the ticket's account. */
export function loginEnrolStart(ctx: AppContext, ticket: string): Promise<TotpEnrolment> {
  return withTicket(ctx, ticket, async (trx, t, _tenantId, now) => {
    if (!t.enrol) return refused(ErrorCode.BAD_REQUEST, TotpMsg.ALREADY_ENABLED)
    const account = await findAccount(trx, t.account_id)
    return startEnrolment(ctx, trx, t.account_id, account?.user_name ?? '', now)
  })
}

/** The first code enables TOTP and signs in; the recovery codes come back with the login answer, once. */
export function loginEnrolConfirm(
  ctx: AppContext,
  ticket: string,
  code: string,
  meta: ClientMeta,
): Promise<{ msg: string; data: LoginResult & { recoveryCodes: string[] } }> {
  return withTicket(ctx, ticket, async (trx, t, tenantId, now) => {
    if (!t.enrol) return refused(ErrorCode.BAD_REQUEST, TotpMsg.ALREADY_ENABLED)
    const codes = await confirmEnrolment(ctx, trx, t.account_id, code, now)
    if (codes instanceof AppError) return countFailure(trx, t, now, meta, 'wrong totp', codes)
    const answer = await complete(ctx, trx, t, tenantId, now, meta, null)
    if (answer instanceof AppError) return answer
    return { msg: TotpMsg.ENABLED, data: { ...answer.data, recoveryCodes: codes } }
  })
}

import {
  ACCOUNT_EXPIRED_MESSAGE,
  ErrorCode,
  Msg,
  OperationType,
  SignupErrorCode,
  TenantMsg,
  type LoginMethod,
  type LoginResult,
} from '@zhixiao/shared'
import type { FastifyRequest } from 'fastify'
import type { Selectable } from 'kysely'
import type { Trx } from '../../db/database.js'
import type { AccountTable, TenantTable } from '../../db/schema.js'
import type { AppContext } from '../../platform/context.js'
import { AppError, refused } from '../../platform/errors.js'
import { clientIp, netTypeHeader, optionalIntHeader } from '../../platform/request-meta.js'
import { issueSession } from '../../platform/session.js'
import type { AttemptAnswer } from './attempts.js'
import { alumniMembershipOf, membershipsOf, writeLoginLog, type Membership } from './queries.js'

/**
 * The sign-in core (docs/auth.md): what every way in shares once its credential checked out — the account's own state
 * (admitAccount), the organisation choice, the steps still due and the session (finishSignIn) — and the request's
 * sign-in metadata (signInMeta). The ways in (password here, SMS in modules/sms, QR and the TOTP step in
 * modules/login-security, single sign-on and code login in modules/sso) call it; the steps and the answer for a
 * signed-up account without a membership come from their modules, which register them (registerSignIn, called by
 * app.ts), so this file imports none of them.
 */

export interface LoginMeta {
  ip: string
  userAgent: string | null
  /** The ysNetType header: 1 intranet, 0 internet, null not sent (login log 网络). */
  netType: number | null
  /** Header limitUserType: only memberships of this user type may log in. */
  limitUserType?: number
  /** loginByUserPwdNoOrg: pick the first organisation instead of answering "choose organisation". */
  autoPickOrg: boolean
  /** Where a failed hash upgrade is reported (the request's logger); the login goes on regardless. */
  log?: { warn: (obj: object, msg: string) => void }
  /**
   * Runs in the sign-in's transaction once the password proved a live account (third/bindLogin binds a third-party
   * identity here, modules/sso); a refusal it returns is the answer, logged like the others.
   */
  onCredential?: (trx: Trx, tenantId: number, accountId: number) => Promise<AppError | null>
}

export interface LoginAnswer {
  msg: string
  data: LoginResult
}

/** A step's answer instead of a session (operationType 6 or 7). */
interface StepAnswer {
  msg: string
  data: LoginResult
}

/**
 * A step a sign-in must pass once its organisation is chosen, before the session: the SMS step of a password login
 * (modules/sms/step.ts) and the TOTP code (modules/login-security/totp-login.ts). Null: not due for this sign-in;
 * `reason` is what the login log records.
 */
export interface SecondFactor {
  challenge(
    ctx: AppContext,
    trx: Trx,
    now: Date,
    s: FinishSignIn & { orgId: number },
  ): Promise<{ answer: StepAnswer; reason: string } | null>
}

/** Where a signed-up account that belongs to no organisation yet stands (modules/signup/service.ts). */
export interface PendingRegistrations {
  /** The requests' state as the sign-in answers it, or null when the account has none open. */
  answer(trx: Trx, accountId: number, now: Date): Promise<{ msg: string; registerToken: string } | null>
  /** Whether the account is waiting for a request to be approved (it may then sign in to see where it stands). */
  awaiting(trx: Trx, accountId: number): Promise<boolean>
}

export interface SignInParts {
  /** Asked in this order. */
  secondFactors: SecondFactor[]
  pendingRegistrations: PendingRegistrations
}

let parts: SignInParts | null = null

/** The modules' parts of the sign-in (app.ts registers them when it builds the app). */
export function registerSignIn(p: SignInParts): void {
  parts = { secondFactors: [...p.secondFactors], pendingRegistrations: p.pendingRegistrations }
}

/** A sign-in never runs without its steps: an unregistered core refuses to work rather than skip the second factor. */
function registered(): SignInParts {
  if (!parts) throw new Error('sign-in steps are not registered (app.ts calls registerSignIn)')
  return parts
}

/** The sign-in metadata of a request: client address, user agent, ysNetType and limitUserType headers, its logger. */
export function signInMeta(req: FastifyRequest, autoPickOrg = false): LoginMeta {
  return {
    ip: clientIp(req),
    userAgent: req.headers['user-agent'] ?? null,
    netType: netTypeHeader(req),
    limitUserType: optionalIntHeader(req, 'limitUserType'),
    autoPickOrg,
    log: req.log,
  }
}

/**
 * Whether the account is past its expiry (set when its last live membership graduated; docs/school-year.md
 * "Graduation and alumni"). admitAccount holds only an account with no live membership to it: a graduate taken in
 * again by another school of the district (intake of a feeder school's graduates) signs in with the new membership.
 */
const accountExpired = (account: Pick<Selectable<AccountTable>, 'expires_at'>, now: Date): boolean =>
  account.expires_at != null && account.expires_at.getTime() <= now.getTime()

/**
 * The memberships a sign-in may open once the account itself is admitted: the live ones, else — within the alumni
 * period — the graduate's archived one (an alumni session). The TOTP step asks it again after the password.
 */
export async function openableMemberships(
  trx: Trx,
  account: Pick<Selectable<AccountTable>, 'id' | 'expires_at'>,
  now: Date,
): Promise<Membership[]> {
  const live = await membershipsOf(trx, account.id)
  if (live.length || accountExpired(account, now)) return live
  const alumnus = await alumniMembershipOf(trx, account.id)
  return alumnus ? [alumnus] : []
}

/**
 * The account's own state, the same for every sign-in method once its credential checked out: a disabled account or
 * tenant, or an account whose every membership is disabled or archived, is refused (and logged). Otherwise the live
 * memberships, narrowed to limitUserType when the header names one.
 */
export async function admitAccount(
  trx: Trx,
  account: Selectable<AccountTable>,
  tenant: Selectable<TenantTable>,
  limitUserType: number | undefined,
  log: (success: boolean, reason: string) => Promise<void>,
  now?: Date,
): Promise<Membership[] | AppError> {
  if (account.status !== 0) {
    await log(false, 'disabled')
    return refused(ErrorCode.ACCOUNT_DISABLED, Msg.ACCOUNT_DISABLED)
  }
  if (tenant.status !== 0) {
    await log(false, 'tenant disabled')
    return refused(ErrorCode.TENANT_DISABLED, TenantMsg.DISABLED)
  }
  // An account whose every membership is disabled or archived has nowhere to sign in to.
  const live = await membershipsOf(trx, account.id)
  if (!live.length && accountExpired(account, now ?? new Date())) {
    // A graduate after the alumni period (modules/alumni): told so, not that an administrator disabled them.
    await log(false, 'expired')
    return refused(ErrorCode.ACCOUNT_DISABLED, ACCOUNT_EXPIRED_MESSAGE)
  }
  if (!live.length) {
    // A graduate during the alumni period: the archived membership, as an alumni session (read-only; the auth hook
    // lets it reach only the routes marked for alumni).
    const alumnus = await alumniMembershipOf(trx, account.id)
    if (alumnus && (limitUserType === undefined || limitUserType === alumnus.userType)) return [alumnus]
  }
  if (!live.length) {
    // A signed-up account that belongs to no organisation yet: where its requests stand (modules/signup).
    const registration = await registered().pendingRegistrations.answer(trx, account.id, now ?? new Date())
    if (registration) {
      await log(false, 'registration pending')
      return refused(SignupErrorCode.REGISTRATION_PENDING, registration.msg, {
        registerToken: registration.registerToken,
      })
    }
    await log(false, 'no active membership')
    return refused(ErrorCode.ACCOUNT_DISABLED, Msg.ACCOUNT_DISABLED)
  }
  return limitUserType === undefined ? live : live.filter((o) => o.userType === limitUserType)
}

/**
 * Whether admitAccount would let the account in on its own state, without writing anything: enabled, its tenant
 * enabled, and a live membership — or made by sign-up and not yet a member anywhere (its sign-in answers where its
 * requests stand). Disabling or archiving a member sets user_info, not the account, so an account whose every
 * membership is disabled or archived is refused here as at the login. The forgotten-password reset asks it.
 */
export async function accountMaySignIn(
  trx: Trx,
  account: Selectable<AccountTable>,
  tenant: Selectable<TenantTable> | undefined,
): Promise<boolean> {
  if (account.status !== 0 || !tenant || tenant.status !== 0) return false
  if ((await membershipsOf(trx, account.id)).length) return true
  // A graduate during the alumni period signs in too (admitAccount), so may reset a forgotten password.
  if (!accountExpired(account, new Date()) && (await alumniMembershipOf(trx, account.id))) return true
  return registered().pendingRegistrations.awaiting(trx, account.id)
}

export interface FinishSignIn {
  tenantId: number
  accountId: number
  userName: string
  /** The live memberships this sign-in may use (already narrowed to limitUserType). */
  orgs: Membership[]
  orgId?: number | null
  autoPickOrg: boolean
  limitUserType?: number
  ip: string
  userAgent: string | null
  netType: number | null
  method: LoginMethod
  /** The second factor was given already (the TOTP step itself, or a QR confirmed by a signed-in phone). */
  secondFactorDone?: boolean
}

/**
 * The end every sign-in method shares once its credential checked out and the account may sign in: the organisation
 * choice (operationType 3), the registered steps (the SMS step 6 of a password login, the TOTP step 7 when the account
 * has one or its tenant requires one), and the session (5), each written to the login log with the method.
 */
export async function finishSignIn(ctx: AppContext, trx: Trx, now: Date, s: FinishSignIn): Promise<AttemptAnswer> {
  const { tenantId, accountId, orgs } = s
  const log = (success: boolean, reason: string) =>
    writeLoginLog(trx, {
      accountId,
      userName: s.userName,
      ip: s.ip,
      success,
      reason,
      at: now,
      method: s.method,
      userAgent: s.userAgent,
      netType: s.netType,
    })
  let chosen: Membership | undefined = orgs[0]
  if (s.orgId !== undefined && s.orgId !== null) {
    chosen = orgs.find((o) => o.orgId === s.orgId)
    if (!chosen) {
      await log(false, 'not a member of org')
      return refused(ErrorCode.ORG_NOT_MEMBER, Msg.ORG_NOT_MEMBER)
    }
  } else if (orgs.length > 1 && !s.autoPickOrg) {
    return {
      msg: '请选择机构',
      data: {
        operationType: OperationType.CHOOSE_ORG,
        orgList: orgs.map((o) => ({
          orgId: o.orgId,
          displayName: o.displayName,
          unitAttr: o.unitAttr,
          coreAccountId: accountId,
          tenantId,
        })),
      },
    }
  }
  if (!chosen) return refused(ErrorCode.ORG_NOT_MEMBER, Msg.ORG_NOT_MEMBER)
  // The registered steps, in their order (the SMS step of a password login, then TOTP), after the organisation
  // choice, so a code is asked once, for the organisation the session will be in.
  for (const step of registered().secondFactors) {
    const due = await step.challenge(ctx, trx, now, { ...s, orgId: chosen.orgId })
    if (due) {
      await log(false, due.reason)
      return due.answer
    }
  }

  const userToken = await issueSession(trx, tenantId, now, {
    accountId,
    userInfoId: chosen.userInfoId,
    orgId: chosen.orgId,
    ip: s.ip,
    userAgent: s.userAgent,
    alumni: chosen.alumni === true,
  })
  await log(true, chosen.alumni ? 'ok (alumni)' : 'ok')
  return { msg: '登录成功', data: { operationType: OperationType.SUCCESS, userToken, tenantId } }
}

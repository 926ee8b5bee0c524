import {
  ErrorCode,
  Msg,
  PeopleMsg,
  REGISTER_PASS_HOURS,
  SIGNUP_TICKET_MINUTES,
  SUPER_ADMIN,
  SignupErrorCode,
  SignupMsg,
  type SignUpBody,
  type SignUpResult,
  type SignupVerifyResult,
} from '@zhixiao/shared'
import type { Trx } from '../../db/database.js'
import type { AppContext } from '../../platform/context.js'
import { rethrowUnique } from '../../platform/db-errors.js'
import { refused } from '../../platform/errors.js'
import { hashPassword } from '../../platform/password.js'
import { checkPasswordRule, passwordRuleFor } from '../../platform/password-rule.js'
import { hashToken, newTenantToken, parseTenantToken } from '../../platform/tokens.js'
import { findTenant } from '../auth/queries.js'
import type { PendingRegistrations } from '../auth/sign-in.js'
import { recordSignupAcceptance } from '../privacy-notice/notice-service.js'
import { checkCode, sendCode } from '../sms/codes.js'
import { reachableOrg } from './apply-service.js'
import { tenantIdOfOrg } from '../tenant/service.js'
import {
  findAccountByPhone,
  findAccountTenant,
  findAnyMembership,
  findLatestJoinRequest,
  findLiveSignupPass,
  findSignupRecordByPhone,
  findSignupRecordOfAccount,
  insertAccount,
  insertLoginName,
  insertSignupPass,
  insertSignupRecord,
  insertSignupTicket,
  spendSignupTicket,
} from './queries.js'

const TICKET_MS = SIGNUP_TICKET_MINUTES * 60 * 1000
const PASS_MS = REGISTER_PASS_HOURS * 3600 * 1000

/**
 * The tenant a sign-up belongs to: the tenantId header (000 §7.1: the login page's tenant, chosen, by domain or by
 * `tn`), else the organisation of the login page it started from. Never the platform tenant (it has no schools),
 * never a disabled tenant. An organisation named must be one the sign-up reaches (reachableOrg: of that tenant,
 * enabled, open to some request), so a page of one tenant cannot send codes or sign people up for another tenant's
 * school or a closed one. Every refusal is the same one, the answer to an organisation that does not exist.
 */
export async function signupTenant(ctx: AppContext, header: number, orgId: number | null | undefined): Promise<number> {
  const noTenant = () => refused(SignupErrorCode.NO_TENANT, SignupMsg.NO_TENANT)
  let tenantId = header > 0 ? header : null
  if (tenantId === null && orgId != null) tenantId = await tenantIdOfOrg(ctx, orgId)
  if (tenantId === null || tenantId === SUPER_ADMIN.tenantId) throw noTenant()
  const scope = tenantId
  const ok = await ctx.db.tenant(scope, async (trx) => {
    const tenant = await findTenant(trx, scope)
    if (!tenant || tenant.status !== 0) return false
    return orgId == null || (await reachableOrg(trx, scope, orgId)) !== null
  })
  if (!ok) throw noTenant()
  return tenantId
}

/** Whether an account of the tenant has this phone, or a sign-up already took it. */
async function phoneTaken(trx: Trx, phone: string): Promise<boolean> {
  const account = await findAccountByPhone(trx, phone)
  if (account) return true
  return !!(await findSignupRecordByPhone(trx, phone))
}

/** GET signup/verify/phone/v3. */
export async function isPhoneRegistered(ctx: AppContext, tenantId: number, phone: string): Promise<boolean> {
  return ctx.db.tenant(tenantId, (trx) => phoneTaken(trx, phone))
}

/**
 * POST smsSender/signup/v2: a registered phone is told so (the sign-up page says 请直接登录, and signup/verify/phone/v3
 * answers the same question anyway); a free one gets a code under the SMS module's limits (60 s, 10 a day, per address).
 */
export async function sendSignupCode(ctx: AppContext, tenantId: number, phone: string, ip: string): Promise<void> {
  if (await isPhoneRegistered(ctx, tenantId, phone))
    throw refused(SignupErrorCode.PHONE_REGISTERED, SignupMsg.PHONE_REGISTERED)
  await sendCode(ctx, { tenantId, phone, event: 'signup', ip })
}

/** POST smsVerifyCode/signup: the code is spent, and a single-use ticket (15 minutes) for signUp/v2 comes back. */
export async function verifySignupCode(
  ctx: AppContext,
  tenantId: number,
  phone: string,
  smsCode: string,
): Promise<SignupVerifyResult> {
  await checkCode(ctx, { tenantId, phone, event: 'signup', code: smsCode, consume: true })
  const now = ctx.clock.now()
  const ticket = newTenantToken(tenantId)
  await ctx.db.tenant(tenantId, async (trx) => {
    if (await phoneTaken(trx, phone)) throw refused(SignupErrorCode.PHONE_REGISTERED, SignupMsg.PHONE_REGISTERED)
    await insertSignupTicket(trx, hashToken(ticket), phone, new Date(+now + TICKET_MS))
  })
  return { signupTicket: ticket, expiresInSeconds: TICKET_MS / 1000 }
}

const ticketInvalid = () => refused(SignupErrorCode.TICKET_INVALID, SignupMsg.TICKET_INVALID)

/**
 * POST signUp/v2: the account (login name: the phone unless one is given; the phone on the account) with a password
 * that keeps the tenant's rule. It belongs to no organisation yet: the answer is a registration pass for the request
 * to join. The ticket is spent and the phone's sign-up row written in one transaction, so a reused ticket or a
 * second sign-up of the same phone (even simultaneous, through the sign-up row's key) is refused and leaves nothing.
 */
export async function signUp(ctx: AppContext, b: SignUpBody): Promise<SignUpResult> {
  const parsed = parseTenantToken(b.signupTicket)
  if (!parsed) throw ticketInvalid()
  const tenantId = parsed.tenantId
  const tenant = await ctx.db.tenant(tenantId, (trx) => findTenant(trx, tenantId))
  if (!tenant || tenant.status !== 0) throw ticketInvalid()
  if (b.confirmPassword !== undefined && b.confirmPassword !== b.password)
    throw refused(ErrorCode.PASSWORD_RULE, Msg.PASSWORD_MISMATCH)
  const ruleError = checkPasswordRule(passwordRuleFor(tenant), b.password)
  if (ruleError) throw refused(ErrorCode.PASSWORD_RULE, ruleError)
  if (b.password === tenant.default_password) throw refused(ErrorCode.PASSWORD_RULE, Msg.PASSWORD_IS_DEFAULT)
  // The slow hash runs before the transaction, which then holds its rows only briefly.
  const hash = await hashPassword(b.password, ctx.config.password)
  const now = ctx.clock.now()
  const pass = newTenantToken(tenantId)
  return ctx.db.tenant(tenantId, async (trx) => {
    const spent = await spendSignupTicket(trx, hashToken(b.signupTicket), now)
    if (!spent) throw ticketInvalid()
    const phone = spent.phone
    if (await findAccountByPhone(trx, phone)) {
      throw refused(SignupErrorCode.PHONE_REGISTERED, SignupMsg.PHONE_REGISTERED)
    }
    const userName = b.userName ?? phone
    try {
      const { id: accountId } = await insertAccount(trx, {
        user_name: userName,
        password_hash: hash,
        must_reset: false,
        password_changed_at: now,
        phone,
        locked_until: null,
      })
      await insertLoginName(trx, userName, tenantId, accountId)
      await insertSignupRecord(trx, phone, accountId, b.trueName, now)
      // The notices' versions accepted, in the same transaction: no account without its record, and a stale one
      // (a newer version published while the form was open) refuses the whole sign-up.
      await recordSignupAcceptance(trx, accountId, b.acceptedNotices)
      await issuePass(trx, pass, accountId, now)
    } catch (e) {
      rethrowUnique(
        e,
        {
          signup_record_pkey: SignupMsg.PHONE_REGISTERED,
          login_name_pkey: PeopleMsg.LOGIN_TAKEN,
          account_tenant_id_user_name_key: PeopleMsg.LOGIN_TAKEN,
        },
        SignupMsg.PHONE_REGISTERED,
      )
    }
    return { registerToken: pass, userName, tenantId }
  })
}

async function issuePass(trx: Trx, pass: string, accountId: number, now: Date): Promise<void> {
  await insertSignupPass(trx, { id: hashToken(pass), account_id: accountId, expires_at: new Date(+now + PASS_MS) })
}

/** Who a registration pass stands for; null when it is unknown or expired. */
export async function resolvePass(
  ctx: AppContext,
  pass: string,
): Promise<{ tenantId: number; accountId: number } | null> {
  const parsed = parseTenantToken(pass)
  if (!parsed) return null
  const row = await ctx.db.tenant(parsed.tenantId, (trx) => findLiveSignupPass(trx, hashToken(pass), ctx.clock.now()))
  return row ? { tenantId: parsed.tenantId, accountId: row.account_id } : null
}

/** An account made by sign-up that belongs to no organisation at all (live, disabled or archived) yet. */
async function awaitingMembership(trx: Trx, accountId: number): Promise<boolean> {
  const record = await findSignupRecordOfAccount(trx, accountId)
  if (!record) return false
  const member = await findAnyMembership(trx, accountId)
  return !member
}

/**
 * A sign-in whose credential checked out, of an account that belongs to no organisation at all (live, disabled or
 * archived) but was made by sign-up: instead of 账号已停用, a refusal that carries a fresh registration pass and says
 * where the requests stand, so the login page opens the sign-up page's status step. Null for every other account.
 */
async function registrationAnswer(
  trx: Trx,
  accountId: number,
  now: Date,
): Promise<{ msg: string; registerToken: string } | null> {
  if (!(await awaitingMembership(trx, accountId))) return null
  const latest = await findLatestJoinRequest(trx, accountId)
  const tenant = await findAccountTenant(trx, accountId)
  const pass = newTenantToken(tenant.tenant_id)
  await issuePass(trx, pass, accountId, now)
  const msg = latest?.status === 0 ? SignupMsg.PENDING : latest?.status === 2 ? SignupMsg.REFUSED : SignupMsg.NO_REQUEST
  return { msg, registerToken: pass }
}

/** What the sign-in core asks about a signed-up account without a membership (registered by app.ts). */
export const pendingRegistrations: PendingRegistrations = { answer: registrationAnswer, awaiting: awaitingMembership }

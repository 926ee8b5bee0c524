import {
  CODE_LOGIN_SUCCESS,
  ErrorCode,
  OperationType,
  SSO_LIMITS,
  SsoErrorCode,
  SsoMsg,
  type CodeLoginBody,
  type LoginByThirdSsoBody,
  type LoginMethod,
  type ThirdBindBody,
  type ThirdLoginResult,
  type ThirdType,
  type ThirdUrlResult,
} from '@zhixiao/shared'
import { randomBytes } from 'node:crypto'
import * as oidc from 'openid-client'
import type { Trx } from '../../db/database.js'
import type { AppContext } from '../../platform/context.js'
import { AppError, refused } from '../../platform/errors.js'
import { hashToken, newTenantToken, parseTenantToken } from '../../platform/tokens.js'
import type { AttemptAnswer } from '../auth/attempts.js'
import { findAccount, findTenant, writeLoginLog } from '../auth/queries.js'
import { loginByPassword } from '../auth/service.js'
import { admitAccount, finishSignIn, type LoginMeta } from '../auth/sign-in.js'
import { connectorConfig, enabledConfig } from './config-service.js'
import { CONNECTORS, ProviderError } from './connectors.js'
import {
  deleteBindTicketsExpiredBefore,
  deleteCodeLoginReqsExpiredBefore,
  deleteStatesExpiredBefore,
  findAccountIdentity,
  findConfig,
  findLiveBindTicket,
  insertBindTicket,
  insertCodeLoginReq,
  insertIdentity,
  insertState,
  insertThirdSession,
  spendBindTicket,
  spendCodeLoginReq,
  spendState,
  touchIdentity,
} from './queries.js'

/**
 * The third-party sign-in flow (docs/auth.md "Single sign-on"):
 * 1. third/url (or third/start, a plain link) makes a single-use state `t<tenant>.<random>` with a nonce, a PKCE
 *    verifier and a browser binding (an HttpOnly cookie whose hash the state keeps), and answers the provider's
 *    authorize address.
 * 2. The provider sends the browser to third/callback/<type>, which hands code and state to the web app's
 *    /redirect/thirdLogin; that page posts loginByThirdSSO {thirdType, token: code, state}.
 * 3. loginByThirdSSO spends the state (only from the browser that asked for it), swaps the code at the provider
 *    (openid-client checks PKCE, state, nonce and the ID token) and looks the subject up: a bound identity signs in
 *    through finishSignIn, the end every sign-in shares; an unknown one gets operationType 8 with a bind ticket, and
 *    third/bindLogin binds it after the password login (all its limits) proved the account.
 * 4. An operationType 3 answer here carries a reqId: the organisation choice then completes by code login
 *    (coreAccountId, reqId, tenantId, orgId), single use, 2 minutes, since there is no password to send again.
 */

/** What a single sign-on or code login uses of the request (signInMeta). */
export type ClientMeta = Pick<LoginMeta, 'ip' | 'userAgent' | 'netType' | 'limitUserType' | 'log'>

export interface ThirdAnswer {
  msg: string
  data: ThirdLoginResult
}

/** What a session should remember of the provider it came through (for the smartEdu logout). */
interface ProviderLink {
  configId: number
  idTokenSealed: string | null
}

export const BROWSER_COOKIE = 'zx_sso'
const STATE_TTL_MS = SSO_LIMITS.stateMinutes * 60_000
const BIND_TTL_MS = SSO_LIMITS.bindTicketMinutes * 60_000
const REQ_TTL_MS = SSO_LIMITS.reqIdSeconds * 1000

const stateInvalid = () => refused(SsoErrorCode.STATE_INVALID, SsoMsg.STATE_INVALID)
const reqInvalid = () => refused(SsoErrorCode.REQ_INVALID, SsoMsg.REQ_INVALID)

function callbackUri(origin: string, thirdType: ThirdType): string {
  return `${origin}/base/api/auth/third/callback/${thirdType}`
}

/** third/url and third/start: the provider's authorize address for this browser, and the cookie value binding it. */
export async function startThirdLogin(
  ctx: AppContext,
  p: { tenantId: number; thirdType: ThirdType; origin: string; redirect: string | null },
): Promise<ThirdUrlResult & { browserSecret: string }> {
  const now = ctx.clock.now()
  const state = newTenantToken(p.tenantId)
  const nonce = oidc.randomNonce()
  const codeVerifier = oidc.randomPKCECodeVerifier()
  const browserSecret = randomBytes(32).toString('base64url')
  const redirectUri = callbackUri(p.origin, p.thirdType)
  const cfg = await ctx.db.tenant(p.tenantId, async (trx) => {
    const row = await enabledConfig(trx, p.thirdType)
    // Spent and expired states are of no use to anyone after an hour.
    await deleteStatesExpiredBefore(trx, new Date(+now - 3600_000))
    await insertState(trx, {
      id: hashToken(state),
      config_id: Number(row.id),
      nonce,
      verifier_sealed: ctx.secrets.seal(codeVerifier),
      browser_hash: hashToken(browserSecret),
      redirect_uri: redirectUri,
      after_login: p.redirect,
      expires_at: new Date(+now + STATE_TTL_MS),
      used_at: null,
    })
    return connectorConfig(ctx, p.tenantId, row)
  })
  try {
    const url = await CONNECTORS[p.thirdType].authorizeUrl(cfg, { redirectUri, state, nonce, codeVerifier })
    return { url, state, browserSecret }
  } catch (e) {
    throw refused(SsoErrorCode.PROVIDER_FAILED, SsoMsg.PROVIDER_FAILED, {
      detail: e instanceof ProviderError ? e.message : undefined,
    })
  }
}

/** loginByThirdSSO: the provider's code for this browser's state → a session, an organisation choice or a bind ticket. */
export async function loginByThirdSso(
  ctx: AppContext,
  body: LoginByThirdSsoBody,
  browserSecret: string | null,
  meta: ClientMeta,
): Promise<ThirdAnswer> {
  const parsed = parseTenantToken(body.state)
  if (!parsed) throw stateInvalid()
  const tenantId = parsed.tenantId
  const now = ctx.clock.now()
  // Spent whatever comes next: a state is good for one answer of the provider.
  const spent = await ctx.db.tenant(tenantId, async (trx) => {
    const st = await spendState(trx, hashToken(body.state), now)
    if (!st) return null
    const cfg = await findConfig(trx, st.config_id)
    return cfg ? { st, cfg } : null
  })
  // Another browser's state (a login CSRF: someone else's code planted in this page) is refused like a spent one.
  if (
    !spent ||
    spent.cfg.status !== 0 ||
    spent.cfg.third_type !== body.thirdType ||
    !browserSecret ||
    hashToken(browserSecret) !== spent.st.browser_hash
  ) {
    throw stateInvalid()
  }
  const { st, cfg: row } = spent
  const cfg = connectorConfig(ctx, tenantId, row)
  let identity
  try {
    identity = await CONNECTORS[cfg.thirdType].exchange(cfg, {
      redirectUri: st.redirect_uri,
      state: body.state,
      nonce: st.nonce,
      codeVerifier: ctx.secrets.open(st.verifier_sealed),
      code: body.token,
      iss: body.iss,
    })
  } catch (e) {
    meta.log?.warn({ err: e, tenantId, thirdType: cfg.thirdType }, 'third-party sign-in refused by the provider')
    await ctx.db.tenant(tenantId, (trx) =>
      writeLoginLog(trx, {
        accountId: null,
        userName: `${cfg.thirdType}`,
        ip: meta.ip,
        success: false,
        reason: `provider: ${e instanceof Error ? e.message : String(e)}`.slice(0, 200),
        at: now,
        method: 'sso',
        userAgent: meta.userAgent,
        netType: meta.netType,
      }),
    )
    throw refused(SsoErrorCode.PROVIDER_FAILED, SsoMsg.PROVIDER_FAILED)
  }
  const idTokenSealed = identity.idToken ? ctx.secrets.seal(identity.idToken) : null
  const answer = await ctx.db.tenant(tenantId, async (trx): Promise<AttemptAnswer | ThirdAnswer> => {
    const bound = await touchIdentity(trx, cfg.id, identity.subject, now)
    if (!bound) {
      const bindTicket = newTenantToken(tenantId)
      await deleteBindTicketsExpiredBefore(trx, new Date(+now - 3600_000))
      await insertBindTicket(trx, {
        id: hashToken(bindTicket),
        config_id: cfg.id,
        subject: identity.subject,
        display_name: identity.displayName,
        id_token_sealed: idTokenSealed,
        expires_at: new Date(+now + BIND_TTL_MS),
        used_at: null,
      })
      return {
        msg: '首次使用，请绑定平台账号',
        data: {
          operationType: OperationType.NEED_BIND,
          bindTicket,
          thirdName: row.name,
          thirdUser: identity.displayName ?? undefined,
          tenantId,
        },
      }
    }
    return signInBound(ctx, trx, now, {
      tenantId,
      accountId: Number(bound.account_id),
      orgId: null,
      method: 'sso',
      meta,
      link: { configId: cfg.id, idTokenSealed },
    })
  })
  if (answer instanceof AppError) throw answer
  return { msg: answer.msg, data: { ...answer.data, redirect: st.after_login } }
}

interface BoundSignIn {
  tenantId: number
  accountId: number
  orgId: number | null | undefined
  method: LoginMethod
  meta: ClientMeta
  link: ProviderLink | null
}

/**
 * A sign-in whose credential is not a password (a bound identity, a code login): the account's own state
 * (admitAccount), then finishSignIn. A session remembers its provider; an organisation choice gets a reqId.
 */
async function signInBound(ctx: AppContext, trx: Trx, now: Date, s: BoundSignIn): Promise<AttemptAnswer> {
  const [account, tenant] = await Promise.all([findAccount(trx, s.accountId), findTenant(trx, s.tenantId)])
  if (!account || !tenant) return reqInvalid()
  const log = (success: boolean, reason: string) =>
    writeLoginLog(trx, {
      accountId: account.id,
      userName: account.user_name,
      ip: s.meta.ip,
      success,
      reason,
      at: now,
      method: s.method,
      userAgent: s.meta.userAgent,
      netType: s.meta.netType,
    })
  const orgs = await admitAccount(trx, account, tenant, s.meta.limitUserType, log, now)
  if (orgs instanceof AppError) return orgs
  const answer = await finishSignIn(ctx, trx, now, {
    tenantId: s.tenantId,
    accountId: account.id,
    userName: account.user_name,
    orgs,
    orgId: s.orgId,
    autoPickOrg: false,
    limitUserType: s.meta.limitUserType,
    ip: s.meta.ip,
    userAgent: s.meta.userAgent,
    netType: s.meta.netType,
    method: s.method,
  })
  return afterFinish(trx, now, answer, {
    tenantId: s.tenantId,
    accountId: account.id,
    method: s.method,
    limitUserType: s.meta.limitUserType,
    link: s.link,
  })
}

/** A session remembers the provider it came through; an organisation choice carries the reqId of the code login. */
async function afterFinish(
  trx: Trx,
  now: Date,
  answer: AttemptAnswer,
  s: { tenantId: number; accountId: number; method: LoginMethod; limitUserType?: number; link: ProviderLink | null },
): Promise<AttemptAnswer> {
  if (answer instanceof AppError) return answer
  if (answer.data.operationType === OperationType.SUCCESS && answer.data.userToken && s.link) {
    await insertThirdSession(trx, {
      session_id: hashToken(answer.data.userToken),
      config_id: s.link.configId,
      id_token_sealed: s.link.idTokenSealed,
    })
  }
  if (answer.data.operationType === OperationType.CHOOSE_ORG) {
    const reqId = await issueCodeLoginReq(trx, now, {
      tenantId: s.tenantId,
      accountId: s.accountId,
      method: s.method,
      limitUserType: s.limitUserType,
      link: s.link,
    })
    return { msg: answer.msg, data: { ...answer.data, reqId } as ThirdLoginResult }
  }
  return answer
}

/**
 * A reqId for the code login: single use, 2 minutes, bound to the account (and the provider a session should
 * remember). Issued with an operationType 3 answer of a sign-in that has no password to resend (third party, and
 * any other method that calls this).
 */
async function issueCodeLoginReq(
  trx: Trx,
  now: Date,
  s: { tenantId: number; accountId: number; method: LoginMethod; limitUserType?: number; link?: ProviderLink | null },
): Promise<string> {
  const reqId = newTenantToken(s.tenantId)
  await deleteCodeLoginReqsExpiredBefore(trx, new Date(+now - 3600_000))
  await insertCodeLoginReq(trx, {
    id: hashToken(reqId),
    account_id: s.accountId,
    method: s.method,
    limit_user_type: s.limitUserType ?? null,
    config_id: s.link?.configId ?? null,
    id_token_sealed: s.link?.idTokenSealed ?? null,
    expires_at: new Date(+now + REQ_TTL_MS),
    used_at: null,
  })
  return reqId
}

/** Code login (000 §7.2): coreAccountId, reqId, tenantId (+ the chosen orgId). Success is state 120 with a token. */
export async function loginByCode(ctx: AppContext, body: CodeLoginBody, meta: ClientMeta): Promise<ThirdAnswer> {
  const parsed = parseTenantToken(body.reqId)
  if (!parsed || parsed.tenantId !== body.tenantId) throw reqInvalid()
  const now = ctx.clock.now()
  const answer = await ctx.db.tenant(body.tenantId, async (trx): Promise<AttemptAnswer> => {
    const req = await spendCodeLoginReq(trx, hashToken(body.reqId), body.coreAccountId, now)
    if (!req) return reqInvalid()
    const link = req.config_id === null ? null : { configId: Number(req.config_id), idTokenSealed: req.id_token_sealed }
    return signInBound(ctx, trx, now, {
      tenantId: body.tenantId,
      accountId: Number(req.account_id),
      orgId: body.orgId,
      method: 'code',
      meta: { ...meta, limitUserType: req.limit_user_type ?? undefined },
      link,
    })
  })
  if (answer instanceof AppError) throw answer
  const d = answer.data as ThirdLoginResult
  return d.operationType === OperationType.SUCCESS && d.userToken
    ? { msg: answer.msg, data: { ...d, state: CODE_LOGIN_SUCCESS, token: d.userToken } }
    : { msg: answer.msg, data: d }
}

/**
 * third/bindLogin and third/loginByUserPwdNoOrg: the password login itself (its IP and account limits, captcha,
 * lock, forced reset) with the bind ticket spent and the identity bound inside its transaction, once the password
 * proved a live account of the ticket's tenant.
 */
export async function bindAndLogin(
  ctx: AppContext,
  body: ThirdBindBody,
  meta: ClientMeta & { autoPickOrg: boolean },
): Promise<ThirdAnswer> {
  const parsed = parseTenantToken(body.bindTicket)
  if (!parsed) throw refused(SsoErrorCode.BIND_TICKET_INVALID, SsoMsg.BIND_TICKET_INVALID)
  const { bindTicket, ...login } = body
  const now = ctx.clock.now()
  const ticketId = hashToken(bindTicket)
  // Checked first, so a stale ticket is told as such and costs no password attempt.
  const live = await ctx.db.tenant(parsed.tenantId, (trx) => findLiveBindTicket(trx, ticketId, now))
  if (!live) throw refused(SsoErrorCode.BIND_TICKET_INVALID, SsoMsg.BIND_TICKET_INVALID)

  let bound: { accountId: number; link: ProviderLink } | null = null
  const answer = await loginByPassword(ctx, login, {
    ip: meta.ip,
    userAgent: meta.userAgent,
    netType: meta.netType,
    limitUserType: meta.limitUserType,
    autoPickOrg: meta.autoPickOrg,
    log: meta.log,
    onCredential: async (trx, tenantId, accountId) => {
      if (tenantId !== parsed.tenantId) return refused(ErrorCode.ORG_NOT_MEMBER, SsoMsg.OTHER_TENANT)
      const t = await spendBindTicket(trx, ticketId, now)
      if (!t) return refused(SsoErrorCode.BIND_TICKET_INVALID, SsoMsg.BIND_TICKET_INVALID)
      const mine = await findAccountIdentity(trx, accountId, t.config_id)
      if (mine) return refused(SsoErrorCode.ALREADY_BOUND, SsoMsg.ALREADY_BOUND)
      const added = await insertIdentity(trx, {
        config_id: t.config_id,
        subject: t.subject,
        account_id: accountId,
        display_name: t.display_name,
        created_at: now,
        last_login_at: now,
      })
      if (!added) return refused(SsoErrorCode.ALREADY_BOUND, SsoMsg.IDENTITY_TAKEN)
      bound = { accountId, link: { configId: Number(t.config_id), idTokenSealed: t.id_token_sealed } }
      return null
    },
  })
  const b = bound as { accountId: number; link: ProviderLink } | null
  if (!b) return answer
  // The password login's answer, plus what a third-party sign-in adds (the session's provider, the reqId).
  const after = await ctx.db.tenant(parsed.tenantId, (trx) =>
    afterFinish(trx, now, answer, {
      tenantId: parsed.tenantId,
      accountId: b.accountId,
      method: 'sso',
      limitUserType: meta.limitUserType,
      link: b.link,
    }),
  )
  if (after instanceof AppError) throw after
  return after
}

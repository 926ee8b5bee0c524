import {
  ErrorCode,
  HUB_SCOPE_INFO,
  OidcMsg,
  SERVER_SCOPES,
  type HubScope,
  type InteractionDetails,
} from '@zhixiao/shared'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { AppContext, AuthInfo } from '../../platform/context.js'
import { AppError, refused } from '../../platform/errors.js'
import { admitsUserType, loadHubClient } from '../app-clients/hub-client.js'
import { loadPerson } from '../app-clients/claims.js'
import { tenantPublicInfo } from '../tenant/service.js'
import { audit, providerFor } from './provider.js'

/**
 * The provider's login interaction, answered by the portal (docs/open-platform.md "Sign-in"): the portal's own login
 * page (every way in, TOTP, the org choice) signs the person in; this then tells the provider who it is.
 */
type Raw = { req: FastifyRequest; reply: FastifyReply; origin: string }

const gone = () => new AppError(ErrorCode.NOT_FOUND, OidcMsg.INTERACTION_GONE, 404)

async function detailsOf(ctx: AppContext, tenantId: number, r: Raw) {
  const provider = await providerFor(ctx, tenantId, r.origin)
  const details = await provider.interactionDetails(r.req.raw, r.reply.raw).catch(() => {
    throw gone()
  })
  const clientId = String(details.params.client_id ?? '')
  const client = await ctx.db.tenant(tenantId, (trx) => loadHubClient(ctx, trx, clientId))
  if (!client?.usable) throw refused(ErrorCode.FORBIDDEN, OidcMsg.APP_UNAVAILABLE)
  return { provider, details, client }
}

export async function interactionInfo(ctx: AppContext, tenantId: number, r: Raw): Promise<InteractionDetails> {
  const { details, client } = await detailsOf(ctx, tenantId, r)
  const asked = new Set(String(details.params.scope ?? '').split(' '))
  const releases = client.scopes
    .filter((s): s is HubScope => asked.has(s) && !SERVER_SCOPES.includes(s))
    .map((s) => ({ scope: s, label: HUB_SCOPE_INFO[s].label, note: HUB_SCOPE_INFO[s].note }))
  const tenant = await tenantPublicInfo(ctx, tenantId)
  return {
    prompt: details.prompt.name,
    appName: client.appName,
    tenant: { id: tenant.id, name: tenant.name },
    releases,
  }
}

export async function finishLogin(ctx: AppContext, auth: AuthInfo, tenantId: number, r: Raw): Promise<string> {
  if (auth.tenantId !== tenantId) throw refused(ErrorCode.FORBIDDEN, OidcMsg.OTHER_TENANT)
  const { provider, details, client } = await detailsOf(ctx, tenantId, r)
  const person = await ctx.db.tenant(tenantId, (trx) => loadPerson(trx, auth.userInfoId))
  if (!person || !admitsUserType(client, person.user_type)) {
    throw refused(ErrorCode.FORBIDDEN, OidcMsg.USER_TYPE_REFUSED)
  }
  const accountId = String(auth.userInfoId)
  const result: Record<string, unknown> = { login: { accountId } }
  if (details.prompt.name === 'consent') {
    // District-approved scopes need no consent (provider.ts loadExistingGrant); a leftover consent prompt is granted
    // the same way: exactly the app's approved scopes.
    const grant = new provider.Grant({ accountId, clientId: client.clientId })
    grant.addOIDCScope(['openid', 'offline_access', ...client.scopes].join(' '))
    result.consent = { grantId: await grant.save() }
  }
  const to = await provider.interactionResult(r.req.raw, r.reply.raw, result, { mergeWithLastSubmission: true })
  audit(ctx, tenantId, { appId: client.appId, clientId: client.clientId, kind: 'sign-in', userInfoId: auth.userInfoId })
  return to
}

export async function abortLogin(ctx: AppContext, tenantId: number, r: Raw): Promise<string> {
  const provider = await providerFor(ctx, tenantId, r.origin)
  await provider.interactionDetails(r.req.raw, r.reply.raw).catch(() => {
    throw gone()
  })
  return provider.interactionResult(r.req.raw, r.reply.raw, {
    error: 'access_denied',
    error_description: 'the person cancelled the sign-in',
  })
}

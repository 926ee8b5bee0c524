import { SERVER_SCOPES, USER_SCOPES } from '@zhixiao/shared'
import Provider, { type Configuration, type KoaContextWithOIDC } from 'oidc-provider'
import type { AppContext } from '../../platform/context.js'
import { loadHubClient, logAppAccess, subjectFor, type HubClient } from '../app-clients/hub-client.js'
import { issuerOf } from '../app-clients/service.js'
import { clientScopes, tenantAdapter } from './adapter.js'
import { claimsFor, loadPerson, SCOPE_CLAIMS } from '../app-clients/claims.js'
import { keyIds, signingKeys } from './keys.js'
import { errorPage, logoutPage, logoutDonePage } from './pages.js'

/** Token lifetimes in seconds (docs/open-platform.md "Lifetimes"). */
const TTL = {
  AccessToken: 3600,
  AuthorizationCode: 60,
  ClientCredentials: 3600,
  IdToken: 3600,
  Interaction: 600,
  RefreshToken: 14 * 86400,
  Session: 14 * 86400,
  Grant: 14 * 86400,
}

interface Built {
  provider: Provider
  kids: string
  checkedAt: number
}
const built = new WeakMap<AppContext, Map<string, Promise<Built>>>()

/** The tenant's OpenID provider at this origin, built once per process and rebuilt when its signing keys change. */
export async function providerFor(ctx: AppContext, tenantId: number, origin: string): Promise<Provider> {
  let perCtx = built.get(ctx)
  if (!perCtx) built.set(ctx, (perCtx = new Map()))
  const key = `${tenantId}|${origin}`
  const cached = perCtx.get(key)
  if (cached) {
    const b = await cached
    // Trusted this long before its keys are compared with the database (another process may have rotated them).
    if (Date.now() - b.checkedAt < ctx.config.oidcKeyRecheckSeconds * 1000) return b.provider
    const kids = await keyIds(ctx, tenantId)
    if (kids === b.kids) {
      b.checkedAt = Date.now()
      return b.provider
    }
  }
  const next = build(ctx, tenantId, origin)
  perCtx.set(key, next)
  next.catch(() => perCtx.delete(key))
  return (await next).provider
}

/** Forget the tenant's built providers (after a key rotation in this process). */
export function dropProviders(ctx: AppContext, tenantId: number): void {
  const perCtx = built.get(ctx)
  for (const k of [...(perCtx?.keys() ?? [])]) if (k.startsWith(`${tenantId}|`)) perCtx!.delete(k)
}

async function hubClientOf(ctx: AppContext, tenantId: number, clientId: string): Promise<HubClient | undefined> {
  return ctx.db.tenant(tenantId, (trx) => loadHubClient(ctx, trx, clientId))
}

/** The access log, written beside the request (a failed write is logged, never fails the protocol answer). */
export function audit(
  ctx: AppContext,
  tenantId: number,
  e: Parameters<typeof logAppAccess>[1] & { clientId: string },
): void {
  void ctx.db.tenant(tenantId, (trx) => logAppAccess(trx, e)).catch(() => undefined)
}

async function build(ctx: AppContext, tenantId: number, origin: string): Promise<Built> {
  const keys = await signingKeys(ctx, tenantId)
  const configuration: Configuration = {
    adapter: tenantAdapter(ctx, tenantId),
    jwks: { keys },
    cookies: { keys: [ctx.secrets.tag('oidc-cookies', String(tenantId))] },
    scopes: ['openid', 'offline_access', ...USER_SCOPES, ...SERVER_SCOPES],
    claims: { ...SCOPE_CLAIMS, phone: ['phone_number', 'phone_number_verified'] },
    conformIdTokenClaims: false,
    subjectTypes: ['public', 'pairwise'],
    pairwiseIdentifier: async (_kctx, accountId, client) =>
      subjectFor(ctx, { tenantId, clientId: client.clientId, subjectType: 'pairwise' }, Number(accountId)),
    pkce: { required: (_kctx, client) => client.tokenEndpointAuthMethod === 'none' },
    ttl: TTL,
    rotateRefreshToken: true,
    issueRefreshToken: async (_kctx, client) => client.grantTypeAllowed('refresh_token'),
    allowOmittingSingleRegisteredRedirectUri: false,
    // The provider only calls addresses the district admin registered (back-channel logout; there is no dynamic
    // registration), and a district's own apps often live on its intranet (10.x, 192.168.x): its guard against
    // special-use addresses would refuse them, so requests go out plainly, within the provider's own time limit.
    fetch: (url, options) => {
      const { dispatcher: _guard, ...rest } = options as RequestInit & { dispatcher?: unknown }
      return fetch(url, rest)
    },
    features: {
      devInteractions: { enabled: false },
      clientCredentials: { enabled: true },
      introspection: { enabled: true, allowedPolicy: async (_k, client, token) => token.clientId === client.clientId },
      revocation: { enabled: true, allowedPolicy: async (_k, client, token) => token.clientId === client.clientId },
      backchannelLogout: { enabled: true },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: async (kctx, form) => {
          kctx.type = 'html'
          kctx.body = logoutPage(form, kctx.oidc.client?.clientName)
        },
        postLogoutSuccessSource: async (kctx) => {
          kctx.type = 'html'
          kctx.body = logoutDonePage()
        },
      },
    },
    clientBasedCORS: (_kctx, requestOrigin, client) =>
      client.redirectUris?.some((u) => new URL(u).origin === requestOrigin) ?? false,
    interactions: { url: (_kctx, interaction) => `/t/${tenantId}/sign-in/${interaction.uid}` },
    loadExistingGrant: async (kctx) => {
      // The district approved the app's scopes when it registered it: no consent screen for those (docs).
      const { client, session } = kctx.oidc
      if (!client || !session?.accountId) return undefined
      const grantId = kctx.oidc.result?.consent?.grantId ?? session.grantIdFor(client.clientId)
      const grant =
        (grantId ? await kctx.oidc.provider.Grant.find(grantId) : undefined) ??
        new kctx.oidc.provider.Grant({ clientId: client.clientId, accountId: session.accountId })
      grant.addOIDCScope(client.scope ?? 'openid')
      await grant.save()
      return grant
    },
    findAccount: async (kctx, id) => {
      const person = await ctx.db.tenant(tenantId, (trx) => loadPerson(trx, Number(id)))
      if (!person || person.archived) return undefined
      return {
        accountId: id,
        claims: async (use, scope) => {
          const clientId = kctx.oidc.client?.clientId
          const client = clientId ? await hubClientOf(ctx, tenantId, clientId) : undefined
          if (!client?.usable) return { sub: id }
          const scopes = new Set(scope.split(' '))
          const claims = await ctx.db.tenant(tenantId, (trx) => claimsFor(ctx, trx, client, person, scopes))
          if (use === 'userinfo') {
            audit(ctx, tenantId, {
              appId: client.appId,
              clientId: client.clientId,
              kind: 'userinfo',
              userInfoId: person.id,
              scope,
            })
          }
          return claims
        },
      }
    },
    renderError: async (kctx, out) => {
      kctx.type = 'html'
      kctx.body = errorPage(out)
    },
  }
  const provider = new Provider(issuerOf(origin, tenantId), configuration)
  provider.proxy = process.env.TRUST_PROXY === '1'
  // An app asking for a scope the district did not grant it signs in without it (as if it had not asked) instead of
  // failing: the authorization request's scope is cut to the app's grants before the provider reads it.
  provider.use(async (kctx, next) => {
    if (kctx.path === '/auth' && kctx.method === 'GET' && typeof kctx.query.scope === 'string') {
      const id = typeof kctx.query.client_id === 'string' ? kctx.query.client_id : ''
      const client = id ? await hubClientOf(ctx, tenantId, id) : undefined
      if (client) {
        const allowed = new Set(clientScopes(client).split(' '))
        const scope = kctx.query.scope.split(' ').filter((s) => allowed.has(s))
        kctx.query = { ...kctx.query, scope: scope.join(' ') }
        // The provider derives its mount path from originalUrl ending in the request's url: keep them agreeing.
        ;(kctx.req as { originalUrl?: string }).originalUrl = `/t/${tenantId}/oidc${kctx.url}`
      }
    }
    await next()
  })
  const log = (kind: string) => (kctx: KoaContextWithOIDC) => {
    const c = kctx.oidc?.client
    if (!c) return
    void hubClientOf(ctx, tenantId, c.clientId).then((hc) =>
      audit(ctx, tenantId, {
        appId: hc?.appId ?? null,
        clientId: c.clientId,
        kind,
        userInfoId: kctx.oidc.session?.accountId ? Number(kctx.oidc.session.accountId) : null,
        scope: String(kctx.oidc.params?.scope ?? '') || null,
        detail: kind === 'token' ? String(kctx.oidc.params?.grant_type ?? '') : null,
        ip: kctx.ip,
      }),
    )
  }
  provider.on('grant.success', log('token'))
  provider.on('authorization.success', log('authorize'))
  provider.on('end_session.success', log('logout'))
  provider.on('grant.error', (kctx: KoaContextWithOIDC, err: Error) =>
    log(`refused: ${err.message}`.slice(0, 60))(kctx),
  )
  return { provider, kids: keys.map((k) => k.kid).join(','), checkedAt: Date.now() }
}

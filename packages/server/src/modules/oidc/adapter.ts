import { SERVER_SCOPES } from '@zhixiao/shared'
import type { Adapter, AdapterPayload } from 'oidc-provider'
import type { Trx } from '../../db/database.js'
import type { AppContext } from '../../platform/context.js'
import { loadHubClient, type HubClient } from '../app-clients/hub-client.js'
import { consumeModel, deleteByGrant, deleteModel, findModel, findModelByUserCode, upsertModel } from './queries.js'

/**
 * The scopes an OpenID client may ask for: its district grants among the user scopes, the protocol's own, and the
 * server scopes it was granted (directory, zx:notify), which the token endpoint then grants only to such an app.
 */
export function clientScopes(c: HubClient): string {
  const user = c.scopes.filter((s) => !SERVER_SCOPES.includes(s))
  const server = SERVER_SCOPES.filter((s) => c.scopes.includes(s))
  return ['openid', 'offline_access', ...user, ...server].join(' ')
}

/** The registry's app as oidc-provider client metadata (the Client model is read, never written). */
function clientMetadata(c: HubClient): AdapterPayload {
  const grants = ['authorization_code', 'refresh_token', ...(c.clientCredentials ? ['client_credentials'] : [])]
  return {
    client_id: c.clientId,
    ...(c.publicClient ? { token_endpoint_auth_method: 'none' } : { client_secret: c.secret ?? undefined }),
    client_name: c.appName,
    redirect_uris: c.redirectUris,
    post_logout_redirect_uris: c.postLogoutUris,
    ...(c.backchannelLogoutUri
      ? { backchannel_logout_uri: c.backchannelLogoutUri, backchannel_logout_session_required: true }
      : {}),
    grant_types: grants,
    response_types: ['code'],
    subject_type: c.subjectType,
    scope: clientScopes(c),
  }
}

/**
 * oidc-provider's storage for one tenant (docs/open-platform.md "Storage"): every model in oidc_model under the
 * tenant's row-level security, so several processes on one PostgreSQL share codes, tokens and sessions; the Client
 * model is the app registry itself, and an app the district suspended, scrapped or let expire is not found, which
 * stops its tokens at once.
 */
export function tenantAdapter(ctx: AppContext, tenantId: number) {
  const tx = <T>(fn: (trx: Trx) => Promise<T>) => ctx.db.tenant(tenantId, fn)
  return class TenantAdapter implements Adapter {
    constructor(private readonly model: string) {}

    async upsert(id: string, payload: AdapterPayload, expiresIn: number): Promise<void> {
      if (this.model === 'Client') return
      const now = ctx.clock.now()
      await tx((trx) =>
        upsertModel(trx, {
          model: this.model,
          id,
          payload: payload as Record<string, unknown>,
          grantId: typeof payload.grantId === 'string' ? payload.grantId : null,
          uid: typeof payload.uid === 'string' ? payload.uid : null,
          accountId: typeof payload.accountId === 'string' ? payload.accountId : null,
          clientId: typeof payload.clientId === 'string' ? payload.clientId : null,
          expiresAt: expiresIn ? new Date(+now + expiresIn * 1000) : null,
        }),
      )
    }

    async find(id: string): Promise<AdapterPayload | undefined> {
      if (this.model === 'Client') {
        const c = await tx((trx) => loadHubClient(ctx, trx, id))
        return c && c.usable && c.protocol === 'oidc' ? clientMetadata(c) : undefined
      }
      const row = await tx((trx) => findModel(trx, this.model, 'id', id, ctx.clock.now()))
      return row ? withConsumed(row) : undefined
    }

    async findByUid(uid: string): Promise<AdapterPayload | undefined> {
      const row = await tx((trx) => findModel(trx, this.model, 'uid', uid, ctx.clock.now()))
      return row ? withConsumed(row) : undefined
    }

    async findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
      const row = await tx((trx) => findModelByUserCode(trx, this.model, userCode, ctx.clock.now()))
      return row ? withConsumed(row) : undefined
    }

    async consume(id: string): Promise<void> {
      await tx((trx) => consumeModel(trx, this.model, id, ctx.clock.now()))
    }

    async destroy(id: string): Promise<void> {
      await tx((trx) => deleteModel(trx, this.model, id))
    }

    async revokeByGrantId(grantId: string): Promise<void> {
      await tx((trx) => deleteByGrant(trx, grantId))
    }
  }
}

function withConsumed(row: { payload: Record<string, unknown>; consumed_at: Date | null }): AdapterPayload {
  const payload = row.payload as AdapterPayload
  return row.consumed_at ? { ...payload, consumed: Math.floor(+new Date(row.consumed_at) / 1000) } : payload
}

import type { AppContext, AuthInfo } from '../../platform/context.js'
import { loadHubClient } from '../app-clients/hub-client.js'
import { audit, providerFor } from './provider.js'
import {
  deleteByClient,
  deleteByGrant,
  deleteModel,
  grantsOfAccount,
  purgeExpired,
  sessionsOfAccount,
} from './queries.js'
import type { Trx } from '../../db/database.js'

/** How long the portal's sign-out waits for an app's back-channel logout endpoint. */
const BACKCHANNEL_TIMEOUT_MS = 5000

interface SessionPayload {
  authorizations?: Record<string, { sid?: string; grantId?: string }>
}

/**
 * The portal's sign-out ends the person's provider sessions: every app signed in through them that registered a
 * back-channel logout address gets a signed logout token (OpenID Back-Channel Logout 1.0), and their grants — and so
 * every access and refresh token — are revoked, so a token replayed after the sign-out is refused.
 */
export async function endProviderSessions(ctx: AppContext, auth: AuthInfo, origin: string): Promise<void> {
  const tenantId = auth.tenantId
  const accountId = String(auth.userInfoId)
  const sessions = await ctx.db.tenant(tenantId, (trx) => sessionsOfAccount(trx, accountId))
  if (sessions.length === 0) return
  const provider = await providerFor(ctx, tenantId, origin)
  const notices: Promise<void>[] = []
  for (const s of sessions) {
    for (const [clientId, a] of Object.entries((s.payload as SessionPayload).authorizations ?? {})) {
      // The account id, not the app's subject: the provider turns it into the pairwise subject itself.
      notices.push(
        (async () => {
          const hub = await ctx.db.tenant(tenantId, (trx) => loadHubClient(ctx, trx, clientId))
          if (!hub?.backchannelLogoutUri) return
          // oidc-provider's types leave the Client instance's methods out; backchannelLogout(sub, sid) is its API.
          const client = (await provider.Client.find(clientId)) as
            { backchannelLogout(sub: string, sid: string): Promise<void> } | undefined
          if (!client) return
          const sent = await Promise.race([
            client.backchannelLogout(accountId, a.sid ?? '').then(() => 'ok'),
            new Promise<string>((resolve) => setTimeout(() => resolve('timeout'), BACKCHANNEL_TIMEOUT_MS).unref()),
          ]).catch((e: Error) => `failed: ${e.message}`)
          audit(ctx, tenantId, {
            appId: hub.appId,
            clientId,
            kind: 'backchannel-logout',
            userInfoId: auth.userInfoId,
            detail: sent,
          })
        })(),
      )
    }
  }
  await Promise.all(notices)
  await ctx.db.tenant(tenantId, async (trx) => {
    for (const g of await grantsOfAccount(trx, accountId)) {
      await deleteByGrant(trx, g.id)
      await deleteModel(trx, 'Grant', g.id)
    }
    for (const s of sessions) await deleteModel(trx, 'Session', s.id)
  })
}

/** A suspended app's codes, tokens and grants go at once (app-clients onClientSuspended). */
export async function revokeClient(trx: Trx, client: { clientId: string }): Promise<void> {
  await deleteByClient(trx, client.clientId)
}

/** Expired provider models of every tenant (the platform scope sees them all). */
export async function purgeExpiredModels(ctx: AppContext): Promise<void> {
  await ctx.db.platform((trx) => purgeExpired(trx, ctx.clock.now()))
}

import { onSignOut } from '../../platform/sign-out-hooks.js'
import { onClientSuspended } from '../app-clients/hub-client.js'
import type { ModuleManifest } from '../manifest.js'
import { endProviderSessions, purgeExpiredModels, revokeClient } from './logout.js'
import { mountOidc } from './mount.js'
import { oidcRoutes } from './routes.js'

/** The tenant's OpenID provider: its endpoints under /t/<tenant>/oidc, the sign-in hand-over, logout and suspension. */
export const oidcModule: ModuleManifest = {
  name: 'oidc',
  routes: (ctx) => oidcRoutes(ctx),
  install: async (app, ctx) => {
    onSignOut(endProviderSessions)
    onClientSuspended(revokeClient)
    await mountOidc(app, ctx)
    // Expired codes, tokens, sessions and interactions leave the table hourly (every tenant, the platform scope).
    const purge = setInterval(() => void purgeExpiredModels(ctx).catch(() => undefined), 3600_000).unref()
    app.addHook('onClose', async () => clearInterval(purge))
  },
}

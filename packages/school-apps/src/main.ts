/**
 * Runs the school apps on their own, beside a portal that runs elsewhere (the portal's main.ts starts them in its own
 * process otherwise — docs/school-apps.md "Running"):
 *   node --import tsx packages/school-apps/src/main.ts
 * Environment:
 *   APPS_PORTAL_URL         the hub as this server reaches it (http://127.0.0.1:3000)            required
 *   APPS_PORTAL_PUBLIC_URL  the portal as browsers see it, when it differs (its PUBLIC_ORIGIN)
 *   APPS_TENANT_ID          the district's tenant id (its issuer is <portal>/t/<id>/oidc)         required
 *   APPS_PUBLIC_URL         the apps' origin as browsers see it (default http://localhost:<port>)
 *   APPS_PORT (3001), APPS_HOST (127.0.0.1)
 *   APPS_DATA_DIR           the PGlite folder (default data/school-apps); APPS_DATABASE_URL a PostgreSQL server instead
 *   APPS_DEMO=1             seed each app's demo data once after the first directory sync
 *   APPS_ADMIN_ROLES        comma-separated role codes that make an app admin (default admin)
 *   APPS_LEAVE_CLIENT_ID, APPS_LEAVE_CLIENT_SECRET, APPS_LEAVE_WEBHOOK_SECRET    the leave app's client (应用管理 › 接入)
 *   APPS_GRADES_CLIENT_ID, APPS_GRADES_CLIENT_SECRET, APPS_GRADES_WEBHOOK_SECRET the grades app's client
 * An app whose client id or secret is missing is not mounted.
 */
import path from 'node:path'
import type { AppClient } from './kit/config.js'
import { startSchoolApps } from './index.js'

const env = process.env
const portalUrl = env.APPS_PORTAL_URL
const tenantId = Number(env.APPS_TENANT_ID)
if (!portalUrl || !Number.isSafeInteger(tenantId) || tenantId <= 0) {
  console.error('APPS_PORTAL_URL and APPS_TENANT_ID are required (see the top of packages/school-apps/src/main.ts)')
  process.exit(2)
}
const port = Number(env.APPS_PORT ?? 3001)
const clients: Record<string, AppClient> = {}
for (const key of ['leave', 'grades']) {
  const up = key.toUpperCase()
  const clientId = env[`APPS_${up}_CLIENT_ID`]
  const clientSecret = env[`APPS_${up}_CLIENT_SECRET`]
  if (clientId && clientSecret) {
    clients[key] = { clientId, clientSecret, webhookSecret: env[`APPS_${up}_WEBHOOK_SECRET`] || undefined }
  }
}
const repoRoot = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../../..')
const running = await startSchoolApps({
  portalUrl,
  portalPublicUrl: env.APPS_PORTAL_PUBLIC_URL || undefined,
  tenantId,
  publicUrl: env.APPS_PUBLIC_URL || `http://localhost:${port}`,
  port,
  host: env.APPS_HOST || '127.0.0.1',
  dataDir: path.resolve(repoRoot, env.APPS_DATA_DIR || 'data/school-apps'),
  databaseUrl: env.APPS_DATABASE_URL || undefined,
  demo: env.APPS_DEMO === '1',
  adminRoles: env.APPS_ADMIN_ROLES
    ? env.APPS_ADMIN_ROLES.split(',')
        .map((s) => s.trim())
        .filter(Boolean)
    : undefined,
  clients,
  logger: true,
})
console.log(
  `智校应用已启动: ${
    Object.keys(running.apps)
      .map((k) => `${running.url}/${k}/`)
      .join('  ') || '（未配置任何应用的客户端）'
  }`,
)
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, () => void running.close().then(() => process.exit(0)))

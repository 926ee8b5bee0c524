import path from 'node:path'
import { buildApp, openDatabase } from './app.js'
import { loadConfig, type AppConfig } from './config.js'
import { DEMO_ACCOUNTS, ensurePlatform, seedDemoDistrict } from './db/seed/demo.js'
import { ensureSchoolApps, schoolAppClients } from './db/seed/school-apps.js'
import type { SecretBox } from './platform/secret-box.js'
import type { RunningApps } from '@zhixiao/school-apps'

const config = loadConfig()
const db = await openDatabase(config)
const createdPlatform = await ensurePlatform(db, config.password, process.env.ADMIN_PASSWORD || undefined)
if (config.seedDemo && createdPlatform) await seedDemoDistrict(db, config.password)

const { app, ctx } = await buildApp({ config, db })
app.addHook('onClose', () => db.close())

/**
 * The school apps 请假审批 and 成绩管理 (docs/school-apps.md "Running"), in this process on their own port: only with the
 * demo district, whose 应用管理 registers their clients (ensureSchoolApps, on every start, so a changed APPS_PORT or
 * SCHOOL_APPS_ORIGIN follows). Their secrets are derived from the secret key and handed over here, never stored in
 * clear. A failure to start them is reported and the portal runs on without them.
 */
async function startApps(c: AppConfig, secrets: SecretBox): Promise<RunningApps | undefined> {
  if (!c.schoolApps.enabled || !c.seedDemo) return undefined
  const tenantId = await ensureSchoolApps(db, secrets, c.schoolApps.origin)
  if (tenantId === undefined) return undefined
  try {
    // Loaded only when they run: a portal with SCHOOL_APPS=0 never loads their server or database driver.
    const { startSchoolApps } = await import('@zhixiao/school-apps')
    // The apps trust the issuer the browser signs in at. With PUBLIC_ORIGIN the hub names it whatever address is
    // called, so the apps call it on the loopback; without, the issuer follows the Host of each request, so the
    // apps call the very address the portal prints (localhost).
    const printed = `http://localhost:${c.port}`
    return await startSchoolApps({
      portalUrl: c.publicOrigin ? `http://127.0.0.1:${c.port}` : printed,
      portalPublicUrl: c.publicOrigin ?? printed,
      tenantId,
      publicUrl: c.schoolApps.origin,
      port: c.schoolApps.port,
      host: c.host,
      dataDir: path.join(c.dataDir, 'school-apps'),
      databaseUrl: process.env.APPS_DATABASE_URL || undefined,
      demo: c.seedDemo,
      clients: schoolAppClients(secrets),
      logger: true,
    })
  } catch (e) {
    console.error(`智校应用（请假审批、成绩管理）未能启动：${(e as Error).message}`)
    return undefined
  }
}

/** The school apps once they run (the signal handlers, installed first, close them with the portal). */
const running: { schoolApps?: RunningApps } = {}
for (const sig of ['SIGINT', 'SIGTERM'] as const) {
  process.once(sig, () => {
    void Promise.allSettled([running.schoolApps?.close(), app.close()]).then(() => process.exit(0))
  })
}

await app.listen({ port: config.port, host: config.host })
const url = `http://localhost:${config.port}`
console.log(
  `\n智校 Zhixiao 已启动: ${url}  (${config.apiDocs ? `API 文档 ${url}/docs, ` : ''}数据库 ${db.kind === 'pglite' ? config.dataDir : 'PostgreSQL'})`,
)
const schoolApps = (running.schoolApps = await startApps(config, ctx.secrets))
if (schoolApps) {
  console.log(
    `智校应用已启动: ${Object.keys(schoolApps.apps)
      .map((k) => `${schoolApps.url}/${k}/`)
      .join('  ')}`,
  )
}
if (config.seedDemo) {
  console.log('演示账号:')
  for (const a of DEMO_ACCOUNTS) console.log(`  ${a.userName.padEnd(14)} ${a.password.padEnd(11)} ${a.who}`)
}

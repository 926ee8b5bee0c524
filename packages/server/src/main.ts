import { buildApp, openDatabase } from './app.js'
import { loadConfig } from './config.js'
import { DEMO_ACCOUNTS, ensurePlatform, seedDemoDistrict } from './db/seed/demo.js'

const config = loadConfig()
const db = await openDatabase(config)
const createdPlatform = await ensurePlatform(db, config.password, process.env.ADMIN_PASSWORD || undefined)
if (config.seedDemo && createdPlatform) await seedDemoDistrict(db, config.password)

const { app } = await buildApp({ config, db })
app.addHook('onClose', () => db.close())

for (const sig of ['SIGINT', 'SIGTERM'] as const) {
  process.once(sig, () => {
    void app.close().then(() => process.exit(0))
  })
}

await app.listen({ port: config.port, host: config.host })
const url = `http://localhost:${config.port}`
console.log(
  `\n智校 Zhixiao 已启动: ${url}  (${config.apiDocs ? `API 文档 ${url}/docs, ` : ''}数据库 ${db.kind === 'pglite' ? config.dataDir : 'PostgreSQL'})`,
)
if (config.seedDemo) {
  console.log('演示账号:')
  for (const a of DEMO_ACCOUNTS) console.log(`  ${a.userName.padEnd(14)} ${a.password.padEnd(11)} ${a.who}`)
}

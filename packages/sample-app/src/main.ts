/**
 * Runs the sample app on its own (docs/open-platform.md "Sample app"):
 *   node --import tsx packages/sample-app/src/main.ts --issuer=http://portal/t/1/oidc --client-id=… --client-secret=… --port=4100
 * Each option may come from the environment instead: SAMPLE_ISSUER, SAMPLE_CLIENT_ID, SAMPLE_CLIENT_SECRET,
 * SAMPLE_PORT, SAMPLE_BASE_URL (the app's address as browsers see it), SAMPLE_SCOPE, SAMPLE_DIRECTORY_BASE.
 */
import { startSampleApp } from './app.js'

const args = new Map(
  process.argv.slice(2).flatMap((a) => {
    const m = /^--([\w-]+)=(.*)$/.exec(a)
    return m ? [[m[1], m[2]] as const] : []
  }),
)
const opt = (name: string, env: string) => args.get(name) ?? process.env[env] ?? undefined

const issuer = opt('issuer', 'SAMPLE_ISSUER')
const clientId = opt('client-id', 'SAMPLE_CLIENT_ID')
const clientSecret = opt('client-secret', 'SAMPLE_CLIENT_SECRET')
if (!issuer || !clientId || !clientSecret) {
  console.error('usage: main.ts --issuer=URL --client-id=ID --client-secret=SECRET [--port=4100] [--base-url=URL]')
  process.exit(2)
}
const app = await startSampleApp({
  issuer,
  clientId,
  clientSecret,
  port: Number(opt('port', 'SAMPLE_PORT') ?? 4100),
  baseUrl: opt('base-url', 'SAMPLE_BASE_URL'),
  scope: opt('scope', 'SAMPLE_SCOPE'),
  directoryBase: opt('directory-base', 'SAMPLE_DIRECTORY_BASE'),
})
console.log(`sample app on ${app.url} (register ${app.url}/callback and ${app.url}/backchannel-logout)`)
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, () => void app.close().then(() => process.exit(0)))

import type { Page } from 'playwright-core'
import { startSampleApp, type SampleApp } from '../../sample-app/src/app.js'
import { api, assert, freePort } from './harness.js'

/** Every wait of the OpenID journeys for the other origin's pages (and the back-channel notice). */
export const SAMPLE_WAIT_MS = 20_000

export interface Registered {
  appId: number
  uniqueId: string
  sample: SampleApp
}

/**
 * Registers the sample app (packages/sample-app) as an OpenID app of the demo district, as its top-org administrator
 * does in 应用管理: an app row whose entry is the sample's /login (for teachers and parents), then its protocol
 * settings (exact callback, back-channel logout address, the granted scopes). The sample then runs on a port of its
 * own — another origin than the portal — with the client id and the secret shown once.
 */
export async function registerSampleApp(
  baseUrl: string,
  adminToken: string,
  name: string,
  scopes: string[],
): Promise<Registered> {
  const port = await freePort()
  const url = `http://127.0.0.1:${port}`
  const uniqueId = `e2e_oidc_${Math.random().toString(36).slice(2, 8)}`
  const saved = await api<number>(baseUrl, '/base/mobileApp/save', {
    token: adminToken,
    // A sub-app route as well: without its protocol the launcher would host the entry in the portal's frame.
    body: { name, uniqueId, reqUri: `/dynamic/${uniqueId}`, entryUrl: `${url}/login`, userTypes: [1002, 1004] },
  })
  assert(saved.code === 0, `app save: ${saved.msg}`)
  const client = await api<{ client: { clientId: string; issuer: string }; secret: { clientSecret: string } | null }>(
    baseUrl,
    '/base/api/app/client/save',
    {
      token: adminToken,
      body: {
        appId: saved.data,
        protocol: 'oidc',
        redirectUris: [`${url}/callback`],
        postLogoutUris: [`${url}/`],
        backchannelLogoutUri: `${url}/backchannel-logout`,
        scopes,
        // The district's own app here: a third-party app would see a child only with a guardian's consent
        // (privacy-consent.e2e.ts proves that).
        childrenData: 'duty',
      },
    },
  )
  assert(client.code === 0 && client.data.secret, `client save: ${client.msg}`)
  const me = await api<{ tenantId: number }>(baseUrl, '/base/api/account/user/current/detail', { token: adminToken })
  const issuer = `${baseUrl}/t/${me.data.tenantId}/oidc`
  assert(client.data.client.issuer === issuer, `the screen names the issuer ${client.data.client.issuer}`)
  const sample = await startSampleApp({
    issuer,
    clientId: client.data.client.clientId,
    clientSecret: client.data.secret.clientSecret,
    port,
  })
  return { appId: saved.data, uniqueId, sample }
}

/** Stops the sample and deletes its app row, so later journeys of the lane see the launcher as the demo has it. */
export async function unregisterSampleApp(baseUrl: string, adminToken: string, r: Registered): Promise<void> {
  await r.sample.close()
  const gone = await api(baseUrl, `/base/mobileApp/delete?id=${r.appId}`, { token: adminToken })
  assert(gone.code === 0, `app delete: ${gone.msg}`)
}

/** The sample app's page, once it has settled on its home (signed in or not). */
export async function sampleHome(
  p: Page,
  sample: SampleApp,
): Promise<{ state: string; claims: Record<string, string> }> {
  await p.waitForURL(`${sample.url}/`, { timeout: SAMPLE_WAIT_MS })
  const state = (await p.getByTestId('state').innerText({ timeout: SAMPLE_WAIT_MS })).trim()
  const claims: Record<string, string> = {}
  for (const dd of await p.locator('dd[data-claim]').all()) {
    claims[(await dd.getAttribute('data-claim')) ?? ''] = (await dd.innerText()).trim()
  }
  return { state, claims }
}

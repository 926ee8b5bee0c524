import http from 'node:http'
import type { AddressInfo } from 'node:net'
import Provider, { type ClientMetadata } from 'oidc-provider'

/**
 * A real OpenID Connect provider (oidc-provider) on a free local port, for the single sign-on tests (API and e2e).
 * Its interaction signs the person in as `subject()` without a form and grants the scopes asked for, so a test
 * drives the whole authorization code flow (PKCE required, state, nonce, signed ID token, iss in the response).
 */
export interface TestIdp {
  issuer: string
  /** Who the next sign-in at the provider is. */
  setSubject(sub: string, name?: string): void
  close(): Promise<void>
}

export async function startTestIdp(clients: ClientMetadata[]): Promise<TestIdp> {
  let subject = 'oidc-user-1'
  let displayName = 'OIDC 用户'
  const server = http.createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  const provider = new Provider(issuer, {
    clients,
    pkce: { required: () => true },
    features: { devInteractions: { enabled: false }, rpInitiatedLogout: { enabled: true } },
    claims: { openid: ['sub'], profile: ['name'] },
    cookies: { keys: ['zx-test-idp-cookie-key'] },
    ttl: { Interaction: 600, Session: 3600, Grant: 3600, AccessToken: 600, IdToken: 600 },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    findAccount: (_ctx, sub) => ({ accountId: sub, claims: () => ({ sub, name: displayName }) }),
  })
  const callback = provider.callback()
  server.on('request', (req, res) => {
    const m = /^\/interaction\/([\w-]+)/.exec(req.url ?? '')
    if (!m) {
      callback(req, res)
      return
    }
    void (async () => {
      const details = await provider.interactionDetails(req, res)
      if (details.prompt.name === 'login') {
        await provider.interactionFinished(
          req,
          res,
          { login: { accountId: subject } },
          { mergeWithLastSubmission: false },
        )
        return
      }
      const grant = new provider.Grant({
        accountId: details.session!.accountId,
        clientId: String(details.params.client_id),
      })
      grant.addOIDCScope(String(details.params.scope))
      await provider.interactionFinished(
        req,
        res,
        { consent: { grantId: await grant.save() } },
        { mergeWithLastSubmission: true },
      )
    })().catch((e: unknown) => {
      res.statusCode = 500
      res.end(String(e))
    })
  })
  return {
    issuer,
    setSubject(sub, name = 'OIDC 用户') {
      subject = sub
      displayName = name
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

/**
 * The browser's part, without a browser: follows the provider's redirects (keeping its cookies) from the authorize
 * address until it sends the person back to `callbackPrefix`, and returns that address (code, state, iss).
 */
export async function walkToCallback(authorizeUrl: string, callbackPrefix: string): Promise<URL> {
  const jar = new Map<string, string>()
  let url = authorizeUrl
  for (let i = 0; i < 10; i++) {
    const res = await fetch(url, {
      redirect: 'manual',
      signal: AbortSignal.timeout(15_000),
      headers: { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') },
    })
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';')
      const eq = pair!.indexOf('=')
      jar.set(pair!.slice(0, eq), pair!.slice(eq + 1))
    }
    const loc = res.headers.get('location')
    if (!loc) throw new Error(`the provider stopped at ${url}: ${res.status} ${(await res.text()).slice(0, 300)}`)
    const next = new URL(loc, url)
    if (next.href.startsWith(callbackPrefix)) return next
    url = next.href
  }
  throw new Error('too many redirects at the provider')
}

import { Resolver } from 'node:dns/promises'
import http from 'node:http'
import https from 'node:https'
import type { LookupAddress } from 'node:dns'
import net from 'node:net'

/**
 * A POST to an address an app registered (webhooks), whose name may not resolve at all.
 *
 * fetch resolves names with getaddrinfo on libuv's small thread pool (four threads), and aborting the fetch does not
 * free the thread: against a resolver that hangs rather than refuses, each attempt holds a thread until the resolver
 * gives up, and a few of them stall everything else on the pool — static files, async crypto, compression. Names are
 * resolved here with c-ares (no pool thread) under a bounded timeout instead. c-ares does not read /etc/hosts, so
 * `localhost` is answered here.
 */
const resolver = new Resolver({ timeout: 3_000, tries: 1 })

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void

function boundedLookup(hostname: string, options: { all?: boolean }, callback: LookupCallback): void {
  const answer = (address: string, family: number) =>
    options.all ? callback(null, [{ address, family }]) : callback(null, address, family)
  if (net.isIP(hostname)) return answer(hostname, net.isIP(hostname))
  if (hostname === 'localhost') return answer('127.0.0.1', 4)
  resolver
    .resolve4(hostname)
    .then(
      (a) => ({ address: a[0], family: 4 }),
      () => resolver.resolve6(hostname).then((a) => ({ address: a[0], family: 6 })),
    )
    .then(
      (r) => (r.address ? answer(r.address, r.family) : callback(notFound(hostname), '')),
      (e: NodeJS.ErrnoException) => callback(e.code ? e : notFound(hostname), ''),
    )
}

const notFound = (hostname: string): NodeJS.ErrnoException =>
  Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' })

export type PostOutcome = { ok: true; status: number } | { ok: false; status: number | null; error: string }

/** POSTs `body` to `url` within `timeoutMs` (resolution, connection and answer together); never follows a redirect. */
export function postBounded(
  url: string,
  headers: Record<string, string>,
  body: string,
  timeoutMs: number,
): Promise<PostOutcome> {
  return new Promise((resolve) => {
    const target = new URL(url)
    const client = target.protocol === 'https:' ? https : http
    const req = client.request(
      target,
      {
        method: 'POST',
        headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
        lookup: boundedLookup as unknown as net.LookupFunction, // node's overloaded type; the callback shapes match
        signal: AbortSignal.timeout(timeoutMs),
      },
      (res) => {
        res.resume() // the answer's body is not read: only its status counts
        const status = res.statusCode ?? 0
        resolve(status >= 200 && status < 300 ? { ok: true, status } : { ok: false, status, error: `HTTP ${status}` })
      },
    )
    req.on('error', (e: NodeJS.ErrnoException) =>
      resolve({
        ok: false,
        status: null,
        error: e.name === 'AbortError' ? 'timeout' : (e.code ?? e.message),
      }),
    )
    req.end(body)
  })
}

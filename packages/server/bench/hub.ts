// The identity hub under load (issue 24; docs/performance.md "Identity hub"): the OpenID token endpoint (client
// credentials) and a directory page of 1,000 students, on the school bench/lists.ts generated (100,000 students).
import type { Options, Result } from 'autocannon'
import { bureauHeaders, postJson, warmLoad } from './lib.js'

export interface HubBench {
  students: number
  token: Result
  firstPage: Result
  deepPage: Result
  /** updated_since long ago: an app catching up with every student (the feed walked by id). */
  deltaPage: Result
  deepAt: number
}

interface Envelope<T> {
  code: number
  msg: string
  data: T
}
const envelopeOk = (body: string) => {
  try {
    return (JSON.parse(body) as { code: number }).code === 0
  } catch {
    return false
  }
}

/** Registers an app with server credentials and the directory grant as the demo bureau admin; returns its client. */
async function registerApp(base: string, name: string) {
  const headers = await bureauHeaders(base)
  const appId = (
    await postJson<Envelope<number>>(
      `${base}/base/mobileApp/save`,
      { name, entryUrl: 'https://bench.example.com/' },
      headers,
    )
  ).data
  const saved = await postJson<Envelope<{ client: { clientId: string }; secret: { clientSecret: string } }>>(
    `${base}/base/api/app/client/save`,
    {
      appId,
      protocol: 'oidc',
      redirectUris: ['https://bench.example.com/callback'],
      scopes: ['profile', 'zx:identity', 'zx:school', 'directory'],
      clientCredentials: true,
      ratePerMinute: 100_000,
    },
    headers,
  )
  if (saved.code !== 0) throw new Error(`registering the bench app: ${saved.msg}`)
  return { clientId: saved.data.client.clientId, secret: saved.data.secret.clientSecret }
}

export async function benchHub(
  base: string,
  tenantId: number,
  /** null: the whole district's students (the district bench). */
  schoolId: number | null,
  students: number,
  seconds: number,
  opts: { appName?: string; maxDeep?: number } = {},
): Promise<HubBench> {
  const { clientId, secret } = await registerApp(base, opts.appName ?? '压测应用')
  const basic = `Basic ${Buffer.from(`${encodeURIComponent(clientId)}:${encodeURIComponent(secret)}`).toString('base64')}`
  const tokenUrl = `${base}/t/${tenantId}/oidc/token`
  const tokenReq: Options = {
    url: tokenUrl,
    method: 'POST',
    headers: { authorization: basic, 'content-type': 'application/x-www-form-urlencoded' },
    body: 'grant_type=client_credentials&scope=directory',
    verifyBody: (b: string) => b.includes('"access_token"'),
  }
  process.stderr.write(' token…')
  const token = await warmLoad(tokenReq, 10, seconds)
  const res = await fetch(tokenUrl, { method: 'POST', headers: tokenReq.headers, body: tokenReq.body as string })
  const access = ((await res.json()) as { access_token: string }).access_token
  const auth = { authorization: `Bearer ${access}` }
  const page = (cursor?: string) =>
    `${base}/open/v1/students?limit=1000${schoolId === null ? '' : `&school_id=${schoolId}`}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`
  // A cursor deep into the school: follow next_cursor to the page that starts near the middle.
  const deepAt = Math.min(opts.maxDeep ?? Infinity, Math.max(1, Math.floor(students / 1000 / 2)))
  let cursor: string | undefined
  for (let i = 0; i < deepAt; i++) {
    const r = (await (await fetch(page(cursor), { headers: auth })).json()) as Envelope<{ next_cursor: string | null }>
    if (r.code !== 0 || !r.data.next_cursor) throw new Error(`directory paging stopped at page ${i + 1}: ${r.msg}`)
    cursor = r.data.next_cursor
  }
  process.stderr.write(' directory page 1…')
  const firstPage = await warmLoad({ url: page(), headers: auth, verifyBody: envelopeOk }, 10, seconds)
  process.stderr.write(` directory page ${deepAt + 1}…`)
  const deepPage = await warmLoad({ url: page(cursor), headers: auth, verifyBody: envelopeOk }, 10, seconds)
  // An app catching up: every student changed since (the generated school or district), the delta's first page.
  process.stderr.write(' directory delta…')
  const deltaPage = await warmLoad(
    { url: `${page()}&updated_since=2000-01-01T00:00:00Z`, headers: auth, verifyBody: envelopeOk },
    10,
    seconds,
  )
  return { students, token, firstPage, deepPage, deltaPage, deepAt: deepAt + 1 }
}

export function formatHub(b: HubBench, title = `identity hub: a school of ${b.students} students`): string {
  const rows: [string, Result][] = [
    ['token (client credentials)', b.token],
    ['directory: 1,000 students, page 1', b.firstPage],
    [`directory: 1,000 students, page ${b.deepAt}`, b.deepPage],
    ['directory: catch-up delta, page 1', b.deltaPage],
  ]
  const cells = [['identity hub (10 conns)', 'req/s', 'p97.5 ms', 'p99 ms', 'students/s', '÷ token req/s']]
  for (const [name, r] of rows) {
    cells.push([
      name,
      r.requests.average.toFixed(1),
      String(r.latency.p97_5),
      String(r.latency.p99),
      name.startsWith('directory') ? (r.requests.average * 1000).toFixed(0) : '',
      (r.requests.average / b.token.requests.average).toFixed(2),
    ])
  }
  const bad = rows.reduce((s, [, r]) => s + r.non2xx + r.mismatches + r.errors, 0)
  const widths = cells[0]!.map((_, i) => Math.max(...cells.map((r) => r[i]!.length)))
  return [
    `\n${title}`,
    ...cells.map((r) => r.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ')),
    ...(bad ? [`WARNING: ${bad} failed hub requests`] : []),
  ].join('\n')
}

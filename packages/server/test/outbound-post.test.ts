import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { postBounded } from '../src/platform/outbound-post.js'

/** The webhook sender's POST (platform/outbound-post.ts): names resolved without libuv's pool, every wait bounded. */
describe('postBounded', () => {
  let server: http.Server
  let port = 0
  const seen: { path: string; body: string; type: string | undefined }[] = []
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      let body = ''
      req.on('data', (c) => (body += c))
      req.on('end', () => {
        seen.push({ path: req.url ?? '', body, type: req.headers['content-type'] })
        if (req.url === '/silent') return // never answers
        res.statusCode = req.url === '/fail' ? 500 : req.url === '/moved' ? 302 : 204
        if (req.url === '/moved') res.setHeader('location', '/ok')
        res.end()
      })
    })
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
    port = (server.address() as AddressInfo).port
  })
  afterAll(() => {
    server.closeAllConnections()
    server.close()
  })

  it('posts the body to localhost (answered without the system resolver) and reports 2xx as delivered', async () => {
    const r = await postBounded(
      `http://localhost:${port}/ok`,
      { 'content-type': 'application/json' },
      '{"a":"张"}',
      5000,
    )
    expect(r).toEqual({ ok: true, status: 204 })
    expect(seen.at(-1)).toEqual({ path: '/ok', body: '{"a":"张"}', type: 'application/json' })
  })

  it('reports a 500 and a redirect (never followed) as failed with their status', async () => {
    expect(await postBounded(`http://127.0.0.1:${port}/fail`, {}, 'x', 5000)).toEqual({
      ok: false,
      status: 500,
      error: 'HTTP 500',
    })
    expect(await postBounded(`http://127.0.0.1:${port}/moved`, {}, 'x', 5000)).toMatchObject({ ok: false, status: 302 })
    expect(seen.filter((s) => s.path === '/ok')).toHaveLength(1)
  })

  it('gives up on a receiver that never answers at the time limit', async () => {
    const started = Date.now()
    expect(await postBounded(`http://127.0.0.1:${port}/silent`, {}, 'x', 300)).toEqual({
      ok: false,
      status: null,
      error: 'timeout',
    })
    expect(Date.now() - started).toBeLessThan(5000)
  })

  it('fails a name that does not resolve, without an answer from anywhere', async () => {
    const r = await postBounded('http://no-such-host.invalid/hook', {}, 'x', 20_000)
    expect(r.ok).toBe(false)
    expect(r.status).toBeNull()
    expect(r).not.toEqual(expect.objectContaining({ error: 'timeout' }))
  })
})

import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import zlib from 'node:zlib'
import { UserType } from '@zhixiao/shared'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { IMMUTABLE, REVALIDATE } from '../src/platform/web-static.js'
import { createTestApp, loginToken, makePerson, makeWorld, type TestApp } from './helpers.js'

/**
 * Static files of the web app (issue 12): the build's .br/.gz siblings are sent to browsers that accept them, hashed
 * assets are immutable for a year, the HTML shell is revalidated and keeps its security headers, and the API still
 * says no-store. A tiny fake build in a temp folder stands in for packages/web/dist, so no web build is needed.
 */
let t: TestApp
let dist: string
let token: string
const JS = `export const greeting = ${JSON.stringify('你好，'.repeat(400))}\n`
const SUBAPP_HTML = '<!doctype html><html><body><h1>演示子应用</h1><script src="./demo.js"></script></body></html>\n'
const HTML = `<!doctype html><html><head><script type="module" src="/assets/index-AbC123.js"></script></head><body>${'<p>智校</p>'.repeat(100)}</body></html>\n`

function writeWithSiblings(file: string, text: string): void {
  fs.mkdirSync(path.dirname(file), { recursive: true })
  fs.writeFileSync(file, text)
  fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(text))
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(text, { level: 9 }))
}

beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'zx-web-dist-'))
  writeWithSiblings(path.join(dist, 'index.html'), HTML)
  writeWithSiblings(path.join(dist, 'assets/index-AbC123.js'), JS)
  fs.writeFileSync(path.join(dist, 'assets/tiny-XyZ789.js'), 'export {}\n') // too small to compress: no siblings
  fs.mkdirSync(path.join(dist, 'subapps/demo'), { recursive: true })
  fs.writeFileSync(path.join(dist, 'subapps/demo/index.html'), SUBAPP_HTML)
  t = await createTestApp({ webDist: dist })
  const w = await makeWorld(t)
  const teacher = await makePerson(t, w.tenantId, {
    memberships: [{ orgId: w.schoolId, userType: UserType.STAFF, roleIds: [w.roles.teacher] }],
  })
  token = await loginToken(t, teacher.userName)
})
afterAll(async () => {
  await t.close()
  fs.rmSync(dist, { recursive: true, force: true })
})

const get = (url: string, acceptEncoding?: string) =>
  t.app.inject({
    method: 'GET',
    url,
    headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
  })

describe('web app static files', () => {
  it('an asset goes brotli-compressed to a browser that accepts br, immutable for a year', async () => {
    const res = await get('/assets/index-AbC123.js', 'gzip, deflate, br')
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-encoding']).toBe('br')
    expect(res.headers['content-type']).toMatch(/javascript/)
    expect(res.headers['cache-control']).toBe(IMMUTABLE)
    expect(res.headers.vary).toMatch(/accept-encoding/i)
    expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toBe(JS)
  })

  it('gzip to a browser that accepts only gzip, and the plain file to one that accepts neither', async () => {
    const gz = await get('/assets/index-AbC123.js', 'gzip')
    expect(gz.headers['content-encoding']).toBe('gzip')
    expect(gz.headers['cache-control']).toBe(IMMUTABLE)
    expect(gz.headers.vary).toMatch(/accept-encoding/i)
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(JS)
    const plain = await get('/assets/index-AbC123.js', 'identity')
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.headers.vary).toMatch(/accept-encoding/i)
    expect(plain.body).toBe(JS)
    // A small asset the build did not compress is sent as it is.
    const tiny = await get('/assets/tiny-XyZ789.js', 'br')
    expect(tiny.statusCode).toBe(200)
    expect(tiny.headers['content-encoding']).toBeUndefined()
    expect(tiny.headers['cache-control']).toBe(IMMUTABLE)
  })

  it('index.html, at / and as the fallback of any other path, is revalidated (no-cache) and keeps its security headers', async () => {
    for (const url of ['/', '/index.html', '/some/deep/link']) {
      const res = await get(url, 'br')
      expect(res.statusCode, url).toBe(200)
      expect(res.headers['cache-control'], url).toBe(REVALIDATE)
      expect(res.headers['content-type'], url).toMatch(/^text\/html/)
      expect(res.headers['content-encoding'], url).toBe('br')
      expect(res.headers.vary, url).toMatch(/accept-encoding/i)
      expect(zlib.brotliDecompressSync(res.rawPayload).toString(), url).toBe(HTML)
      expect(res.headers['content-security-policy'], url).toContain("script-src 'self'")
      expect(res.headers['x-content-type-options'], url).toBe('nosniff')
      expect(res.headers['referrer-policy'], url).toBe('same-origin')
    }
  })

  it('the API still answers Cache-Control: no-store, and an unknown API path its 404 envelope', async () => {
    const me = await t.app.inject({
      method: 'GET',
      url: '/base/api/account/user/current/detail',
      headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'br' },
    })
    expect(me.statusCode).toBe(200)
    expect(me.headers['cache-control']).toBe('no-store')
    const missing = await get('/base/api/nowhere', 'br')
    expect(missing.statusCode).toBe(404)
    expect(missing.headers['cache-control']).toBe('no-store')
    expect(missing.json()).toMatchObject({ code: 404 })
  })

  it('every answer says X-Content-Type-Options: nosniff: JSON, refusals, assets, the shell and the sub-application pages', async () => {
    const me = await t.app.inject({
      method: 'GET',
      url: '/base/api/account/user/current/detail',
      headers: { authorization: `Bearer ${token}` },
    })
    const refused = await t.app.inject({
      method: 'POST',
      url: '/base/api/grade/add',
      payload: { name: 1 },
      headers: { authorization: `Bearer ${token}` },
    })
    const answers = {
      me,
      refused,
      missing: await get('/base/api/nowhere'),
      asset: await get('/assets/index-AbC123.js', 'br'),
      tiny: await get('/assets/tiny-XyZ789.js'),
      shell: await get('/'),
      subapp: await get('/subapps/demo/'),
    }
    for (const [what, res] of Object.entries(answers))
      expect(res.headers['x-content-type-options'], what).toBe('nosniff')
    expect(me.headers['content-type']).toMatch(/^application\/json/)
  })

  it('a hosted sub-application page carries its own CSP: framed only by the portal, its own scripts only', async () => {
    for (const url of ['/subapps/demo/', '/subapps/demo/index.html']) {
      const res = await get(url)
      expect(res.statusCode, url).toBe(200)
      expect(res.body, url).toBe(SUBAPP_HTML)
      const csp = String(res.headers['content-security-policy'])
      expect(csp, url).toContain("frame-ancestors 'self'")
      expect(csp, url).toContain("script-src 'self'")
      expect(csp, url).toContain("connect-src 'self'")
      expect(csp, url).not.toContain('unsafe-eval')
    }
  })

  it('the OpenAPI description is not served unless API_DOCS=1: /docs is not found, not the web shell', async () => {
    for (const url of ['/docs', '/docs/', '/docs/json', '/docs/static/index.html']) {
      const res = await get(url)
      expect(res.statusCode, url).toBe(404)
      expect(res.json(), url).toMatchObject({ code: 404 })
      expect(res.body, url).not.toContain('loginByUserPwd')
    }
  })
})

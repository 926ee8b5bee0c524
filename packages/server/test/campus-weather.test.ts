import { CAMPUS_API, CampusErrorCode, CampusMsg, ErrorCode } from '@zhixiao/shared'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { WEATHER_TTL_MS } from '../src/modules/campus/weather-service.js'
import { call, createTestApp, makeWorld, staffOf, type Staff, type TestApp, type World } from './helpers.js'

/**
 * Weather for the campus portal (docs/campus.md "Campus portal"): off by default, QWeather's v7/weather/now through a
 * local stand-in that answers as QWeather documents it (string figures, the body's "code"), cached 10 minutes.
 */
const GOOD_KEY = 'qw-good-key-123'
let t: TestApp
let w: World
let s: Staff
let foreign: Staff
let host: string
let server: http.Server
let other: http.Server
let otherHost: string
const hits: URLSearchParams[] = []
const otherHits: string[] = []

function qweatherStandIn(): http.Server {
  return http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x')
    res.setHeader('content-type', 'application/json')
    if (url.pathname !== '/v7/weather/now') {
      res.statusCode = 404
      res.end('{"code":"404"}')
      return
    }
    hits.push(url.searchParams)
    // QWeather answers HTTP 200 with its own code in the body; 401 for a bad key, 404 for an unknown location.
    if (url.searchParams.get('key') !== GOOD_KEY) {
      res.end(JSON.stringify({ code: '401' }))
      return
    }
    if (url.searchParams.get('location') !== '101010100') {
      res.end(JSON.stringify({ code: '404' }))
      return
    }
    res.end(
      JSON.stringify({
        code: '200',
        updateTime: '2026-11-01T15:50+08:00',
        fxLink: 'https://www.qweather.com/weather/beijing-101010100.html',
        now: {
          obsTime: '2026-11-01T15:40+08:00',
          temp: '13',
          feelsLike: '11',
          icon: '101',
          text: '多云',
          wind360: '45',
          windDir: '东北风',
          windScale: '3',
          windSpeed: '15',
          humidity: '52',
          precip: '0.0',
          pressure: '1016',
          vis: '20',
          cloud: '91',
          dew: '3',
        },
        refer: { sources: ['QWeather'], license: ['QWeather Developers License'] },
      }),
    )
  })
}

const listen = (srv: http.Server) =>
  new Promise<string>((resolve) =>
    srv.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(srv.address() as AddressInfo).port}`)),
  )

beforeAll(async () => {
  server = qweatherStandIn()
  host = await listen(server)
  other = http.createServer((req, res) => {
    otherHits.push(req.url ?? '')
    res.end('{"code":"401"}')
  })
  otherHost = await listen(other)
  t = await createTestApp()
  w = await makeWorld(t)
  s = await staffOf(t, w)
  foreign = await staffOf(t, await makeWorld(t))
})
afterAll(async () => {
  await t.close()
  server.close()
  other.close()
})

const weather = (token: string | undefined, orgId?: number) =>
  call(t, { url: `${CAMPUS_API}/getWeatherByOrgId${orgId ? `?orgId=${orgId}` : ''}`, token })
const save = (token: string, body: Record<string, unknown>) =>
  call(t, { url: '/base/api/weather/config/save', token, body })
const setLocation = (token: string, value: Record<string, unknown>, orgId?: number) =>
  call(t, { url: '/base/configMgr/setCampusWeatherConfig', token, body: { ...(orgId ? { orgId } : {}), value } })
const stored = () => t.db.tenant(w.tenantId, (trx) => trx.selectFrom('weather_config').selectAll().executeTakeFirst())

describe('weather', () => {
  it('is off by default: a clear answer and no figures', async () => {
    expect(await weather(undefined, w.schoolId)).toMatchObject({ status: 401 })
    const r = await weather(s.teacher)
    expect(r).toMatchObject({
      code: 0,
      data: { state: 'off', message: CampusMsg.WEATHER_OFF, provider: 'off', now: null, fetchedAt: null },
    })
    expect((await call(t, { url: '/base/api/weather/config/get', token: s.bureauAdmin })).data).toEqual({
      provider: 'off',
      apiHost: '',
      hasKey: false,
      updatedAt: null,
      editable: true,
    })
    expect((await call(t, { url: '/base/api/weather/config/get', token: s.schoolAdmin })).data.editable).toBe(false)
  })

  it('saving refuses a missing permission, a school admin, bad input and a missing key, writing nothing', async () => {
    expect(await save(s.teacher, { provider: 'qweather', apiHost: host, apiKey: GOOD_KEY })).toMatchObject({
      status: 403,
      code: ErrorCode.FORBIDDEN,
    })
    expect(await call(t, { url: '/base/api/weather/config/get', token: s.teacher })).toMatchObject({ status: 403 })
    // The key serves every school of the tenant: only the top org's administrators set it.
    expect(await save(s.schoolAdmin, { provider: 'qweather', apiHost: host, apiKey: GOOD_KEY })).toMatchObject({
      code: ErrorCode.FORBIDDEN,
    })
    expect(await save(s.bureauAdmin, { provider: 'qweather', apiHost: host })).toMatchObject({
      code: ErrorCode.BAD_REQUEST,
      msg: CampusMsg.KEY_REQUIRED,
    })
    for (const body of [
      { provider: 'qweather', apiHost: host, apiKey: 'a\u0000b' },
      { provider: 'qweather', apiHost: 'ftp://weather.example.com', apiKey: GOOD_KEY },
      { provider: 'qweather', apiHost: `${host}/v7/path`, apiKey: GOOD_KEY },
      { provider: 'qweather', apiHost: host, apiKey: 'k'.repeat(101) },
      { provider: 'sunny', apiHost: host, apiKey: GOOD_KEY },
      { provider: 'qweather', apiHost: 42, apiKey: GOOD_KEY },
    ]) {
      const r = await save(s.bureauAdmin, body)
      expect(r.code, JSON.stringify(body)).toBe(ErrorCode.BAD_REQUEST)
      expect(r.msg).toMatch(/[\u4e00-\u9fa5]/)
    }
    expect(await stored()).toBeUndefined()
  })

  it('a saved key is sealed at rest and never returned', async () => {
    expect(await save(s.bureauAdmin, { provider: 'qweather', apiHost: host, apiKey: GOOD_KEY })).toMatchObject({
      code: 0,
      msg: CampusMsg.SAVED,
    })
    const row = await stored()
    expect(row?.api_key_sealed).toMatch(/^v1\./)
    expect(row?.api_key_sealed).not.toContain(GOOD_KEY)
    expect(t.ctx.secrets.open(row!.api_key_sealed!)).toBe(GOOD_KEY)
    const view = await call(t, { url: '/base/api/weather/config/get', token: s.bureauAdmin })
    expect(view.data).toMatchObject({ provider: 'qweather', apiHost: host, hasKey: true })
    expect(JSON.stringify(view)).not.toContain(GOOD_KEY)
    const log = await t.db.tenant(w.tenantId, (trx) =>
      trx.selectFrom('operation_log').select('detail').where('action', '=', '保存天气配置').execute(),
    )
    expect(log).toHaveLength(1)
    expect(JSON.stringify(log)).not.toContain(GOOD_KEY)
    // Saving again with an empty key keeps the stored one.
    expect((await save(s.bureauAdmin, { provider: 'qweather', apiHost: host, apiKey: '' })).code).toBe(0)
    expect(t.ctx.secrets.open((await stored())!.api_key_sealed!)).toBe(GOOD_KEY)
  })

  it('a school without a location says so; the bureau sets one and its schools inherit it', async () => {
    expect((await weather(s.teacher)).data).toMatchObject({
      state: 'noLocation',
      message: CampusMsg.WEATHER_NO_LOCATION,
      now: null,
    })
    expect(await setLocation(s.teacher, { location: '101010100', cityName: '北京' })).toMatchObject({ status: 403 })
    for (const value of [
      { location: 'beijing' },
      { location: '1010\u0000' },
      { location: '101010100', cityName: '城'.repeat(21) },
    ]) {
      expect((await setLocation(s.bureauAdmin, value)).code).toBe(ErrorCode.BAD_REQUEST)
    }
    expect((await weather(s.teacher)).data.state).toBe('noLocation')
    expect((await setLocation(s.bureauAdmin, { location: '101010100', cityName: '北京' })).code).toBe(0)
    const before = hits.length
    const r = await weather(s.teacher)
    expect(r.data).toMatchObject({
      orgId: w.schoolId,
      state: 'ok',
      message: null,
      provider: 'qweather',
      location: '101010100',
      cityName: '北京',
      now: {
        temp: 13,
        feelsLike: 11,
        text: '多云',
        icon: '101',
        windDir: '东北风',
        windScale: '3',
        humidity: 52,
        obsTime: '2026-11-01T07:40:00.000Z',
      },
    })
    expect(hits.length).toBe(before + 1)
    expect(hits.at(-1)!.get('location')).toBe('101010100')
    expect(hits.at(-1)!.get('key')).toBe(GOOD_KEY)
    // Not the key, ever, in an answer.
    expect(JSON.stringify(r)).not.toContain(GOOD_KEY)
  })

  it('answers are cached for 10 minutes per location', async () => {
    const before = hits.length
    const first = await weather(s.teacher)
    expect((await weather(s.schoolAdmin)).data.fetchedAt).toBe(first.data.fetchedAt)
    expect(hits.length).toBe(before)
    t.clock.advance(WEATHER_TTL_MS - 1000)
    await weather(s.teacher)
    expect(hits.length).toBe(before)
    t.clock.advance(2000)
    const fresh = await weather(s.teacher)
    expect(hits.length).toBe(before + 1)
    expect(fresh.data.fetchedAt).not.toBe(first.data.fetchedAt)
  })

  it("a provider error answers state error without figures; another tenant's org is not found", async () => {
    // School 2 sets its own location, which the provider does not know.
    expect((await setLocation(s.school2Admin, { location: '999999', cityName: '未知' })).code).toBe(0)
    expect((await weather(s.school2Admin)).data).toMatchObject({
      state: 'error',
      message: CampusMsg.WEATHER_FAILED,
      now: null,
      location: '999999',
    })
    expect((await weather(s.teacher)).data.state).toBe('ok')
    expect(await weather(foreign.teacher, w.schoolId)).toMatchObject({ code: ErrorCode.NOT_FOUND })
    expect(await weather(s.school2Admin, w.schoolId)).toMatchObject({ code: ErrorCode.NOT_FOUND })
  })

  it('the test button asks the provider now; the stored key never goes to another host', async () => {
    const test = (body: Record<string, unknown>) =>
      call(t, { url: '/base/api/weather/config/test', token: s.bureauAdmin, body })
    const okTest = await test({ provider: 'qweather', apiHost: host, apiKey: '', location: '101010100' })
    expect(okTest).toMatchObject({ code: 0, msg: CampusMsg.WEATHER_TEST_OK, data: { temp: 13, text: '多云' } })
    const bad = await test({ provider: 'qweather', apiHost: host, apiKey: 'wrong-key', location: '101010100' })
    expect(bad.code).toBe(CampusErrorCode.WEATHER_FAILED)
    expect(bad.msg).toContain(CampusMsg.WEATHER_FAILED)
    expect(await test({ provider: 'qweather', apiHost: otherHost, apiKey: '', location: '101010100' })).toMatchObject({
      code: ErrorCode.BAD_REQUEST,
      msg: CampusMsg.KEY_REQUIRED,
    })
    expect(otherHits).toEqual([])
    expect((await test({ provider: 'qweather', apiHost: host, apiKey: '', location: '' })).msg).toBe(
      CampusMsg.LOCATION_REQUIRED,
    )
    expect(
      await call(t, {
        url: '/base/api/weather/config/test',
        token: s.teacher,
        body: { provider: 'qweather', apiHost: host, location: '101010100' },
      }),
    ).toMatchObject({ status: 403 })
    // An unreachable host is a failure, not a crash.
    const down = await test({
      provider: 'qweather',
      apiHost: 'http://127.0.0.1:9',
      apiKey: GOOD_KEY,
      location: '101010100',
    })
    expect(down.code).toBe(CampusErrorCode.WEATHER_FAILED)
  })

  it('switching off deletes the key and the portal says weather is off again', async () => {
    expect((await save(s.bureauAdmin, { provider: 'off' })).code).toBe(0)
    expect((await stored())?.api_key_sealed).toBeNull()
    expect((await weather(s.teacher)).data).toMatchObject({ state: 'off', now: null })
  })
})

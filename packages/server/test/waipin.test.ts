import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { WaipinMsg } from '@zhixiao/shared'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { call, createTestApp, makeWorld, staffOf, type Staff, type TestApp, type World } from './helpers.js'

/**
 * The external-hire mini-program (/menhu-waipin/index, addConfigWX, addConfigDD): its saved WeChat / DingTalk
 * mini-program signs an external hire in and shows their pass (docs/messages.md "External-hire mini-program"),
 * against a stand-in speaking WeChat's (token, getuserphonenumber) and DingTalk's (gettoken, getuserinfo, user/get) protocols.
 */
let t: TestApp
let w: World
let s: Staff
const SECRET = 'S3cretS3cretS3cretS3cret'
type Seen = { path: string; query: Record<string, string>; body: Record<string, unknown> | null }
const seen: Seen[] = []
let server: http.Server
let base: string

beforeAll(async () => {
  t = await createTestApp()
  w = await makeWorld(t)
  s = await staffOf(t, w)
  server = http.createServer((req, res) => {
    const url = new URL(req.url!, 'http://x')
    let raw = ''
    req.on('data', (c: Buffer) => {
      raw += c.toString()
    })
    req.on('end', () => {
      const query = Object.fromEntries(url.searchParams)
      const body = raw ? (JSON.parse(raw) as Record<string, unknown>) : null
      seen.push({ path: url.pathname, query, body })
      const answer = (o: unknown) => {
        res.setHeader('Content-Type', 'application/json')
        res.end(JSON.stringify(o))
      }
      switch (url.pathname) {
        case '/cgi-bin/token':
          return answer(
            query.secret === SECRET
              ? { access_token: 'WX-MINI', expires_in: 7200 }
              : { errcode: 40125, errmsg: 'invalid appsecret' },
          )
        case '/wxa/business/getuserphonenumber':
          if (query.access_token !== 'WX-MINI') return answer({ errcode: 40001, errmsg: 'invalid credential' })
          return answer(
            String(body?.code).startsWith('PHONE-')
              ? {
                  errcode: 0,
                  errmsg: 'ok',
                  phone_info: {
                    phoneNumber: `+86${String(body?.code).slice(6)}`,
                    purePhoneNumber: String(body?.code).slice(6),
                    countryCode: '86',
                  },
                }
              : { errcode: 40029, errmsg: 'invalid code' },
          )
        case '/gettoken':
          return answer(
            query.appsecret === SECRET
              ? { errcode: 0, access_token: 'DD-MINI', expires_in: 7200 }
              : { errcode: 40089, errmsg: 'invalid appsecret' },
          )
        case '/topapi/v2/user/getuserinfo':
          return answer(
            query.access_token === 'DD-MINI' && body?.code === 'AUTH-1'
              ? { errcode: 0, result: { userid: 'DDU1' } }
              : { errcode: 40078, errmsg: 'bad code' },
          )
        case '/topapi/v2/user/get':
          return answer(
            body?.userid === 'DDU1'
              ? { errcode: 0, result: { userid: 'DDU1', mobile: '13900002222' } }
              : { errcode: 60121, errmsg: 'not found' },
          )
      }
      res.statusCode = 404
      res.end()
    })
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`
  for (const x of [
    { name: '李外聘', phone: '13900001111', company: '星辰教育科技', startDate: '2026-01-01', endDate: '2099-07-31' },
    { name: '赵外聘', phone: '13900002222', company: '晨曦体育', startDate: '2025-01-01', endDate: '2025-12-31' },
  ])
    expect((await call(t, { url: '/base/api/external/add', token: s.schoolAdmin, body: x })).code).toBe(0)
})
afterAll(async () => {
  await new Promise<void>((r) => {
    server.close(() => r())
    server.closeAllConnections()
  })
  await t.close()
})
beforeEach(() => {
  seen.length = 0
})

const card = (body: Record<string, unknown>) =>
  call(t, { url: '/base/api/waipin/card', body: { orgId: w.schoolId, ...body } })
const save = (body: Record<string, unknown>) =>
  call(t, {
    url: '/base/api/mpApp/waipin/save',
    token: s.schoolAdmin,
    body: { apiBase: base, appSecret: SECRET, ...body },
  })

describe('external-hire mini-program sign-in', () => {
  let wxId: number
  it('signs no one in while the mini-program is not configured (off by default)', async () => {
    expect(await card({ platform: 'wx_mini', code: 'PHONE-13900001111' })).toMatchObject({
      code: 400,
      msg: WaipinMsg.NOT_CONFIGURED,
    })
    expect(seen).toEqual([])
  })

  it('WeChat: the getPhoneNumber code becomes the phone, the phone the pass', async () => {
    const r = await save({ platform: 'wx_mini', name: '外聘微信小程序', appId: 'wxMINI0001' })
    expect(r.code).toBe(0)
    wxId = r.data
    const ok = await card({ platform: 'wx_mini', code: 'PHONE-13900001111' })
    expect(ok).toMatchObject({
      code: 0,
      data: {
        name: '李外聘',
        phone: '139****1111',
        company: '星辰教育科技',
        startDate: '2026-01-01',
        endDate: '2099-07-31',
        valid: true,
        reason: null,
      },
    })
    expect(seen.map((x) => x.path)).toEqual(['/cgi-bin/token', '/wxa/business/getuserphonenumber'])
    expect(seen[0]!.query).toEqual({ grant_type: 'client_credential', appid: 'wxMINI0001', secret: SECRET })
    expect(seen[1]).toMatchObject({ query: { access_token: 'WX-MINI' }, body: { code: 'PHONE-13900001111' } })
    expect(await card({ platform: 'wx_mini', code: 'BAD' })).toMatchObject({ code: 400, msg: WaipinMsg.AUTH_FAILED })
    expect(await card({ platform: 'wx_mini', code: 'PHONE-13900009999' })).toMatchObject({
      code: 404,
      msg: WaipinMsg.NOT_REGISTERED,
    })
    // Another school's mini-program settings do not reach this school's hires, nor this school's reach that one's.
    expect(await card({ orgId: w.school2Id, platform: 'wx_mini', code: 'PHONE-13900001111' })).toMatchObject({
      code: 400,
      msg: WaipinMsg.NOT_CONFIGURED,
    })
  })

  it('DingTalk: the 免登 authCode becomes the user, the user’s mobile the pass; an ended contract says so', async () => {
    expect((await save({ platform: 'dd_mini', name: '外聘钉钉小程序', appId: 'dingMINI0001' })).code).toBe(0)
    const r = await card({ platform: 'dd_mini', code: 'AUTH-1' })
    expect(r).toMatchObject({ code: 0, data: { name: '赵外聘', valid: false, reason: '聘用已到期' } })
    expect(seen.map((x) => x.path)).toEqual(['/gettoken', '/topapi/v2/user/getuserinfo', '/topapi/v2/user/get'])
    expect(seen[0]!.query).toEqual({ appkey: 'dingMINI0001', appsecret: SECRET })
    expect(seen[1]).toMatchObject({ query: { access_token: 'DD-MINI' }, body: { code: 'AUTH-1' } })
    expect(seen[2]).toMatchObject({ query: { access_token: 'DD-MINI' }, body: { userid: 'DDU1' } })
    expect((await card({ platform: 'dd_mini', code: 'AUTH-2' })).msg).toBe(WaipinMsg.AUTH_FAILED)
  })

  it('a mini-program switched off signs no one in; bad input is refused in Chinese', async () => {
    expect(
      (
        await save({
          id: wxId,
          platform: 'wx_mini',
          name: '外聘微信小程序',
          appId: 'wxMINI0001',
          appSecret: '',
          enabled: false,
        })
      ).code,
    ).toBe(0)
    seen.length = 0
    expect(await card({ platform: 'wx_mini', code: 'PHONE-13900001111' })).toMatchObject({
      code: 400,
      msg: WaipinMsg.NOT_CONFIGURED,
    })
    expect(seen).toEqual([])
    expect(await card({ platform: 'wx_mp', code: 'x' })).toMatchObject({ code: 400, msg: '参数错误' })
    expect(await card({ platform: 'wx_mini', code: '' })).toMatchObject({ code: 400, msg: WaipinMsg.AUTH_FAILED })
  })
})

import { describe, expect, it } from 'vitest'
import {
  isPhoneUserAgent,
  isPlaceBookingPath,
  mobileBookingTarget,
  safeAppName,
  safeBeFrom,
  safeMicroAppUrl,
} from '../src/startup.js'
import { isHostName } from '../src/tenant.js'

const UA = {
  iphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
  android:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36',
  wechat:
    'Mozilla/5.0 (Linux; Android 13; V2231A) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/111.0 Mobile Safari/537.36 MicroMessenger/8.0.47',
  harmony:
    'Mozilla/5.0 (Phone; OpenHarmony 4.1) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/114.0.0.0 Safari/537.36 ArkWeb/4.1.6.1 Mobile',
  firefoxAndroid: 'Mozilla/5.0 (Android 14; Mobile; rv:125.0) Gecko/125.0 Firefox/125.0',
  windows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
  mac: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_4) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15',
  ipad: 'Mozilla/5.0 (iPad; CPU OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
  androidTablet:
    'Mozilla/5.0 (Linux; Android 13; SM-X700) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
}

describe('phone browsers on the place-reservation app (000 §2.4)', () => {
  it('tells phones from desktops and tablets', () => {
    for (const k of ['iphone', 'android', 'wechat', 'harmony', 'firefoxAndroid'] as const)
      expect(isPhoneUserAgent(UA[k]), k).toBe(true)
    for (const k of ['windows', 'mac', 'ipad', 'androidTablet'] as const) expect(isPhoneUserAgent(UA[k]), k).toBe(false)
    expect(isPhoneUserAgent('')).toBe(false)
  })

  it('knows the placemeet paths, not their look-alikes', () => {
    for (const p of ['/placemeet', '/placemeet/', '/placemeet/book/3', '/placemeet?x=1'])
      expect(isPlaceBookingPath(p), p).toBe(true)
    for (const p of ['/', '/placemeeting', '/portal/placemeet', '/salary', 'placemeet', ''])
      expect(isPlaceBookingPath(p), p).toBe(false)
  })

  it('sends a phone on a placemeet path to the configured http(s) booking address, and nobody else anywhere', () => {
    const url = 'https://m.example.cn/booking'
    expect(mobileBookingTarget(UA.iphone, '/placemeet/list', url)).toBe(url)
    expect(mobileBookingTarget(UA.android, '/placemeet', url)).toBe(url)
    expect(mobileBookingTarget(UA.windows, '/placemeet/list', url)).toBeNull()
    expect(mobileBookingTarget(UA.ipad, '/placemeet/list', url)).toBeNull()
    expect(mobileBookingTarget(UA.iphone, '/portal/home', url)).toBeNull()
    // Not configured, or not an http(s) address: the page opens as it is.
    for (const none of ['', null, undefined, 'javascript:alert(1)', '//evil.example.cn', '/placemeet-mobile']) {
      expect(mobileBookingTarget(UA.iphone, '/placemeet', none), String(none)).toBeNull()
    }
  })
})

describe('startup parameters', () => {
  it('microappurl: an in-app path with one leading slash only (no open redirect)', () => {
    for (const p of ['/oafn/leave/apply', '/salary', '/salary/list?month=2026-11', ' /placemeet '])
      expect(safeMicroAppUrl(p), p).toBe(p.trim())
    for (const p of [
      'https://evil.example.cn',
      '//evil.example.cn/x',
      '/\\evil.example.cn',
      '\\\\evil',
      'javascript:alert(1)',
      'salary',
      '/a b',
      '/a\nb',
      '/a\u0000b',
      '/redirect/login',
      `/${'a'.repeat(500)}`,
      '',
      null,
      undefined,
    ])
      expect(safeMicroAppUrl(p), String(p)).toBeNull()
  })

  it('beFrom: a short token of letters, digits, _ and -', () => {
    for (const v of ['app', 'wechat', 'dingtalk', 'WeCom_2', 'a-b', 'x'.repeat(32)]) expect(safeBeFrom(v), v).toBe(v)
    for (const v of ['', 'x'.repeat(33), 'we chat', '<script>', 'app/1', '应用', null])
      expect(safeBeFrom(v), String(v)).toBeNull()
  })

  it('currentAppName: one trimmed line of at most 50 characters', () => {
    expect(safeAppName(' 请假审批 ')).toBe('请假审批')
    expect(safeAppName('名'.repeat(50))).toBe('名'.repeat(50))
    for (const v of ['', '   ', '名'.repeat(51), 'a\nb', 'a\tb', null]) expect(safeAppName(v), String(v)).toBeNull()
  })

  it('a tenant domain is a host name', () => {
    for (const h of ['localhost', 'portal.example.edu.cn', 'a-b.c1.cn', '127.0.0.1'])
      expect(isHostName(h), h).toBe(true)
    for (const h of [
      '',
      'https://x.cn',
      'x.cn/a',
      '-x.cn',
      'x-.cn',
      'a..b',
      '.x.cn',
      'x.cn.',
      'X.cn',
      'x y.cn',
      `${'a'.repeat(64)}.cn`,
    ])
      expect(isHostName(h), h).toBe(false)
  })
})

import { AppMsg, CmsMsg, ConfigName, ErrorCode, PortalMsg } from '@zhixiao/shared'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  ADMIN_PASSWORD,
  call,
  createTestApp,
  login,
  makeWorld,
  staffOf,
  type Staff,
  type TestApp,
  type World,
} from './helpers.js'

/**
 * Every address a user can click (or a page loads) is refused on save unless it is http(s) or a path on this site:
 * the footer's links, the header's website and outside links, bureau menu targets, banners and block pictures,
 * registered apps and the students' site. One rule decides (isSafeLink, through z.link in the shared schemas).
 */
let t: TestApp
let w: World
let s: Staff
let superAdmin: string

beforeAll(async () => {
  t = await createTestApp()
  w = await makeWorld(t)
  s = await staffOf(t, w)
  superAdmin = (await login(t, { userName: 'administrator', password: ADMIN_PASSWORD, loginType: 0 })).data.userToken
})
afterAll(() => t.close())

const BAD = [
  'javascript:alert(1)',
  'JavaScript:alert(1)',
  ' javascript:alert(1)',
  'java\tscript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'vbscript:x',
  '//evil.example/x',
  '/\\evil.example',
]
const refusedWith = (msg: string) => ({ status: 400, code: ErrorCode.BAD_REQUEST, msg })

const footer = (contentDown: string, typeDown = 1) => ({
  name: ConfigName.MH_SYS,
  value: {
    sysName: '测试一小',
    footer: { bottomGroup: [{ bottomInfo: [{ typeUp: 1, contentUp: '联系我们', typeDown, contentDown }] }] },
  },
})

describe('stored links', () => {
  it('a javascript: (or any non-http) footer link is refused on save with a clear message, and nothing is stored', async () => {
    for (const bad of BAD) {
      expect(
        await call(t, { url: '/base/configMgr/setMHSysConfig', token: s.schoolAdmin, body: footer(bad) }),
        bad,
      ).toMatchObject(refusedWith(PortalMsg.URL_HTTP))
    }
    // The image shown in a popover (typeDown 2) obeys the same rule.
    expect(
      await call(t, {
        url: '/base/configMgr/setMHSysConfig',
        token: s.schoolAdmin,
        body: footer('javascript:alert(1)', 2),
      }),
    ).toMatchObject(refusedWith(PortalMsg.URL_HTTP))
    const stored = await call(t, { url: `/base/api/tenant/getTenantBottomBaseInfo?orgId=${w.schoolId}` })
    expect(stored.data.bottomGroup).toEqual([])
    for (const good of ['https://www.example.cn/about', 'http://example.cn', '/base-set/system', '#/portal/home', '']) {
      expect(
        (await call(t, { url: '/base/configMgr/setMHSysConfig', token: s.schoolAdmin, body: footer(good) })).code,
        good,
      ).toBe(0)
    }
    expect(
      (await call(t, { url: `/base/api/tenant/getTenantBottomBaseInfo?orgId=${w.schoolId}` })).data.bottomGroup[0]
        .bottomInfo[0].contentDown,
    ).toBe('')
  })

  it('header website and outside links, and bureau menu targets', async () => {
    const set = (name: string, value: Record<string, unknown>) =>
      call(t, { url: '/base/configMgr/setMHSysConfig', token: s.bureauAdmin, body: { name, value } })
    expect(await set(ConfigName.MH_SYS, { webPageName: '官网', webPageUrl: 'javascript:alert(1)' })).toMatchObject(
      refusedWith(PortalMsg.URL_HTTP),
    )
    expect(
      await set(ConfigName.JD_MH_SYS, { outLinkList: [{ linkName: '官网', linkUrl: 'javascript:alert(1)' }] }),
    ).toMatchObject(refusedWith(PortalMsg.URL_HTTP))
    const menu = (skip: Record<string, unknown>) =>
      set(ConfigName.JD_MH_SYS, { options: [{ optionName: '办公', skipList: [{ skipName: '请假', ...skip }] }] })
    expect(await menu({ skipUrl: 'javascript:alert(1)' })).toMatchObject(refusedWith(PortalMsg.URL_HTTP))
    expect(await menu({ reqUri: 'javascript:alert(1)' })).toMatchObject(refusedWith(PortalMsg.ROUTE_SLASH))
    expect((await menu({ reqUri: '/oafn/leave', skipUrl: 'https://oa.example.cn' })).code).toBe(0)
  })

  it('banners and the links of block pictures', async () => {
    const banner = (link: string) =>
      call(t, {
        url: '/base/api/banner/add',
        token: s.schoolAdmin,
        body: { title: '横幅', imageUrl: 'https://img.example.cn/a.png', link },
      })
    for (const bad of BAD)
      expect(await banner(bad), bad).toMatchObject({ status: 400, msg: '链接必须以 http 或 / 开头' })
    expect((await banner('https://www.example.cn')).code).toBe(0)
    const pic = await call(t, {
      url: '/base/portal/module/setModule',
      token: s.schoolAdmin,
      body: {
        homeKind: 'school',
        module: {
          type: 'carousel',
          settings: { picList: [{ decryUrl: 'https://img.example.cn/a.png', link: 'javascript:alert(1)' }] },
        },
      },
    })
    expect(pic).toMatchObject({ status: 400, msg: '链接必须以 http 或 / 开头' })
    const cover = await call(t, {
      url: '/base/portal/module/setModule',
      token: s.schoolAdmin,
      body: {
        homeKind: 'school',
        module: { type: 'carousel', settings: { picList: [{ decryUrl: 'javascript:alert(1)' }] } },
      },
    })
    expect(cover).toMatchObject({ status: 400, msg: CmsMsg.IMAGE_URL })
  })

  it('registered apps: entry address, route and icon', async () => {
    const app = (b: Record<string, unknown>) =>
      call(t, { url: '/base/mobileApp/save', token: s.schoolAdmin, body: { name: '外部应用', ...b } })
    expect(await app({ entryUrl: 'javascript:alert(1)' })).toMatchObject({
      status: 400,
      msg: '入口地址必须以/或http开头',
    })
    expect(await app({ entryUrl: '//evil.example/app' })).toMatchObject({
      status: 400,
      msg: '入口地址必须以/或http开头',
    })
    expect(await app({ reqUri: 'javascript:alert(1)' })).toMatchObject({ status: 400, msg: '应用路由必须以/开头' })
    expect(await app({ reqUri: '/ext', iconUri: 'data:image/svg+xml,<svg onload=alert(1)>' })).toMatchObject({
      status: 400,
      msg: AppMsg.ICON_HTTP,
    })
    expect(
      (await app({ reqUri: '/ext', entryUrl: 'https://ext.example.cn/', iconUri: 'https://img.example.cn/i.png' }))
        .code,
    ).toBe(0)
  })

  it("the students' site of a tenant", async () => {
    const r = await call(t, {
      url: '/base/api/tenant/update',
      token: superAdmin,
      body: { id: w.tenantId, studentSiteUrl: 'javascript:alert(1)' },
    })
    expect(r).toMatchObject({ status: 400, msg: '学生站点地址须以 http:// 或 https:// 开头' })
    expect(
      (
        await call(t, {
          url: '/base/api/tenant/update',
          token: superAdmin,
          body: { id: w.tenantId, studentSiteUrl: 'https://student.example.cn' },
        })
      ).code,
    ).toBe(0)
  })

  it("the login page's background image of a tenant", async () => {
    const set = (backgroundUrl: string) =>
      call(t, { url: '/base/api/tenant/update', token: superAdmin, body: { id: w.tenantId, backgroundUrl } })
    for (const bad of ['javascript:alert(1)', '//evil.example/bg.png', 'data:image/png;base64,AAAA']) {
      expect(await set(bad)).toMatchObject({ status: 400, msg: '登录背景图片须以 http:// 、https:// 或 / 开头' })
    }
    expect((await set('/uploads/login-bg.jpg')).code).toBe(0)
  })
})

import { CmsMsg, UserType } from '@zhixiao/shared'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  call,
  createTestApp,
  loginToken,
  makePerson,
  makeWorld,
  staffOf,
  type Staff,
  type TestApp,
  type World,
} from './helpers.js'

let t: TestApp
let w: World
let s: Staff
let foreign: Staff
let bureauTeacher: string
const M = '/base/portal/module'
const B = '/base/api/banner'

beforeAll(async () => {
  t = await createTestApp()
  w = await makeWorld(t)
  s = await staffOf(t, w)
  foreign = await staffOf(t, await makeWorld(t))
  bureauTeacher = await loginToken(
    t,
    (
      await makePerson(t, w.tenantId, {
        memberships: [{ orgId: w.bureauId, userType: UserType.STAFF, roleIds: [w.roles.staff] }],
      })
    ).userName,
  )
})
afterAll(() => t.close())

const layout = (token: string | undefined, homeKind: string, orgId?: number) =>
  call(t, { url: `${M}/getModuleLayout?homeKind=${homeKind}${orgId ? `&orgId=${orgId}` : ''}`, token })
const kinds = (r: { data: { modules: { type: string; title: string }[] } }) =>
  r.data.modules.map((m) => `${m.type}:${m.title}`)

describe('layouts', () => {
  it('an org that configured nothing gets the defaults of the home kind', async () => {
    const r = await layout(s.teacher, 'school')
    expect(r).toMatchObject({ code: 0, data: { configured: false, orgId: w.schoolId, orgName: '测试一小' } })
    expect(r.data.modules.map((m: { type: string }) => m.type)).toEqual(['carousel', 'news', 'news'])
    expect(r.data.modules.every((m: { id: number | null }) => m.id === null)).toBe(true)
    expect(kinds(await layout(s.teacher, 'personal'))[0]).toBe('apps:常用应用')
  })

  it('an admin saves a home in order; readers see the shown blocks; rich text is sanitised', async () => {
    const modules = [
      { type: 'news', title: '校园新闻', span: 16, settings: { newLevel: 1, height: 216 } },
      {
        type: 'text',
        title: '校训',
        span: 8,
        settings: { text: '<p onclick="x()">厚德<script>alert(1)</script></p>' },
      },
      { type: 'qr', title: '手机访问', span: 8, status: 1, settings: { text: 'https://example.com/m' } },
      {
        type: 'video',
        title: '宣传片',
        span: 12,
        settings: { videoUrl_decode: 'https://example.com/v.mp4', autoPlayMode: 1 },
      },
    ]
    expect(
      await call(t, { url: `${M}/moduleListMaintain`, token: s.schoolAdmin, body: { homeKind: 'school', modules } }),
    ).toMatchObject({ code: 0 })
    const r = await layout(s.teacher, 'school')
    expect(r.data.configured).toBe(true)
    expect(kinds(r)).toEqual(['news:校园新闻', 'text:校训', 'video:宣传片'])
    expect(r.data.modules[0].settings).toEqual({ newLevel: 1, height: 216 })
    expect(r.data.modules[1].settings.text).toBe('<p>厚德</p>')
    expect(r.data.modules[2].settings).toMatchObject({ autoPlayMode: 1, descType: 0 })
    const list = await call(t, { url: `${M}/getModuleList?homeKind=school`, token: s.schoolAdmin })
    expect(kinds(list)).toEqual(['news:校园新闻', 'text:校训', 'qr:手机访问', 'video:宣传片'])
    // Another school of the tenant still has the defaults.
    expect((await layout(s.school2Admin, 'school')).data.configured).toBe(false)
    const log = await t.db.tenant(w.tenantId, (trx) =>
      trx.selectFrom('operation_log').select('action').where('module', '=', '门户模块').execute(),
    )
    expect(log.map((l) => l.action)).toContain('保存布局')
  })

  it("a bureau's layout serves its schools until a school configures its own", async () => {
    await call(t, {
      url: `${M}/moduleListMaintain`,
      token: s.bureauAdmin,
      body: {
        homeKind: 'personal',
        modules: [{ type: 'text', title: '局里的个人门户', settings: { text: '<p>a</p>' } }],
      },
    })
    const r = await layout(s.teacher, 'personal')
    expect(r.data).toMatchObject({ configured: true, orgId: w.bureauId })
    expect(kinds(r)).toEqual(['text:局里的个人门户'])
    await call(t, {
      url: `${M}/moduleListMaintain`,
      token: s.schoolAdmin,
      body: { homeKind: 'personal', modules: [{ type: 'apps', title: '常用应用', settings: {} }] },
    })
    expect(kinds(await layout(s.teacher, 'personal'))).toEqual(['apps:常用应用'])
    expect(kinds(await layout(bureauTeacher, 'personal'))).toEqual(['text:局里的个人门户'])
    // An empty list goes back to the inherited layout.
    await call(t, { url: `${M}/moduleListMaintain`, token: s.schoolAdmin, body: { homeKind: 'personal', modules: [] } })
    expect(kinds(await layout(s.teacher, 'personal'))).toEqual(['text:局里的个人门户'])
  })

  it('single-block calls: add to an unconfigured home starts from its defaults; edit, hide, remove, get', async () => {
    const add = await call(t, {
      url: `${M}/setModule`,
      token: s.school2Admin,
      body: {
        homeKind: 'class',
        module: { type: 'qr', title: '班级二维码', span: 8, settings: { text: 'https://example.com/c' } },
      },
    })
    expect(add.code).toBe(0)
    const list = await call(t, { url: `${M}/getModuleList?homeKind=class`, token: s.school2Admin })
    expect(kinds(list)).toEqual(['news:通知公告', 'text:班级寄语', 'qr:班级二维码'])
    const id = add.data as number
    expect(await call(t, { url: `${M}/getModule?id=${id}`, token: s.school2Admin })).toMatchObject({
      code: 0,
      data: { type: 'qr', homeKind: 'class', settings: { text: 'https://example.com/c' } },
    })
    await call(t, {
      url: `${M}/setModule`,
      token: s.school2Admin,
      body: {
        id,
        homeKind: 'class',
        module: { type: 'qr', title: '新标题', span: 8, settings: { text: 'https://example.com/d' } },
      },
    })
    expect((await call(t, { url: `${M}/getModule?id=${id}`, token: s.school2Admin })).data.title).toBe('新标题')
    await call(t, { url: `${M}/setModuleStatus`, token: s.school2Admin, body: { id, status: 1 } })
    expect(kinds(await layout(s.school2Admin, 'class'))).not.toContain('qr:新标题')
    expect(await call(t, { url: `${M}/removeModule`, token: s.school2Admin, body: { id } })).toMatchObject({ code: 0 })
    expect((await call(t, { url: `${M}/getModule?id=${id}`, token: s.school2Admin })).status).toBe(404)
  })

  it("another org's or tenant's block is not found; settings are validated", async () => {
    const id = (await call(t, { url: `${M}/getModuleList?homeKind=school`, token: s.schoolAdmin })).data.modules[0].id
    for (const token of [s.school2Admin, foreign.schoolAdmin]) {
      expect((await call(t, { url: `${M}/getModule?id=${id}`, token })).status).toBe(404)
      expect((await call(t, { url: `${M}/setModuleStatus`, token, body: { id, status: 1 } })).status).toBe(404)
      expect((await call(t, { url: `${M}/removeModule`, token, body: { id } })).status).toBe(404)
    }
    expect((await layout(foreign.teacher, 'school', w.schoolId)).status).toBe(404)
    const badVideo = await call(t, {
      url: `${M}/setModule`,
      token: s.schoolAdmin,
      body: { homeKind: 'school', module: { type: 'video', settings: { videoUrl_decode: 'javascript:alert(1)' } } },
    })
    expect(badVideo.status).toBe(400)
    const badPic = await call(t, {
      url: `${M}/setModule`,
      token: s.schoolAdmin,
      body: {
        homeKind: 'school',
        module: { type: 'carousel', settings: { picList: [{ decryUrl: 'data:text/html,x' }] } },
      },
    })
    expect(badPic).toMatchObject({ status: 400, msg: CmsMsg.IMAGE_URL })
    expect(
      (await call(t, { url: `${M}/moduleListMaintain`, token: s.schoolAdmin, body: { homeKind: 'nope', modules: [] } }))
        .status,
    ).toBe(400)
  })

  it('401 without a session, 403 without sc_menhu_pc; visitors read only the open and school homes of a named org', async () => {
    expect((await call(t, { url: `${M}/getModuleList?homeKind=school` })).status).toBe(401)
    expect((await call(t, { url: `${M}/getModuleList?homeKind=school`, token: s.teacher })).status).toBe(403)
    expect(
      (await call(t, { url: `${M}/moduleListMaintain`, token: s.teacher, body: { homeKind: 'school', modules: [] } }))
        .status,
    ).toBe(403)
    expect((await layout(undefined, 'personal', w.schoolId)).status).toBe(401)
    expect(await layout(undefined, 'open')).toMatchObject({ status: 400, msg: CmsMsg.VISITOR_ORG_REQUIRED })
    const open = await layout(undefined, 'open', w.schoolId)
    expect(open).toMatchObject({ code: 0, data: { homeKind: 'open', orgName: '测试一小' } })
    expect(kinds(await layout(undefined, 'school', w.schoolId))).toEqual(['news:校园新闻', 'text:校训', 'video:宣传片'])
  })
})

describe('banners', () => {
  it('feed the carousel of the org and the schools below it, in their order', async () => {
    const add = async (title: string) =>
      (
        await call(t, {
          url: `${B}/add`,
          token: s.bureauAdmin,
          body: { title, imageUrl: `https://example.com/${title}.png` },
        })
      ).data as number
    const a = await add('a')
    const b = await add('b')
    let r = await layout(s.teacher, 'school')
    expect(r.data.banners.map((x: { title: string }) => x.title)).toEqual(['a', 'b'])
    expect(
      await call(t, { url: `${B}/updateBannerOrderIndex`, token: s.bureauAdmin, body: { ids: [b, a] } }),
    ).toMatchObject({ code: 0 })
    await call(t, {
      url: `${B}/update`,
      token: s.bureauAdmin,
      body: { id: a, title: 'a2', imageUrl: 'https://example.com/a2.png', status: 1 },
    })
    r = await layout(s.teacher, 'school')
    expect(r.data.banners.map((x: { title: string }) => x.title)).toEqual(['b'])
    const page = await call(t, { url: `${B}/page`, token: s.bureauAdmin, body: {} })
    expect(page.data.list.map((x: { title: string }) => x.title)).toEqual(['b', 'a2'])
    // A school with banners of its own shows those instead.
    await call(t, {
      url: `${B}/add`,
      token: s.schoolAdmin,
      body: { title: '校内', imageUrl: 'https://example.com/s.png' },
    })
    expect((await layout(s.teacher, 'school')).data.banners.map((x: { title: string }) => x.title)).toEqual(['校内'])
    expect((await call(t, { url: `${B}/delete`, token: s.schoolAdmin, body: { id: a } })).status).toBe(404)
    expect(
      (await call(t, { url: `${B}/updateBannerOrderIndex`, token: foreign.bureauAdmin, body: { ids: [a] } })).status,
    ).toBe(404)
    expect(await call(t, { url: `${B}/delete`, token: s.bureauAdmin, body: { id: a } })).toMatchObject({ code: 0 })
    expect((await call(t, { url: `${B}/page`, body: {} })).status).toBe(401)
    expect(
      (await call(t, { url: `${B}/add`, token: s.teacher, body: { title: 'x', imageUrl: 'https://e.com/x.png' } }))
        .status,
    ).toBe(403)
    expect(
      (await call(t, { url: `${B}/add`, token: s.bureauAdmin, body: { title: 'x', imageUrl: 'ftp://e.com/x.png' } }))
        .msg,
    ).toBe(CmsMsg.IMAGE_URL)
  })
})

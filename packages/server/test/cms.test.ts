import { CmsMsg, ErrorCode, IMAGE_MAX_BYTES, UserType } from '@zhixiao/shared'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sanitizeHtml } from '../src/modules/cms/sanitize.js'
import { createRole } from '../src/modules/tenant/provisioning.js'
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
import { upload } from './xlsx.js'

let t: TestApp
let w: World
let s: Staff
let teacher2: string
let foreign: Staff
const C = '/base/api/cms2'
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 7)])

beforeAll(async () => {
  t = await createTestApp()
  w = await makeWorld(t)
  s = await staffOf(t, w)
  teacher2 = await loginToken(
    t,
    (
      await makePerson(t, w.tenantId, {
        memberships: [{ orgId: w.schoolId, userType: UserType.STAFF, roleIds: [w.roles.teacher] }],
      })
    ).userName,
  )
  foreign = await staffOf(t, await makeWorld(t))
})
afterAll(() => t.close())

async function typeId(token: string, name: string, jd = false): Promise<number> {
  const r = await call(t, { url: `/base/portal/module/${jd ? 'getJDCMSTypeList' : 'getCMSTypeList'}`, token })
  const hit = (r.data as { id: number; name: string }[]).find((x) => x.name === name)
  if (!hit) throw new Error(`no type ${name}`)
  return hit.id
}

async function publish(token: string, body: Record<string, unknown>): Promise<number> {
  const add = await call(t, {
    url: `${C}/news/add`,
    token,
    body: { noticeType: await typeId(token, '通知公告'), content: '<p>正文</p>', ...body },
  })
  expect(add).toMatchObject({ code: 0, msg: '新增成功' })
  expect(await call(t, { url: `${C}/news/publish`, token, body: { id: add.data } })).toMatchObject({
    code: 0,
    msg: CmsMsg.PUBLISHED,
  })
  return add.data
}

const titles = (r: { data: { list: { title: string }[] } }) => r.data.list.map((x) => x.title)
const read = (token: string | undefined, body: Record<string, unknown> = {}) =>
  call(t, { url: `${C}/open/query/page`, token, body: { pageIndex: 1, pageSize: 50, ...body } })

describe('news publish and visibility', () => {
  let schoolDraft: number
  beforeAll(async () => {
    await publish(s.schoolAdmin, { title: '一小校内通知' })
    await publish(s.schoolAdmin, { title: '一小公开新闻', isPublic: true })
    await publish(s.bureauAdmin, { title: '教育局通知' })
    await publish(s.bureauAdmin, {
      title: '教育局公开动态',
      isPublic: true,
      noticeType: await typeId(s.bureauAdmin, '教育动态', true),
    })
    await publish(s.school2Admin, { title: '二中通知' })
    schoolDraft = (
      await call(t, {
        url: `${C}/news/add`,
        token: s.schoolAdmin,
        body: { title: '一小草稿', noticeType: await typeId(s.schoolAdmin, '通知公告'), content: '<p>x</p>' },
      })
    ).data
  })

  it("a teacher sees their school's and their bureau's published news, never a draft or another school's", async () => {
    const r = await read(s.teacher)
    expect(r.code).toBe(0)
    expect(titles(r).sort()).toEqual(['一小公开新闻', '一小校内通知', '教育局公开动态', '教育局通知'].sort())
    const bureau = await read(s.bureauAdmin)
    expect(titles(bureau).sort()).toEqual(['教育局公开动态', '教育局通知'].sort())
  })

  it('newLevel and noticeType filter: 1 school news, 2 bureau news', async () => {
    expect(titles(await read(s.teacher, { newLevel: 1 })).sort()).toEqual(['一小公开新闻', '一小校内通知'].sort())
    expect(titles(await read(s.teacher, { newLevel: 2 })).sort()).toEqual(['教育局公开动态', '教育局通知'].sort())
    expect(titles(await read(s.teacher, { noticeType: await typeId(s.teacher, '教育动态', true) }))).toEqual([
      '教育局公开动态',
    ])
  })

  it('unpublishing hides an item again; publishing a draft shows it', async () => {
    await call(t, { url: `${C}/news/publish`, token: s.schoolAdmin, body: { id: schoolDraft } })
    expect(titles(await read(s.teacher))).toContain('一小草稿')
    expect(
      await call(t, { url: `${C}/news/unpublish`, token: s.schoolAdmin, body: { id: schoolDraft } }),
    ).toMatchObject({ code: 0, msg: CmsMsg.UNPUBLISHED })
    expect(titles(await read(s.teacher))).not.toContain('一小草稿')
    const admin = await call(t, { url: `${C}/news/page`, token: s.schoolAdmin, body: { status: 0 } })
    expect(titles(admin)).toEqual(['一小草稿'])
  })

  it('visitors of the open portal see only public items of the org and its bureau', async () => {
    const v = await read(undefined, { orgId: w.schoolId })
    expect(v.code).toBe(0)
    expect(titles(v).sort()).toEqual(['一小公开新闻', '教育局公开动态'].sort())
    expect(v.data.list.every((x: { confirm: number }) => x.confirm === 0)).toBe(true)
    expect(await read(undefined)).toMatchObject({ status: 400, msg: CmsMsg.VISITOR_ORG_REQUIRED })
    // A member opening the public portal of their own school asks for public items only.
    expect(titles(await read(s.teacher, { orgId: w.schoolId, publicOnly: true })).sort()).toEqual(
      ['一小公开新闻', '教育局公开动态'].sort(),
    )
    // A member asking for another school's portal gets its (and its bureau's) public items only.
    expect(titles(await read(s.school2Admin, { orgId: w.schoolId })).sort()).toEqual(
      ['一小公开新闻', '教育局公开动态'].sort(),
    )
    const hidden = (await read(s.teacher)).data.list.find((x: { title: string }) => x.title === '一小校内通知')
    expect((await call(t, { url: `${C}/open/detail?id=${hidden.id}&orgId=${w.schoolId}` })).status).toBe(404)
    const open = (await read(s.teacher)).data.list.find((x: { title: string }) => x.title === '一小公开新闻')
    expect(await call(t, { url: `${C}/open/detail?id=${open.id}&orgId=${w.schoolId}` })).toMatchObject({
      code: 0,
      data: { title: '一小公开新闻', content: '<p>正文</p>' },
    })
  })

  it("another tenant's member sees none of it and cannot open it", async () => {
    const r = await read(foreign.teacher, { orgId: w.schoolId })
    expect(r.data.list).toEqual([])
    const id = (await read(s.teacher)).data.list[0].id
    expect((await call(t, { url: `${C}/open/detail?id=${id}`, token: foreign.teacher })).status).toBe(404)
  })
})

describe('confirmation per reader', () => {
  it('shows the pending flag until this reader confirms; others stay pending; the admin sees the count', async () => {
    const id = await publish(s.schoolAdmin, { title: '请确认的通知', confirm: 1 })
    const flag = async (token: string) => (await read(token)).data.list.find((x: { id: number }) => x.id === id)
    expect(await flag(s.teacher)).toMatchObject({ confirm: 1, confirmOver: 0 })
    expect(await call(t, { url: `${C}/open/confirm`, token: s.teacher, body: { id } })).toMatchObject({
      code: 0,
      msg: CmsMsg.CONFIRMED,
    })
    expect(await call(t, { url: `${C}/open/confirm`, token: s.teacher, body: { id } })).toMatchObject({ code: 0 })
    expect(await flag(s.teacher)).toMatchObject({ confirm: 1, confirmOver: 1 })
    expect(await flag(teacher2)).toMatchObject({ confirm: 1, confirmOver: 0 })
    const admin = await call(t, { url: `${C}/news/get?id=${id}`, token: s.schoolAdmin })
    expect(admin.data.confirmCount).toBe(1)
    expect((await call(t, { url: `${C}/open/detail?id=${id}`, token: s.teacher })).data.confirmOver).toBe(1)
  })

  it('refuses confirming an item that asks for none, one out of reach, and without a session', async () => {
    const plain = await publish(s.schoolAdmin, { title: '无需确认' })
    expect(await call(t, { url: `${C}/open/confirm`, token: s.teacher, body: { id: plain } })).toMatchObject({
      code: ErrorCode.BAD_REQUEST,
      msg: CmsMsg.NO_CONFIRM_NEEDED,
    })
    const other = await publish(s.school2Admin, { title: '二中需确认', confirm: 1 })
    expect((await call(t, { url: `${C}/open/confirm`, token: s.teacher, body: { id: other } })).status).toBe(404)
    expect((await call(t, { url: `${C}/open/confirm`, body: { id: other } })).status).toBe(401)
  })
})

describe('html sanitising', () => {
  it('stores an allow-listed body: no scripts, handlers or javascript: links', async () => {
    const dirty =
      '<p onclick="x()">好<strong>消息</strong><script>alert(1)</script></p><img src="x" onerror="alert(1)"><a href="&#106;avascript:alert(1)">a</a>' +
      '<a href="https://example.com" target="_blank">ok</a><iframe src="https://evil"></iframe><p style="color: red; background: url(javascript:x)">c</p>'
    const id = await publish(s.schoolAdmin, { title: '清理', content: dirty })
    const body = (await call(t, { url: `${C}/news/get?id=${id}`, token: s.schoolAdmin })).data.content as string
    expect(body).not.toMatch(/script|onerror|onclick|javascript|iframe|url\(/i)
    expect(body).toContain('<strong>消息</strong>')
    expect(body).toContain('<a href="https://example.com" target="_blank" rel="noopener noreferrer">ok</a>')
    // sanitize-html writes declarations without spaces.
    expect(body).toContain('<p style="color:red">c</p>')
  })

  it('tricky markup is escaped or dropped', () => {
    expect(sanitizeHtml('<scr<script>x</script>ipt>alert(1)</script>')).not.toMatch(/<script/i)
    expect(sanitizeHtml('<a href="java\tscript:alert(1)">x</a>')).toBe('<a>x</a>')
    expect(sanitizeHtml('<img src=x onerror=alert(1)//>')).toBe('<img />')
    expect(sanitizeHtml('<svg><g onload="x"></g></svg>ok')).toBe('ok')
    expect(sanitizeHtml('<p>unclosed <b>bold')).toBe('<p>unclosed <b>bold</b></p>')
    expect(sanitizeHtml('1 < 2 & 3 > 2 &amp; ok')).toBe('1 &lt; 2 &amp; 3 &gt; 2 &amp; ok')
    expect(sanitizeHtml('<div title="a&quot; onmouseover=&quot;x">t</div>')).toBe(
      '<div title="a&quot; onmouseover=&quot;x">t</div>',
    )
    expect(sanitizeHtml('<!-- <script>x</script> --><p>y</p>')).toBe('<p>y</p>')
    // Entity- and control-character-disguised schemes, protocol-relative hosts, non-image data: URLs, foreign targets.
    expect(sanitizeHtml('<a href="&#x6A;ava&#x09;script:alert(1)">x</a><a href="\u0001javascript:x">y</a>')).toBe(
      '<a>x</a><a>y</a>',
    )
    expect(sanitizeHtml('<a href="//evil.example">x</a><a href="vbscript:x">y</a>')).toBe('<a>x</a><a>y</a>')
    expect(sanitizeHtml('<img src="data:text/html;base64,PHNjcmlwdD4="><img src="data:image/png;base64,iVBO">')).toBe(
      '<img /><img src="data:image/png;base64,iVBO" />',
    )
    expect(sanitizeHtml('<a href="/base/x" target="_top">a</a><a href="mailto:a@b.cn">m</a>')).toBe(
      '<a href="/base/x">a</a><a href="mailto:a@b.cn">m</a>',
    )
    expect(
      sanitizeHtml('<p style="color: expression(alert(1))">e</p><textarea><b>t</b></textarea><math><mi>x</mi></math>'),
    ).toBe('<p>e</p>')
  })

  it('refuses a body that is empty once cleaned', async () => {
    const r = await call(t, {
      url: `${C}/news/add`,
      token: s.schoolAdmin,
      body: { title: '空', noticeType: await typeId(s.schoolAdmin, '通知公告'), content: '<script>x</script>' },
    })
    expect(r).toMatchObject({ code: ErrorCode.BAD_REQUEST, msg: CmsMsg.CONTENT_REQUIRED })
  })
})

describe('cover images', () => {
  it('stores an image in the database and serves it with caching headers to anyone', async () => {
    const up = await upload(t, `${C}/image/upload`, s.schoolAdmin, PNG, 'cover.png')
    expect(up).toMatchObject({ code: 0 })
    expect(up.data.url).toMatch(new RegExp(`^/base/api/cms2/open/image/${w.tenantId}/[0-9a-f-]{36}$`))
    const res = await t.app.inject({ method: 'GET', url: up.data.url })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('image/png')
    expect(res.headers['cache-control']).toContain('max-age=31536000')
    expect(res.rawPayload.equals(PNG)).toBe(true)
    // The url is accepted as a cover; another tenant's id in the path finds nothing.
    expect(
      (
        await call(t, {
          url: `${C}/news/add`,
          token: s.schoolAdmin,
          body: {
            title: '有封面',
            noticeType: await typeId(s.schoolAdmin, '通知公告'),
            content: '<p>x</p>',
            cover: up.data.url,
          },
        })
      ).code,
    ).toBe(0)
    const other = up.data.url.replace(`/image/${w.tenantId}/`, `/image/${w.tenantId + 1}/`)
    expect((await t.app.inject({ method: 'GET', url: other })).statusCode).toBe(404)
  })

  it('refuses other types (text, svg), oversize files, callers without an editing code, and no session', async () => {
    expect(await upload(t, `${C}/image/upload`, s.schoolAdmin, Buffer.from('hello'), 'a.png')).toMatchObject({
      msg: CmsMsg.IMAGE_TYPE,
    })
    expect(
      await upload(t, `${C}/image/upload`, s.schoolAdmin, Buffer.from('<svg onload="alert(1)"></svg>'), 'a.svg'),
    ).toMatchObject({ msg: CmsMsg.IMAGE_TYPE })
    expect(
      await upload(
        t,
        `${C}/image/upload`,
        s.schoolAdmin,
        Buffer.concat([PNG, Buffer.alloc(IMAGE_MAX_BYTES)]),
        'big.png',
      ),
    ).toMatchObject({ msg: CmsMsg.IMAGE_TOO_LARGE })
    expect(await upload(t, `${C}/image/upload`, s.teacher, PNG, 'a.png')).toMatchObject({ status: 403 })
    const editorRole = await t.db.tenant(w.tenantId, (trx) =>
      createRole(trx, { code: 'news_editor', name: '新闻编辑', permissions: ['cms_news_mgr'] }),
    )
    const editor = await loginToken(
      t,
      (
        await makePerson(t, w.tenantId, {
          memberships: [{ orgId: w.schoolId, userType: UserType.STAFF, roleIds: [editorRole] }],
        })
      ).userName,
    )
    expect(await upload(t, `${C}/image/upload`, editor, PNG, 'a.png')).toMatchObject({ code: 0 })
    const anon = await t.app.inject({
      method: 'POST',
      url: `${C}/image/upload`,
      payload: '',
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
    })
    expect(anon.statusCode).toBe(401)
    expect(
      await call(t, {
        url: `${C}/news/add`,
        token: s.schoolAdmin,
        body: { title: 'x', noticeType: 1, content: '<p>x</p>', cover: 'javascript:alert(1)' },
      }),
    ).toMatchObject({ status: 400, msg: CmsMsg.IMAGE_URL })
  })
})

describe('admin access', () => {
  it('401 without a session, 403 without cms_news_mgr, another org or tenant → not found; writes are logged', async () => {
    expect((await call(t, { url: `${C}/news/page`, body: {} })).status).toBe(401)
    expect(await call(t, { url: `${C}/news/page`, token: s.teacher, body: {} })).toMatchObject({ status: 403 })
    const id = await publish(s.schoolAdmin, { title: '一小的' })
    for (const token of [s.school2Admin, foreign.schoolAdmin]) {
      expect((await call(t, { url: `${C}/news/get?id=${id}`, token })).status).toBe(404)
      expect(
        (
          await call(t, {
            url: `${C}/news/update`,
            token,
            body: { id, title: '改', noticeType: await typeId(token, '通知公告'), content: '<p>y</p>' },
          })
        ).status,
      ).toBe(404)
      expect((await call(t, { url: `${C}/news/delete`, token, body: { id } })).status).toBe(404)
    }
    expect(
      await call(t, {
        url: `${C}/news/add`,
        token: s.schoolAdmin,
        body: { title: '', noticeType: 1, content: '<p>x</p>' },
      }),
    ).toMatchObject({ status: 400, msg: CmsMsg.TITLE_REQUIRED })
    expect(
      (
        await call(t, {
          url: `${C}/news/add`,
          token: s.schoolAdmin,
          body: { title: '坏类型', noticeType: 999999, content: '<p>x</p>' },
        })
      ).msg,
    ).toBe(CmsMsg.TYPE_NOT_FOUND)
    expect(await call(t, { url: `${C}/news/delete`, token: s.schoolAdmin, body: { id } })).toMatchObject({ code: 0 })
    const log = await t.db.tenant(w.tenantId, (trx) =>
      trx
        .selectFrom('operation_log')
        .select('action')
        .where('module', '=', '新闻管理')
        .where('target', '=', '一小的')
        .orderBy('id')
        .execute(),
    )
    expect(log.map((l) => l.action)).toEqual(['新增', '发布', '删除'])
  })

  it('news types: school side and bureau side lists', async () => {
    const school = (await call(t, { url: '/base/portal/module/getCMSTypeList', token: s.teacher })).data.map(
      (x: { name: string }) => x.name,
    )
    const jd = (await call(t, { url: '/base/portal/module/getJDCMSTypeList', token: s.teacher })).data.map(
      (x: { name: string }) => x.name,
    )
    expect(school).toEqual(expect.arrayContaining(['通知公告', '学校新闻']))
    expect(school).not.toContain('教育动态')
    expect(jd).toEqual(expect.arrayContaining(['通知公告', '教育动态']))
    expect((await call(t, { url: '/base/portal/module/getCMSTypeList' })).status).toBe(401)
  })
})

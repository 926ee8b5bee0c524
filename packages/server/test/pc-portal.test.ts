import { InputMsg, Msg, PcPortalMsg, PcPortalPerm, UserType } from '@zhixiao/shared'
import { sql } from 'kysely'
import { readFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
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

/** PC portal menu, sidebar, recommended websites and system info (docs/pc-portal.md). */
let t: TestApp
let w: World
let s: Staff
let other: { world: World; staff: Staff }
/** A school member holding the page code sc_menhu_pc (and sc_menhu_sys_info) but none of the button codes. */
let pageOnly: string
const C = '/base/configMgr'
const S = '/base/api/Sidebar'
const VERSION = (JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string })
  .version

beforeAll(async () => {
  t = await createTestApp()
  w = await makeWorld(t)
  s = await staffOf(t, w)
  const ow = await makeWorld(t)
  other = { world: ow, staff: await staffOf(t, ow) }
  const role = await t.db.tenant(w.tenantId, (trx) =>
    createRole(trx, { code: 'pc_page', name: 'PC端页面', permissions: ['sc_menhu_pc', 'sc_menhu_sys_info'] }),
  )
  const p = await makePerson(t, w.tenantId, {
    memberships: [{ orgId: w.schoolId, userType: UserType.STAFF, roleIds: [role] }],
  })
  pageOnly = await loginToken(t, p.userName)
})
afterAll(() => t.close())

/** Rows of a table in the world's tenant (portal_config is typed by its module, so the count is plain SQL). */
const count = (table: 'portal_config' | 'recommend_web') =>
  t.db.tenant(w.tenantId, async (trx) =>
    Number((await sql<{ n: string }>`SELECT count(*) AS n FROM ${sql.table(table)}`.execute(trx)).rows[0]!.n),
  )

describe('PortalMenuConfig', () => {
  const set = (token: string, value: unknown, orgId?: number) =>
    call(t, { url: `${C}/setPortalMenuConfig`, token, body: { value, ...(orgId ? { orgId } : {}) } })
  const get = (token: string, orgId?: number) =>
    call(t, { url: `${C}/getPortalMenuConfig${orgId ? `?orgId=${orgId}` : ''}`, token })

  it('answers the built-in menu, then what the school saved; a bureau menu reaches its other school', async () => {
    expect((await get(s.teacher)).data).toMatchObject({ entries: [], source: 'default', orgId: w.schoolId })
    const value = {
      entries: [
        { kind: 'home', home: 'personal', name: '我的门户' },
        { kind: 'home', home: 'home', name: '', hidden: true },
        { kind: 'link', name: '教育局官网', url: 'https://edu.example.cn', openWay: 2 },
      ],
    }
    expect(await set(s.schoolAdmin, value)).toMatchObject({ code: 0, msg: '保存成功' })
    const got = (await get(s.teacher)).data
    expect(got.source).toBe('org')
    expect(got.entries).toEqual([
      { kind: 'home', home: 'personal', name: '我的门户', hidden: false },
      { kind: 'home', home: 'home', name: '', hidden: true },
      { kind: 'link', name: '教育局官网', url: 'https://edu.example.cn', openWay: 2, hidden: false },
    ])
    expect((await set(s.bureauAdmin, { entries: [{ kind: 'home', home: 'class', hidden: true }] })).code).toBe(0)
    expect((await get(s.school2Admin)).data).toMatchObject({
      source: 'org',
      entries: [{ home: 'class', hidden: true }],
    })
    // The first school keeps its own.
    expect((await get(s.teacher)).data.entries).toHaveLength(3)
  })

  it('401 signed out, 403 without the button code, another tenant’s org is not found', async () => {
    expect((await get('')).status).toBe(401)
    expect((await call(t, { url: `${C}/setPortalMenuConfig`, body: { value: { entries: [] } } })).status).toBe(401)
    expect(await set(s.teacher, { entries: [] })).toMatchObject({ status: 403, msg: Msg.NO_PERMISSION })
    expect(await set(pageOnly, { entries: [] })).toMatchObject({ status: 403, msg: Msg.NO_PERMISSION })
    expect((await get(s.teacher, other.world.schoolId)).status).toBe(404)
    expect((await set(s.schoolAdmin, { entries: [] }, other.world.schoolId)).status).toBe(404)
    expect((await get(other.staff.teacher)).data.source).toBe('default')
  })

  it('bad input is refused with a Chinese message and nothing is written', async () => {
    const before = await count('portal_config')
    const link = (over: Record<string, unknown>) => ({
      entries: [{ kind: 'link', name: '链接', url: 'https://a.cn', ...over }],
    })
    expect((await set(s.school2Admin, link({ url: 'javascript:alert(1)' }))).msg).toContain(InputMsg.LINK)
    expect((await set(s.school2Admin, link({ name: 'a\u0000b' }))).msg).toContain(InputMsg.ILLEGAL_CHARS)
    expect((await set(s.school2Admin, link({ name: '名'.repeat(11) }))).msg).toContain(PcPortalMsg.NAME_LONG)
    expect((await set(s.school2Admin, link({ url: '' }))).msg).toContain(PcPortalMsg.URL_REQUIRED)
    expect((await set(s.school2Admin, link({ hidden: 'yes' }))).code).not.toBe(0)
    const dup = await set(s.school2Admin, {
      entries: [
        { kind: 'home', home: 'home' },
        { kind: 'home', home: 'home' },
      ],
    })
    expect(dup.msg).toContain(PcPortalMsg.HOME_DUPLICATE)
    expect((await set(s.school2Admin, { entries: [{ kind: 'home', home: 'nowhere' }] })).code).not.toBe(0)
    expect(await count('portal_config')).toBe(before)
  })
})

describe('Sidebar', () => {
  const save = (token: string, body: unknown) => call(t, { url: `${S}/saveSidebarInfo`, token, body })
  const info = (token: string, orgId?: number) =>
    call(t, { url: `${S}/fullAllInfo${orgId ? `?orgId=${orgId}` : ''}`, token })

  it('is off by default with 意见反馈, 推荐网站 and 回到顶部; the bureau turns it on for its schools; a school overrides', async () => {
    const d = (await info(s.teacher)).data
    expect(d).toMatchObject({ enabled: false, source: 'default' })
    expect(d.items.map((i: { kind: string }) => i.kind)).toEqual(['feedback', 'websites', 'top'])
    const value = {
      enabled: true,
      items: [
        { kind: 'link', title: '校历', url: '/portal/personal', openWay: 1 },
        { kind: 'top', title: '回到顶部' },
      ],
    }
    expect(await save(s.bureauAdmin, { value })).toMatchObject({ code: 0, msg: '保存成功' })
    const inherited = (await info(s.teacher)).data
    expect(inherited).toMatchObject({
      enabled: true,
      source: 'org',
      items: [
        { kind: 'link', title: '校历', url: '/portal/personal', openWay: 1, enabled: true, icon: '' },
        { kind: 'top' },
      ],
    })
    expect((await save(s.schoolAdmin, { value: { enabled: false } })).code).toBe(0)
    expect((await info(s.teacher)).data.enabled).toBe(false)
    expect((await info(s.school2Admin)).data.enabled).toBe(true)
  })

  it('401, 403 without sc_menhu_pc_sidebar_save, another tenant’s org not found', async () => {
    expect((await info('')).status).toBe(401)
    expect((await save('', { value: {} })).status).toBe(401)
    expect((await save(s.teacher, { value: {} })).status).toBe(403)
    expect((await save(pageOnly, { value: {} })).status).toBe(403)
    expect((await info(s.teacher, other.world.bureauId)).status).toBe(404)
    expect((await save(s.schoolAdmin, { orgId: other.world.schoolId, value: {} })).status).toBe(404)
  })

  it('refuses a javascript: link, a link without an address, NUL and a long title; nothing written', async () => {
    const before = await count('portal_config')
    const item = (over: Record<string, unknown>) => ({
      value: { enabled: true, items: [{ kind: 'link', title: '链接', url: 'https://a.cn', ...over }] },
    })
    expect((await save(s.school2Admin, item({ url: 'javascript:alert(1)' }))).msg).toContain(InputMsg.LINK)
    expect((await save(s.school2Admin, item({ url: '' }))).msg).toContain(PcPortalMsg.URL_REQUIRED)
    expect((await save(s.school2Admin, item({ icon: 'data:image/png;base64,AA' }))).msg).toContain(
      PcPortalMsg.ICON_HTTP,
    )
    expect((await save(s.school2Admin, item({ title: 'x\u0000' }))).msg).toContain(InputMsg.ILLEGAL_CHARS)
    expect((await save(s.school2Admin, item({ title: '很'.repeat(11) }))).msg).toContain(PcPortalMsg.NAME_LONG)
    expect((await save(s.school2Admin, { value: { enabled: 'on' } })).code).not.toBe(0)
    expect(await count('portal_config')).toBe(before)
  })
})

describe('recommended websites', () => {
  const add = (token: string, body: Record<string, unknown>) => call(t, { url: `${S}/saveRecommendlWeb`, token, body })
  const list = (token: string, q = '') => call(t, { url: `${S}/fullRecommendlWebInfoById${q}`, token })
  let bureauSite: number
  let schoolSite: number

  it('a bureau website reaches its schools; a school adds its own; the admin list holds disabled ones', async () => {
    const b = await add(s.bureauAdmin, { name: '国家智慧教育平台', url: 'https://www.smartedu.cn', sort: 1 })
    expect(b).toMatchObject({ code: 0, msg: '新增成功' })
    bureauSite = b.data
    schoolSite = (await add(s.schoolAdmin, { name: '学校官网', url: 'http://school.example.cn' })).data
    await add(s.schoolAdmin, { name: '停用的', url: 'https://off.example.cn', enabled: false })
    const seen = (await list(s.teacher)).data
    expect(seen.map((x: { name: string }) => x.name)).toEqual(['学校官网', '国家智慧教育平台'])
    expect(seen[1]).toMatchObject({ inherited: true, orgId: w.bureauId, orgName: '测试区教育局' })
    expect(seen[0]).toMatchObject({ inherited: false, iconUrl: '', enabled: true })
    expect((await list(s.schoolAdmin, '?all=1')).data).toHaveLength(3)
    expect((await list(s.school2Admin)).data.map((x: { name: string }) => x.name)).toEqual(['国家智慧教育平台'])
    expect((await list(s.teacher, `?id=${bureauSite}`)).data).toMatchObject({
      id: bureauSite,
      name: '国家智慧教育平台',
    })
  })

  it('update and delete: the owner only; a school admin cannot touch the bureau’s website', async () => {
    const upd = await call(t, {
      url: `${S}/updateRecommendlWeb`,
      token: s.schoolAdmin,
      body: { id: schoolSite, name: '学校主页', url: 'https://school.example.cn', sort: 5 },
    })
    expect(upd).toMatchObject({ code: 0, msg: '编辑成功' })
    expect((await list(s.teacher, `?id=${schoolSite}`)).data).toMatchObject({ name: '学校主页', sort: 5 })
    const foreign = await call(t, {
      url: `${S}/updateRecommendlWeb`,
      token: s.schoolAdmin,
      body: { id: bureauSite, name: '改', url: 'https://x.cn' },
    })
    expect(foreign).toMatchObject({ status: 404, msg: PcPortalMsg.WEBSITE_NOT_FOUND })
    expect((await call(t, { url: `${S}/deleteRecommendlWebById?id=${bureauSite}`, token: s.schoolAdmin })).status).toBe(
      404,
    )
    expect((await call(t, { url: `${S}/deleteRecommendlWebById?id=${schoolSite}`, token: s.schoolAdmin })).msg).toBe(
      '删除成功',
    )
    expect((await list(s.teacher, `?id=${schoolSite}`)).status).toBe(404)
    const log = await t.db.tenant(w.tenantId, (trx) =>
      trx.selectFrom('operation_log').select('action').where('action', 'like', '%推荐网站').execute(),
    )
    expect(log.map((l) => l.action).sort()).toEqual(
      ['删除推荐网站', '新增推荐网站', '新增推荐网站', '新增推荐网站', '编辑推荐网站'].sort(),
    )
  })

  it('401, 403 per button code, another tenant’s website and org are not found', async () => {
    expect((await list('')).status).toBe(401)
    expect((await add('', { name: 'x', url: 'https://x.cn' })).status).toBe(401)
    expect((await add(s.teacher, { name: 'x', url: 'https://x.cn' })).status).toBe(403)
    expect((await add(pageOnly, { name: 'x', url: 'https://x.cn' })).status).toBe(403)
    expect(
      (
        await call(t, {
          url: `${S}/updateRecommendlWeb`,
          token: pageOnly,
          body: { id: bureauSite, name: 'x', url: 'https://x.cn' },
        })
      ).status,
    ).toBe(403)
    expect((await call(t, { url: `${S}/deleteRecommendlWebById?id=${bureauSite}`, token: pageOnly })).status).toBe(403)
    // The other tenant's admin: our ids are not theirs.
    expect((await list(other.staff.bureauAdmin, `?id=${bureauSite}`)).status).toBe(404)
    expect(
      (
        await call(t, {
          url: `${S}/updateRecommendlWeb`,
          token: other.staff.bureauAdmin,
          body: { id: bureauSite, name: '越权', url: 'https://x.cn' },
        })
      ).status,
    ).toBe(404)
    expect(
      (await call(t, { url: `${S}/deleteRecommendlWebById?id=${bureauSite}`, token: other.staff.bureauAdmin })).status,
    ).toBe(404)
    expect((await list(other.staff.bureauAdmin, `?orgId=${w.schoolId}`)).status).toBe(404)
    expect((await add(other.staff.bureauAdmin, { orgId: w.schoolId, name: '越权', url: 'https://x.cn' })).status).toBe(
      404,
    )
    expect((await list(s.teacher, `?id=${bureauSite}`)).data.name).toBe('国家智慧教育平台')
  })

  it('only http(s) addresses; NUL, long names and wrong types refused; nothing written', async () => {
    const before = await count('recommend_web')
    const bad = (over: Record<string, unknown>) => add(s.schoolAdmin, { name: '网站', url: 'https://ok.cn', ...over })
    expect((await bad({ url: 'javascript:alert(1)' })).msg).toContain(PcPortalMsg.SITE_URL_HTTP)
    expect((await bad({ url: '/portal/home' })).msg).toContain(PcPortalMsg.SITE_URL_HTTP)
    expect((await bad({ url: 'ftp://files.cn' })).msg).toContain(PcPortalMsg.SITE_URL_HTTP)
    expect((await bad({ iconUrl: 'javascript:x' })).msg).toContain(PcPortalMsg.ICON_HTTP)
    expect((await bad({ name: '' })).msg).toContain(PcPortalMsg.NAME_REQUIRED)
    expect((await bad({ name: 'a\u0000' })).msg).toContain(InputMsg.ILLEGAL_CHARS)
    expect((await bad({ name: '长'.repeat(31) })).msg).toContain(PcPortalMsg.SITE_NAME_LONG)
    expect((await bad({ sort: 'first' })).code).not.toBe(0)
    expect((await bad({ enabled: 'yes' })).code).not.toBe(0)
    const upd = await call(t, {
      url: `${S}/updateRecommendlWeb`,
      token: s.bureauAdmin,
      body: { id: bureauSite, name: '国家平台', url: 'javascript:alert(1)' },
    })
    expect(upd.code).not.toBe(0)
    expect(await count('recommend_web')).toBe(before)
    expect((await list(s.teacher, `?id=${bureauSite}`)).data.url).toBe('https://www.smartedu.cn')
  })
})

describe('system info', () => {
  const set = (token: string, value: unknown, extra: Record<string, unknown> = {}) =>
    call(t, { url: `${C}/setSystemInfoConfig`, token, body: { value, ...extra } })
  const pub = (q: string) => call(t, { url: `/base/api/systemInfo/get?${q}` })

  it('signed out by org: the built-in values with the real version and the tenant’s system name', async () => {
    const r = await pub(`orgId=${w.schoolId}`)
    expect(r.data).toMatchObject({
      version: VERSION,
      sysName: '测试区智慧教育平台',
      operator: '',
      showOnLogin: true,
      source: 'default',
    })
    expect((await pub('')).data).toMatchObject({ version: VERSION, orgId: null, source: 'default' })
    expect((await pub('orgId=99999999')).data.source).toBe('default')
  })

  it('the bureau saves; its schools inherit; a school overrides; the tenant default serves the bare login page', async () => {
    const value = {
      operator: '测试区教育技术中心',
      contactPhone: '0571-8888 6666',
      contactEmail: 'it@edu.example.cn',
      icpNumber: '浙ICP备12345678号',
      notice: '系统维护时间：每周日 22:00',
      supportUrl: 'https://help.example.cn',
    }
    expect(await set(s.bureauAdmin, value)).toMatchObject({ code: 0, msg: '保存成功' })
    expect((await pub(`orgId=${w.school2Id}`)).data).toMatchObject({ ...value, source: 'org', version: VERSION })
    expect((await set(s.schoolAdmin, { ...value, operator: '测试一小信息中心', showOnLogin: false })).code).toBe(0)
    expect((await pub(`orgId=${w.schoolId}`)).data).toMatchObject({ operator: '测试一小信息中心', showOnLogin: false })
    expect((await call(t, { url: `${C}/getSystemInfoConfig`, token: s.teacher })).data).toMatchObject({
      operator: '测试一小信息中心',
      source: 'org',
    })
    expect((await pub(`tenantId=${w.tenantId}`)).data.source).toBe('default')
    expect((await set(s.bureauAdmin, { sysName: '测试区教育云' }, { tenantDefault: true })).code).toBe(0)
    expect((await pub(`tenantId=${w.tenantId}`)).data).toMatchObject({ sysName: '测试区教育云', source: 'tenant' })
    expect((await pub(`tenantId=${other.world.tenantId}`)).data).toMatchObject({ operator: '', source: 'default' })
  })

  it('401, 403 without sc_menhu_sys_info_save, another tenant’s org not found, bad input refused', async () => {
    expect((await call(t, { url: `${C}/setSystemInfoConfig`, body: { value: {} } })).status).toBe(401)
    expect((await set(s.teacher, {})).status).toBe(403)
    expect((await set(pageOnly, {})).status).toBe(403)
    expect((await set(s.schoolAdmin, {}, { orgId: other.world.schoolId })).status).toBe(404)
    const before = await count('portal_config')
    expect((await set(s.school2Admin, { contactEmail: 'not-an-email' })).msg).toContain(PcPortalMsg.EMAIL_BAD)
    expect((await set(s.school2Admin, { contactPhone: '电话123' })).msg).toContain(PcPortalMsg.PHONE_BAD)
    expect((await set(s.school2Admin, { supportUrl: 'javascript:alert(1)' })).msg).toContain(PcPortalMsg.SITE_URL_HTTP)
    expect((await set(s.school2Admin, { operator: 'x\u0000' })).msg).toContain(InputMsg.ILLEGAL_CHARS)
    expect((await set(s.school2Admin, { notice: '长'.repeat(201) })).code).not.toBe(0)
    expect((await set(s.school2Admin, { showOnLogin: 'no' })).code).not.toBe(0)
    expect(await count('portal_config')).toBe(before)
  })

  it('the button codes sit under their page nodes of the catalogue', async () => {
    const rows = await t.db.platform((trx) =>
      trx
        .selectFrom('permission')
        .select(['code', 'parent_code'])
        .where('code', 'in', Object.values(PcPortalPerm))
        .execute(),
    )
    const parent = Object.fromEntries(rows.map((r) => [r.code, r.parent_code]))
    expect(parent[PcPortalPerm.MENU_SAVE]).toBe('sc_menhu_pc')
    expect(parent[PcPortalPerm.WEBSITE_DELETE]).toBe('sc_menhu_pc')
    expect(parent[PcPortalPerm.SYS_INFO_SAVE]).toBe('sc_menhu_sys_info')
  })
})

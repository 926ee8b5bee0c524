import { ConfigName, Msg, PortalMsg, UserType } from '@zhixiao/shared'
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
let other: { world: World; staff: Staff }
const C = '/base/configMgr'
const M = '/base/api/Mobile'

beforeAll(async () => {
  t = await createTestApp()
  w = await makeWorld(t)
  s = await staffOf(t, w)
  const ow = await makeWorld(t)
  other = { world: ow, staff: await staffOf(t, ow) }
})
afterAll(() => t.close())

const header = (over: Record<string, unknown> = {}) => ({
  sysName: '测试一小智慧校园',
  navigationStyle: 2,
  portalGray: true,
  ...over,
})

describe('mh_sys_config', () => {
  it('answers the built-in defaults (智慧平台, style 1) when nothing is configured', async () => {
    const r = await call(t, { url: `${C}/getMHSysConfig?name=mh_sys_config`, token: s.teacher })
    expect(r.code).toBe(0)
    expect(r.data).toMatchObject({
      sysName: '智慧平台',
      navigationStyle: 1,
      portalGray: false,
      source: 'default',
      orgId: w.schoolId,
      openMobileEntry: false,
    })
    expect(r.data.footer).toMatchObject({ type: 1, bottomGroup: [] })
    const jd = await call(t, { url: `${C}/getJDMHSysConfig?orgId=${w.bureauId}` })
    expect(jd.data).toMatchObject({ sysName: '局校一体平台', menuShowNum: 1, options: [], source: 'default' })
  })

  it('set then get round-trips for the school; the teacher sees it; the operation log has before and after', async () => {
    const saved = await call(t, {
      url: `${C}/setMHSysConfig`,
      token: s.schoolAdmin,
      body: {
        name: ConfigName.MH_SYS,
        value: header({
          footer: {
            type: 2,
            backgroundUrl: 'https://img.example/bg.png',
            bottomGroup: [
              { bottomInfo: [{ typeUp: 1, contentUp: '联系我们', typeDown: 1, contentDown: 'https://example.cn' }] },
            ],
          },
        }),
      },
    })
    expect(saved).toMatchObject({ code: 0, msg: PortalMsg.SAVED })
    const r = await call(t, { url: `${C}/getMHSysConfig`, token: s.teacher })
    expect(r.data).toMatchObject({
      sysName: '测试一小智慧校园',
      navigationStyle: 2,
      portalGray: true,
      source: 'org',
      hasOftenUse: true,
    })
    const foot = await call(t, { url: `/base/api/tenant/getTenantBottomBaseInfo?orgId=${w.schoolId}` })
    expect(foot.data).toMatchObject({
      type: 2,
      backgroundUrl: 'https://img.example/bg.png',
      bottomGroup: [{ bottomInfo: [{ contentUp: '联系我们', contentDown: 'https://example.cn' }] }],
    })
    // The other school of the same tenant still has the defaults.
    expect((await call(t, { url: `${C}/getMHSysConfig`, token: s.school2Admin })).data.sysName).toBe('智慧平台')
    const log = await t.db.tenant(w.tenantId, (trx) =>
      trx.selectFrom('operation_log').select(['module', 'action', 'detail']).where('module', '=', '门户管理').execute(),
    )
    expect(log).toEqual([
      expect.objectContaining({
        action: '保存配置',
        detail: expect.objectContaining({
          before: null,
          after: expect.objectContaining({ sysName: '测试一小智慧校园' }),
        }),
      }),
    ])
  })

  it('carries no feedback flag: the entry is the complaints config now (a stale key from an old client is dropped)', async () => {
    expect((await call(t, { url: `${C}/getMHSysConfig`, token: s.teacher })).data).not.toHaveProperty('feedback')
    await call(t, {
      url: `${C}/setMHSysConfig`,
      token: s.schoolAdmin,
      body: { name: ConfigName.MH_SYS, value: header({ feedback: { enable: true, userRole: [1002] } }) },
    })
    expect((await call(t, { url: `${C}/getMHSysConfig`, token: s.teacher })).data).not.toHaveProperty('feedback')
    expect((await call(t, { url: '/base/complainSuggestion/config/get', token: s.teacher })).data.enable).toBe(false)
  })

  it('a bureau config reaches its schools until they set their own; the tenant default is for the top org only', async () => {
    await call(t, {
      url: `${C}/setMHSysConfig`,
      token: s.bureauAdmin,
      body: { name: ConfigName.MH_SYS, value: header({ sysName: '测试区教育云' }) },
    })
    expect((await call(t, { url: `${C}/getMHSysConfig`, token: s.school2Admin })).data).toMatchObject({
      sysName: '测试区教育云',
      source: 'org',
    })
    expect((await call(t, { url: `${C}/getMHSysConfig`, token: s.teacher })).data.sysName).toBe('测试一小智慧校园')
    const notTop = await call(t, {
      url: `${C}/setMHSysConfig`,
      token: s.schoolAdmin,
      body: { name: ConfigName.MH_SYS, tenantDefault: true, value: header() },
    })
    expect(notTop).toMatchObject({ status: 403, msg: PortalMsg.TOP_ONLY })
    expect(
      (
        await call(t, {
          url: `${C}/setMHSysConfig`,
          token: s.bureauAdmin,
          body: { name: ConfigName.MH_SYS, tenantDefault: true, value: header({ openPortalEnable: true }) },
        })
      ).code,
    ).toBe(0)
    expect((await call(t, { url: `/base/api/tenant/getOutSchoolPortalEnable?tenantId=${w.tenantId}` })).data).toEqual({
      enable: true,
    })
    expect(
      (await call(t, { url: `/base/api/tenant/getOutSchoolPortalEnable?tenantId=${other.world.tenantId}` })).data,
    ).toEqual({ enable: false })
  })

  it('the bureau header config with menu options round-trips and is readable signed out, without targets that open nothing', async () => {
    const value = {
      sysName: '测试区局校一体',
      menuShowNum: 2,
      culturalPurpose: 1,
      culturalPurposeContent: '立德树人',
      outLinkList: [{ linkName: '教育部', linkUrl: 'http://www.moe.gov.cn' }],
      options: [
        { optionName: '应用中心', contentType: 3, tempType: 1 },
        {
          optionName: '办公',
          menuForm: 2,
          skipList: [
            { skipName: '公文', reqUri: '/oafn/officialDocument', openWay: 2 },
            { skipName: '通知', reqUri: '/cms2-newslist' },
          ],
        },
        { optionName: '工资', skipList: [{ skipName: '工资', uniqueId: 'salary' }] },
      ],
    }
    expect(
      (await call(t, { url: `${C}/setMHSysConfig`, token: s.bureauAdmin, body: { name: ConfigName.JD_MH_SYS, value } }))
        .code,
    ).toBe(0)
    const r = await call(t, { url: `${C}/getJDMHSysConfig?orgId=${w.bureauId}` })
    expect(r.data).toMatchObject({
      sysName: '测试区局校一体',
      menuShowNum: 2,
      culturalPurposeContent: '立德树人',
      source: 'org',
    })
    // 公文 (a sub-app route no app serves) and 工资 (an app with no entry address) open nothing: not shown (issue 11).
    expect(r.data.options.map((o: { optionName: string }) => o.optionName)).toEqual(['应用中心', '办公'])
    expect(r.data.options[1]).toMatchObject({
      optionName: '办公',
      menuForm: 2,
      skipList: [{ skipName: '通知', reqUri: '/cms2-newslist' }],
    })
    // The admin's editor reads what was saved.
    const stored = await call(t, { url: `${C}/getMHSysConfig?name=${ConfigName.JD_MH_SYS}`, token: s.bureauAdmin })
    expect(stored.data.options[1].skipList.map((i: { skipName: string }) => i.skipName)).toEqual(['公文', '通知'])
    expect(stored.data.options).toHaveLength(3)
    // Schools under the bureau see the bureau's header on the bureau side.
    expect((await call(t, { url: `${C}/getJDMHSysConfig?orgId=${w.schoolId}` })).data.sysName).toBe('测试区局校一体')
    expect((await call(t, { url: `${C}/getAllianceSchoolMHSysConfig?orgId=${w.schoolId}` })).data.sysName).toBe(
      '联盟门户',
    )
  })

  it('validation: the spec messages, nothing saved', async () => {
    const bad = async (value: Record<string, unknown>) =>
      call(t, { url: `${C}/setMHSysConfig`, token: s.school2Admin, body: { name: ConfigName.MH_SYS, value } })
    expect((await bad({ sysName: '' })).msg).toContain(PortalMsg.SYS_NAME_REQUIRED)
    expect((await bad({ logoUrl: 'javascript:alert(1)' })).msg).toContain(PortalMsg.IMAGE_HTTP)
    expect((await bad({ navigationStyle: 3 })).code).not.toBe(0)
    expect((await bad({ webPageUrl: 'ftp://x' })).msg).toContain(PortalMsg.URL_HTTP)
    const name = await call(t, {
      url: `${C}/setMHSysConfig`,
      token: s.school2Admin,
      body: { name: 'other', value: {} },
    })
    expect(name.code).not.toBe(0)
    expect((await call(t, { url: `${C}/getMHSysConfig`, token: s.school2Admin })).data.sysName).toBe('测试区教育云')
  })

  it('401 without a session, 403 without sc_menhu_pc, another tenant’s org is not found', async () => {
    expect((await call(t, { url: `${C}/getMHSysConfig` })).status).toBe(401)
    expect(
      (await call(t, { url: `${C}/setMHSysConfig`, body: { name: ConfigName.MH_SYS, value: header() } })).status,
    ).toBe(401)
    const denied = await call(t, {
      url: `${C}/setMHSysConfig`,
      token: s.teacher,
      body: { name: ConfigName.MH_SYS, value: header() },
    })
    expect(denied).toMatchObject({ status: 403, msg: Msg.NO_PERMISSION })
    const foreignOrg = other.world.schoolId
    expect((await call(t, { url: `${C}/getMHSysConfig?orgId=${foreignOrg}`, token: s.teacher })).status).toBe(404)
    expect(
      (
        await call(t, {
          url: `${C}/setMHSysConfig`,
          token: s.schoolAdmin,
          body: { name: ConfigName.MH_SYS, orgId: foreignOrg, value: header({ sysName: '越权' }) },
        })
      ).status,
    ).toBe(404)
    // A school admin cannot write the bureau's (a sibling's or parent's) config either.
    expect(
      (
        await call(t, {
          url: `${C}/setMHSysConfig`,
          token: s.schoolAdmin,
          body: { name: ConfigName.MH_SYS, orgId: w.bureauId, value: header({ sysName: '越权' }) },
        })
      ).status,
    ).toBe(404)
    expect((await call(t, { url: `${C}/getMHSysConfig`, token: other.staff.schoolAdmin })).data.sysName).toBe(
      '智慧平台',
    )
    expect((await call(t, { url: `${C}/getJDMHSysConfig?orgId=99999999` })).status).toBe(404)
  })
})

describe('mh_personal_config', () => {
  it('per account: unset is null, set true/false round-trips, another account is untouched, bad values refused', async () => {
    const q = `${C}/getMHPersonalConfig?name=mh_personal_config`
    expect((await call(t, { url: q, token: s.teacher })).data).toBeNull()
    expect(
      (await call(t, { url: `${C}/setMHPersonalConfig?name=mh_personal_config&value=false`, token: s.teacher })).code,
    ).toBe(0)
    expect((await call(t, { url: q, token: s.teacher })).data).toBe('false')
    await call(t, { url: `${C}/setMHPersonalConfig?name=mh_personal_config&value=true`, token: s.teacher })
    expect((await call(t, { url: q, token: s.teacher })).data).toBe('true')
    expect((await call(t, { url: q, token: s.schoolAdmin })).data).toBeNull()
    expect(
      (await call(t, { url: `${C}/setMHPersonalConfig?name=mh_personal_config&value=yes`, token: s.teacher })).msg,
    ).toContain('取值只能是true或false')
    expect((await call(t, { url: q })).status).toBe(401)
  })

  it('001 §7.1 hasMultiple: a POST boolean or a hasMultiple query saves the same value; missing, mixed or bad values refused', async () => {
    const q = `${C}/getMHPersonalConfig?name=mh_personal_config`
    const S = `${C}/setMHPersonalConfig`
    expect(await call(t, { url: S, token: s.schoolAdmin, body: { hasMultiple: false } })).toMatchObject({
      code: 0,
      msg: '保存成功',
    })
    expect((await call(t, { url: q, token: s.schoolAdmin })).data).toBe('false')
    expect(
      (await call(t, { url: S, token: s.schoolAdmin, body: { name: 'mh_personal_config', hasMultiple: true } })).code,
    ).toBe(0)
    expect((await call(t, { url: q, token: s.schoolAdmin })).data).toBe('true')
    expect((await call(t, { url: `${S}?hasMultiple=false`, token: s.schoolAdmin })).code).toBe(0)
    expect((await call(t, { url: q, token: s.schoolAdmin })).data).toBe('false')
    expect(await call(t, { url: S, token: s.schoolAdmin, body: { hasMultiple: 'yes' } })).toMatchObject({
      status: 400,
      msg: '取值只能是true或false',
    })
    expect(await call(t, { url: S, token: s.schoolAdmin, body: {} })).toMatchObject({
      status: 400,
      msg: '取值只能是true或false',
    })
    expect(await call(t, { url: S, token: s.schoolAdmin })).toMatchObject({
      status: 400,
      msg: '请选择是否显示多个应用',
    })
    expect(await call(t, { url: `${S}?value=true&hasMultiple=false`, token: s.schoolAdmin })).toMatchObject({
      status: 400,
      msg: 'value与hasMultiple不一致',
    })
    expect((await call(t, { url: q, token: s.schoolAdmin })).data).toBe('false')
    expect((await call(t, { url: S, body: { hasMultiple: true } })).status).toBe(401)
  })
})

describe('mobile entries', () => {
  it('admins add, edit and delete; the drawer list has only shown ones; checks of scope, permission and tenant', async () => {
    const add = await call(t, {
      url: `${M}/save`,
      token: s.schoolAdmin,
      body: {
        mobileName: '教师端',
        mobileExplain: '扫码下载',
        type: 1,
        decodePath: 'https://m.example/t',
        codeTips: '微信扫一扫',
      },
    })
    expect(add).toMatchObject({ code: 0, msg: '新增成功' })
    const hidden = await call(t, {
      url: `${M}/save`,
      token: s.schoolAdmin,
      body: { mobileName: '家长端', type: 0, decodePath: '/img/qr.png', hasShow: false },
    })
    expect(
      (
        await call(t, {
          url: `${M}/save`,
          token: s.schoolAdmin,
          body: { mobileName: '坏图', type: 0, decodePath: 'qr.png' },
        })
      ).msg,
    ).toContain(PortalMsg.IMAGE_HTTP)
    expect(
      (await call(t, { url: `${M}/save`, token: s.schoolAdmin, body: { mobileName: '', decodePath: 'x' } })).msg,
    ).toContain(PortalMsg.MOBILE_NAME_REQUIRED)
    const list = await call(t, { url: `${M}/fullInfo`, token: s.teacher })
    expect(list.data.map((e: { mobileName: string }) => e.mobileName)).toEqual(['教师端'])
    expect((await call(t, { url: `${M}/fullInfo?all=1`, token: s.schoolAdmin })).data).toHaveLength(2)
    expect(
      (
        await call(t, {
          url: `${M}/update`,
          token: s.schoolAdmin,
          body: { id: add.data, mobileName: '教师移动端', decodePath: 'https://m.example/t2' },
        })
      ).code,
    ).toBe(0)
    expect((await call(t, { url: `${M}/fullInfo`, token: s.teacher })).data[0]).toMatchObject({
      mobileName: '教师移动端',
      decodePath: 'https://m.example/t2',
      type: 1,
    })
    expect(
      (await call(t, { url: `${M}/save`, token: s.teacher, body: { mobileName: 'x', decodePath: 'y' } })).status,
    ).toBe(403)
    expect((await call(t, { url: `${M}/fullInfo` })).status).toBe(401)
    // Another tenant's admin: not found; a sibling school's admin: not found.
    expect((await call(t, { url: `${M}/delete?id=${add.data}`, token: other.staff.schoolAdmin })).status).toBe(404)
    expect((await call(t, { url: `${M}/delete?id=${add.data}`, token: s.school2Admin })).status).toBe(404)
    expect((await call(t, { url: `${M}/fullInfo?orgId=${w.schoolId}`, token: other.staff.schoolAdmin })).status).toBe(
      404,
    )
    expect((await call(t, { url: `${M}/delete?id=${hidden.data}`, token: s.schoolAdmin })).msg).toBe('删除成功')
    expect((await call(t, { url: `${M}/fullInfo?all=1`, token: s.schoolAdmin })).data).toHaveLength(1)
  })

  it('a user with sc_menhu_pc only (no admin role) may configure', async () => {
    const role = await t.db.tenant(w.tenantId, async (trx) =>
      (await import('../src/modules/tenant/provisioning.js')).createRole(trx, {
        code: 'pc_only',
        name: 'PC门户',
        permissions: ['sc_menhu_pc'],
      }),
    )
    const p = await makePerson(t, w.tenantId, {
      memberships: [{ orgId: w.school2Id, userType: UserType.STAFF, roleIds: [role] }],
    })
    const token = await loginToken(t, p.userName)
    expect(
      (
        await call(t, {
          url: `${C}/setMHSysConfig`,
          token,
          body: { name: ConfigName.MH_SYS, value: header({ sysName: '二中门户' }) },
        })
      ).code,
    ).toBe(0)
    expect((await call(t, { url: `${C}/getMHSysConfig`, token: s.school2Admin })).data.sysName).toBe('二中门户')
  })
})

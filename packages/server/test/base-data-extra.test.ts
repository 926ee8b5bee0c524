import { DictMsg, ErrorCode, ExternalMsg, Msg, OrgExtraMsg, UserType, WorkStationMsg } from '@zhixiao/shared'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createOrg, createRole } from '../src/modules/tenant/provisioning.js'
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

/**
 * The base-data loose ends of issue 15 (docs/base-data.md "Work-rest types, workstations, external staff, personal
 * details, bound orgs"): workRestType, workStationMatrix + organizationUnit/workStationList, external,
 * userInfo/personalDetails, organizationUnit getBindOrg / jdmh/tenant/org / get/manager, and the public-field groups.
 */
let t: TestApp
let w: World
let s: Staff
let other: { world: World; staff: Staff }
beforeAll(async () => {
  t = await createTestApp()
  w = await makeWorld(t)
  s = await staffOf(t, w)
  const ow = await makeWorld(t, { tenantModuleType: 0 })
  other = { world: ow, staff: await staffOf(t, ow) }
}, 120_000)
afterAll(() => t.close())

const ROUTES: [string, 'GET' | 'POST'][] = [
  ['/base/api/workRestType/page', 'POST'],
  ['/base/api/workRestType/select', 'GET'],
  ['/base/api/workRestType/add', 'POST'],
  ['/base/api/workStationMatrix/page', 'POST'],
  ['/base/api/workStationMatrix/matrix', 'GET'],
  ['/base/api/workStationMatrix/add', 'POST'],
  ['/base/api/external/page', 'POST'],
  ['/base/api/external/add', 'POST'],
  ['/base/api/external/delete', 'POST'],
  ['/base/api/userInfo/personalDetails/get', 'GET'],
  ['/base/api/userInfo/personalDetails/update', 'POST'],
  ['/base/api/organizationUnit/getBindOrg', 'GET'],
  ['/base/api/organizationUnit/jdmh/tenant/org?tenantId=1', 'GET'],
  ['/base/api/organizationUnit/get/manager', 'GET'],
  ['/base/api/organizationUnit/workStationList', 'GET'],
  ['/base/configMgr/jd/checkIsAdmin', 'GET'],
  ['/base/configMgr/jd/permissions?jdOrgId=1', 'GET'],
]

describe('signed out', () => {
  it('every new call answers 401', async () => {
    for (const [url, method] of ROUTES) {
      const r = await call(t, { url, method, body: method === 'POST' ? {} : undefined })
      expect([url, r.status, r.code]).toEqual([url, 401, ErrorCode.UNAUTHORIZED])
    }
  })
})

describe('workRestType', () => {
  it('tenant types from the top org, school types of its own; others refused; bad input in Chinese', async () => {
    const winter = await call(t, {
      url: '/base/api/workRestType/add',
      token: s.bureauAdmin,
      body: { name: '冬季作息' },
    })
    expect(winter).toMatchObject({ code: 0, msg: '新增成功' })
    // Tenant level is the top org's; a school adds its own.
    expect(
      (await call(t, { url: '/base/api/workRestType/add', token: s.schoolAdmin, body: { name: '夏季作息' } })).status,
    ).toBe(403)
    const own = (
      await call(t, {
        url: '/base/api/workRestType/add',
        token: s.schoolAdmin,
        body: { name: '考试周作息', level: 'org' },
      })
    ).data
    const sel = await call(t, { url: '/base/api/workRestType/select', token: s.schoolAdmin })
    expect(sel.data.map((d: { name: string }) => d.name)).toEqual(['冬季作息', '考试周作息'])
    const sel2 = await call(t, { url: '/base/api/workRestType/select', token: s.school2Admin })
    expect(sel2.data.map((d: { name: string }) => d.name)).toEqual(['冬季作息'])
    expect(
      (await call(t, { url: '/base/api/workRestType/page', token: s.schoolAdmin, body: { level: 'org' } })).data.total,
    ).toBe(1)
    // Without base_school: 403; another school's entry: 404; another tenant never sees them.
    expect((await call(t, { url: '/base/api/workRestType/page', token: s.teacher, body: {} })).status).toBe(403)
    expect(
      (await call(t, { url: '/base/api/workRestType/update', token: s.school2Admin, body: { id: own, name: '改' } }))
        .status,
    ).toBe(404)
    expect(
      (
        await call(t, {
          url: '/base/api/workRestType/delete',
          token: other.staff.bureauAdmin,
          body: { id: winter.data },
        })
      ).status,
    ).toBe(404)
    expect(
      (await call(t, { url: '/base/api/workRestType/page', token: other.staff.bureauAdmin, body: {} })).data.total,
    ).toBe(0)
    const bad = await call(t, { url: '/base/api/workRestType/add', token: s.bureauAdmin, body: { name: '  ' } })
    expect(bad).toMatchObject({ status: 400, msg: '请输入名称' })
    expect(bad.code).not.toBe(0)
    expect(
      await call(t, { url: '/base/api/workRestType/add', token: s.bureauAdmin, body: { name: '冬季作息' } }),
    ).toMatchObject({ code: ErrorCode.CONFLICT, msg: DictMsg.NAME_TAKEN })
    // Bound to its type: a position entry is not a work-rest type.
    const pos = (
      await call(t, { url: '/base/api/dict/add', token: s.bureauAdmin, body: { dictType: 'position', name: '校长' } })
    ).data
    expect(
      await call(t, { url: '/base/api/workRestType/delete', token: s.bureauAdmin, body: { id: pos } }),
    ).toMatchObject({ status: 404, msg: DictMsg.NOT_FOUND })
    expect(
      (
        await call(t, {
          url: '/base/api/workRestType/updateStatus',
          token: s.schoolAdmin,
          body: { id: own, status: 1 },
        })
      ).msg,
    ).toBe('停用成功')
    expect((await call(t, { url: '/base/api/workRestType/select', token: s.schoolAdmin })).data).toHaveLength(1)
  })
})

describe('public-field groups', () => {
  it('base_communal_fields keeps every tenant-level dictionary and the org/department types, nothing org-level', async () => {
    const role = await t.db.tenant(w.tenantId, (trx) =>
      createRole(trx, { code: 'communal_only', name: '公共字段', permissions: ['base_communal_fields'] }),
    )
    const keeper = await loginToken(
      t,
      (
        await makePerson(t, w.tenantId, {
          memberships: [{ orgId: w.bureauId, userType: UserType.STAFF, roleIds: [role] }],
        })
      ).userName,
    )
    for (const dictType of ['learnPeriod', 'politicalStatus', 'job', 'roomUse', 'workRestType']) {
      expect(
        (await call(t, { url: '/base/api/dict/add', token: keeper, body: { dictType, name: `公共${dictType}` } })).code,
      ).toBe(0)
      expect(
        (await call(t, { url: '/base/api/dict/page', token: keeper, body: { dictType } })).data.list.some(
          (d: { name: string }) => d.name === `公共${dictType}`,
        ),
      ).toBe(true)
    }
    expect(
      (
        await call(t, {
          url: '/base/api/dict/add',
          token: keeper,
          body: { dictType: 'politicalStatus', level: 'org', name: '本机构' },
        })
      ).status,
    ).toBe(403)
    expect(
      (await call(t, { url: '/base/api/orgType/add', token: keeper, body: { kind: 'org', name: '直属学校' } })).code,
    ).toBe(0)
    expect(
      (await call(t, { url: '/base/api/orgType/page', token: keeper, body: { kind: 'org' } })).data.total,
    ).toBeGreaterThan(0)
    // A school's teacher has none of these codes.
    expect((await call(t, { url: '/base/api/orgType/page', token: s.teacher, body: { kind: 'org' } })).status).toBe(403)
    expect((await call(t, { url: '/base/api/dict/page', token: s.teacher, body: { dictType: 'job' } })).status).toBe(
      403,
    )
  })
})

describe('workStationMatrix and workStationList', () => {
  it('cells of job × level with a headcount, unique per org; scoped to the school; bad input refused', async () => {
    const job = (name: string, token = s.bureauAdmin, level = 'tenant') =>
      call(t, { url: '/base/api/dict/add', token, body: { dictType: 'job', name, level } }).then(
        (r) => r.data as number,
      )
    const tech = await job('专业技术岗')
    const mgmt = await job('管理岗')
    const neighbours = await job('二中自设岗', s.school2Admin, 'org')
    const add = (body: object, token = s.schoolAdmin) =>
      call(t, { url: '/base/api/workStationMatrix/add', token, body })
    const a = await add({ jobId: tech, level: 10, quota: 3 })
    expect(a).toMatchObject({ code: 0, msg: '新增成功' })
    expect((await add({ jobId: tech, level: 12, quota: 5 })).code).toBe(0)
    expect((await add({ jobId: mgmt, level: 8, quota: 1, remark: '副校长' })).code).toBe(0)
    expect(await add({ jobId: tech, level: 10, quota: 1 })).toMatchObject({
      code: ErrorCode.CONFLICT,
      msg: WorkStationMsg.TAKEN,
    })
    const bad = await add({ jobId: tech, level: 14, quota: 1 })
    expect(bad).toMatchObject({ status: 400, msg: '岗位等级为1-13级' })
    expect((await add({ jobId: tech, level: 9, quota: -1 })).msg).toBe('核定岗位数不能小于0')
    expect((await add({ level: 9, quota: 1 })).msg).toBe('请选择岗位')
    expect(await add({ jobId: neighbours, level: 1, quota: 1 })).toMatchObject({
      status: 404,
      msg: WorkStationMsg.JOB_NOT_FOUND,
    })

    const m = (await call(t, { url: '/base/api/workStationMatrix/matrix', token: s.schoolAdmin })).data
    expect(m.jobs.map((j: { name: string }) => j.name)).toEqual(expect.arrayContaining(['专业技术岗', '管理岗']))
    expect(m.jobs.map((j: { name: string }) => j.name)).not.toContain('二中自设岗')
    expect(m.levels).toEqual([8, 10, 12])
    expect(m.totalQuota).toBe(9)
    expect(m.cells.find((c: { level: number }) => c.level === 10)).toMatchObject({
      jobId: tech,
      name: '专业技术岗10级',
      quota: 3,
      status: 0,
    })
    // The bureau sees a school below it; the neighbouring school and another tenant do not.
    expect(
      (await call(t, { url: `/base/api/workStationMatrix/matrix?orgId=${w.schoolId}`, token: s.bureauAdmin })).data
        .cells,
    ).toHaveLength(3)
    expect(
      (await call(t, { url: `/base/api/workStationMatrix/matrix?orgId=${w.schoolId}`, token: s.school2Admin })).status,
    ).toBe(404)
    expect(
      (
        await call(t, {
          url: '/base/api/workStationMatrix/update',
          token: s.school2Admin,
          body: { id: a.data, jobId: tech, level: 10, quota: 9 },
        })
      ).status,
    ).toBe(404)
    expect(
      (
        await call(t, {
          url: '/base/api/workStationMatrix/delete',
          token: other.staff.schoolAdmin,
          body: { id: a.data },
        })
      ).status,
    ).toBe(404)
    expect(
      (await call(t, { url: `/base/api/workStationMatrix/matrix?orgId=${w.schoolId}`, token: other.staff.bureauAdmin }))
        .status,
    ).toBe(404)
    expect((await call(t, { url: '/base/api/workStationMatrix/matrix', token: s.teacher })).status).toBe(403)

    expect(
      (
        await call(t, {
          url: '/base/api/workStationMatrix/update',
          token: s.schoolAdmin,
          body: { id: a.data, jobId: tech, level: 11, quota: 4 },
        })
      ).msg,
    ).toBe('编辑成功')
    expect(
      (
        await call(t, {
          url: '/base/api/workStationMatrix/updateStatus',
          token: s.schoolAdmin,
          body: { id: a.data, status: 1 },
        })
      ).msg,
    ).toBe('停用成功')
    const page = await call(t, { url: '/base/api/workStationMatrix/page', token: s.schoolAdmin, body: { jobId: tech } })
    expect(page.data.list.map((r: { level: number; status: number }) => [r.level, r.status])).toEqual([
      [11, 1],
      [12, 0],
    ])
    // workStationList: the enabled ones, for any member of the school (a teacher too), not for the neighbour.
    const list = await call(t, { url: '/base/api/organizationUnit/workStationList', token: s.teacher })
    expect(list.data.map((r: { name: string }) => r.name).sort()).toEqual(['专业技术岗12级', '管理岗8级'])
    expect(
      (await call(t, { url: `/base/api/organizationUnit/workStationList?orgId=${w.schoolId}`, token: s.school2Admin }))
        .status,
    ).toBe(404)
    // A job in use cannot be deleted from the dictionary.
    expect(await call(t, { url: '/base/api/dict/delete', token: s.bureauAdmin, body: { id: mgmt } })).toMatchObject({
      code: ErrorCode.CONFLICT,
      msg: DictMsg.IN_USE,
    })
    expect(
      (await call(t, { url: '/base/api/workStationMatrix/delete', token: s.schoolAdmin, body: { id: a.data } })).msg,
    ).toBe('删除成功')
  })
})

describe('external', () => {
  it('an org keeps its external staff; phone unique per org; scoped; bad input refused', async () => {
    const body = {
      name: '李外聘',
      phone: '13900001111',
      company: '星辰教育科技',
      startDate: '2026-09-01',
      endDate: '2027-07-31',
    }
    const id = (await call(t, { url: '/base/api/external/add', token: s.schoolAdmin, body })).data
    expect(typeof id).toBe('number')
    expect(await call(t, { url: '/base/api/external/add', token: s.schoolAdmin, body })).toMatchObject({
      code: ErrorCode.CONFLICT,
      msg: ExternalMsg.PHONE_TAKEN,
    })
    // The same person may work for the other school too.
    expect((await call(t, { url: '/base/api/external/add', token: s.school2Admin, body })).code).toBe(0)
    expect(
      await call(t, { url: '/base/api/external/add', token: s.schoolAdmin, body: { ...body, phone: '123' } }),
    ).toMatchObject({ status: 400, msg: '手机号格式不正确' })
    expect(
      await call(t, {
        url: '/base/api/external/add',
        token: s.schoolAdmin,
        body: { ...body, phone: '13900002222', endDate: '2026-01-01' },
      }),
    ).toMatchObject({ status: 400, msg: '聘用结束日期不能早于开始日期' })
    const page = await call(t, { url: '/base/api/external/page', token: s.schoolAdmin, body: { keyword: '星辰' } })
    expect(page.data).toMatchObject({
      total: 1,
      list: [expect.objectContaining({ id, name: '李外聘', company: '星辰教育科技', endDate: '2027-07-31' })],
    })
    expect(
      (await call(t, { url: '/base/api/external/update', token: s.schoolAdmin, body: { ...body, id, endDate: '' } }))
        .msg,
    ).toBe('编辑成功')
    expect(
      (await call(t, { url: '/base/api/external/page', token: s.schoolAdmin, body: {} })).data.list[0].endDate,
    ).toBeNull()
    expect(
      (await call(t, { url: '/base/api/external/update', token: s.school2Admin, body: { ...body, id } })).status,
    ).toBe(404)
    expect(
      (await call(t, { url: '/base/api/external/delete', token: other.staff.schoolAdmin, body: { id } })).status,
    ).toBe(404)
    expect((await call(t, { url: '/base/api/external/page', token: s.teacher, body: {} })).status).toBe(403)
    expect((await call(t, { url: '/base/api/external/delete', token: s.schoolAdmin, body: { id } })).msg).toBe(
      '删除成功',
    )
  })

  it('the list masks phone and ID number; an edit sending the masks back keeps the stored values (issue 26)', async () => {
    const body = {
      name: '周外聘',
      phone: '13900003333',
      idCard: '11010519491231002X',
      startDate: '2026-09-01',
    }
    const id = (await call(t, { url: '/base/api/external/add', token: s.schoolAdmin, body })).data as number
    const row = async () =>
      (await call(t, { url: '/base/api/external/page', token: s.schoolAdmin, body: { keyword: '周外聘' } })).data
        .list[0]
    expect(await row()).toMatchObject({ id, phone: '139****3333', idCard: '110105**********2X' })
    // The edit form sends the row back as shown, masks included: the stored values stay.
    const shown = await row()
    const kept = await call(t, {
      url: '/base/api/external/update',
      token: s.schoolAdmin,
      body: { ...body, id, phone: shown.phone, idCard: shown.idCard, company: '新单位' },
    })
    expect(kept.code, kept.msg).toBe(0)
    const stored = await t.db.tenant(w.tenantId, (trx) =>
      trx.selectFrom('external_staff').select(['phone', 'id_card', 'company']).where('id', '=', id).executeTakeFirst(),
    )
    expect(stored).toEqual({ phone: '13900003333', id_card: '11010519491231002X', company: '新单位' })
    // A mask that is not the stored value's is refused (it would store stars), and nothing is written.
    const wrong = await call(t, {
      url: '/base/api/external/update',
      token: s.schoolAdmin,
      body: { ...body, id, phone: '139****4444', company: '又一单位' },
    })
    expect(wrong).toMatchObject({ status: 400, code: ErrorCode.BAD_REQUEST, msg: ExternalMsg.MASK_CHANGED })
    expect((await row()).company).toBe('新单位')
    // A new full value replaces the stored one.
    await call(t, {
      url: '/base/api/external/update',
      token: s.schoolAdmin,
      body: { ...body, id, phone: '13900005555' },
    })
    expect((await row()).phone).toBe('139****5555')
  })
})

describe('userInfo/personalDetails', () => {
  it('one reads and keeps their own details; bad input and foreign dictionary entries refused', async () => {
    const me = await call(t, { url: '/base/api/userInfo/personalDetails/get', token: s.teacher })
    expect(me.data).toMatchObject({ orgId: w.schoolId, orgName: '测试一小', userType: UserType.STAFF, email: null })
    const party = (
      await call(t, {
        url: '/base/api/dict/add',
        token: s.bureauAdmin,
        body: { dictType: 'politicalStatus', name: '中共党员' },
      })
    ).data
    const saved = await call(t, {
      url: '/base/api/userInfo/personalDetails/update',
      token: s.teacher,
      body: { nation: '汉族', email: 'li@example.com', sex: 1, birthday: '1990-05-01', politicalStatusId: party },
    })
    expect(saved).toMatchObject({ code: 0, msg: '保存成功' })
    expect((await call(t, { url: '/base/api/userInfo/personalDetails/get', token: s.teacher })).data).toMatchObject({
      nation: '汉族',
      email: 'li@example.com',
      sex: 1,
      birthday: '1990-05-01',
      politicalStatusId: party,
    })
    const bad = await call(t, {
      url: '/base/api/userInfo/personalDetails/update',
      token: s.teacher,
      body: { email: 'not-mail' },
    })
    expect(bad).toMatchObject({ status: 400, msg: '邮箱格式不正确' })
    const neighbours = (
      await call(t, {
        url: '/base/api/dict/add',
        token: s.school2Admin,
        body: { dictType: 'politicalStatus', level: 'org', name: '二中自设' },
      })
    ).data
    expect(
      await call(t, {
        url: '/base/api/userInfo/personalDetails/update',
        token: s.teacher,
        body: { politicalStatusId: neighbours },
      }),
    ).toMatchObject({ status: 404, msg: '政治面貌不存在' })
    // Another tenant's person is untouched by this one's data.
    expect(
      (await call(t, { url: '/base/api/userInfo/personalDetails/get', token: other.staff.teacher })).data,
    ).toMatchObject({ nation: null, email: null })
  })
})

describe('organizationUnit getBindOrg, jdmh/tenant/org, get/manager', () => {
  it("getBindOrg lists the account's orgs with the session one marked", async () => {
    const p = await makePerson(t, w.tenantId, {
      memberships: [
        { orgId: w.schoolId, userType: UserType.STAFF, roleIds: [w.roles.teacher] },
        { orgId: w.school2Id, userType: UserType.STAFF, roleIds: [w.roles.teacher] },
      ],
    })
    const token = await loginToken(t, p.userName, p.password, w.school2Id)
    const r = await call(t, { url: '/base/api/organizationUnit/getBindOrg', token })
    expect(r.data.map((o: { orgName: string; current: boolean }) => [o.orgName, o.current])).toEqual([
      ['测试一小', false],
      ['测试二中', true],
    ])
    expect((await call(t, { url: '/base/api/organizationUnit/getBindOrg', token: s.teacher })).data).toHaveLength(1)
  })

  it('jdmh/tenant/org answers the bureau org of a bureau tenant, null otherwise; another tenant is refused', async () => {
    expect(
      (await call(t, { url: `/base/api/organizationUnit/jdmh/tenant/org?tenantId=${w.tenantId}`, token: s.teacher }))
        .data,
    ).toMatchObject({ orgId: w.bureauId, orgName: '测试区教育局', unitAttr: 4 })
    const school = await call(t, {
      url: `/base/api/organizationUnit/jdmh/tenant/org?tenantId=${other.world.tenantId}`,
      token: other.staff.teacher,
    })
    expect(school).toMatchObject({ code: 0, data: null })
    expect(
      await call(t, {
        url: `/base/api/organizationUnit/jdmh/tenant/org?tenantId=${other.world.tenantId}`,
        token: s.teacher,
      }),
    ).toMatchObject({ status: 404, msg: OrgExtraMsg.TENANT_NOT_FOUND })
    const bad = await call(t, { url: '/base/api/organizationUnit/jdmh/tenant/org?tenantId=abc', token: s.teacher })
    expect(bad).toMatchObject({ status: 400, msg: '租户编号有误' })
  })

  it('the bureau is-admin check (001 §6) needs the admin role in the bureau org itself; bureau permissions are what the account holds there', async () => {
    const check = (token: string) => call(t, { url: '/base/configMgr/jd/checkIsAdmin', token }).then((r) => r.data)
    expect(await check(s.bureauAdmin)).toEqual({ isAdmin: true, jdOrgId: w.bureauId })
    expect(await check(s.schoolAdmin)).toEqual({ isAdmin: false, jdOrgId: w.bureauId })
    // An admin of another bureau-like org (unit attribute below 8) is not the bureau admin.
    const sub = await t.db.tenant(w.tenantId, (trx) =>
      createOrg(trx, { parentId: w.bureauId, name: '测试区教研室', unitAttr: 5 }),
    )
    const subAdmin = await makePerson(t, w.tenantId, {
      memberships: [{ orgId: sub, userType: UserType.STAFF, roleIds: [w.roles.admin] }],
    })
    expect(await check(await loginToken(t, subAdmin.userName, subAdmin.password))).toEqual({
      isAdmin: false,
      jdOrgId: w.bureauId,
    })
    // A tenant without the bureau side has no bureau org.
    expect(await check(other.staff.bureauAdmin)).toEqual({ isAdmin: false, jdOrgId: null })

    // Bureau staff who also teach: in the school session their bureau menus still follow their bureau role.
    const both = await makePerson(t, w.tenantId, {
      memberships: [
        { orgId: w.bureauId, userType: UserType.STAFF, roleIds: [w.roles.staff] },
        { orgId: w.schoolId, userType: UserType.STAFF, roleIds: [w.roles.teacher] },
      ],
    })
    const inSchool = await loginToken(t, both.userName, both.password, w.schoolId)
    const perms = (token: string, jdOrgId: number) =>
      call(t, { url: `/base/configMgr/jd/permissions?jdOrgId=${jdOrgId}`, token })
    expect((await perms(inSchool, w.bureauId)).data).toEqual(['sc_menhu_menu_jujiguan'])
    expect((await perms(s.teacher, w.bureauId)).data).toEqual([])
    // Another org than the bureau's, or another tenant's bureau, answers nothing; a bad id is refused.
    expect((await perms(inSchool, w.schoolId)).data).toEqual([])
    expect((await perms(other.staff.bureauAdmin, w.bureauId)).data).toEqual([])
    expect((await perms(inSchool, 0)).status).toBe(400)
  })

  it("get/manager lists an org's administrators: phones masked (the caller's own in full), 404 elsewhere", async () => {
    const admin = await makePerson(t, w.tenantId, {
      trueName: '王校长',
      phone: '13812345678',
      memberships: [{ orgId: w.schoolId, userType: UserType.STAFF, roleIds: [w.roles.admin] }],
    })
    const mine = await call(t, { url: '/base/api/organizationUnit/get/manager', token: s.teacher })
    // Issue 26 point 2: masked at and below the caller too (this assertion said '13812345678' before).
    expect(mine.data).toEqual(
      expect.arrayContaining([{ userInfoId: admin.userInfoIds[0], trueName: '王校长', phone: '138****5678' }]),
    )
    // The admin's own line is their own record: in full.
    const own = await call(t, {
      url: '/base/api/organizationUnit/get/manager',
      token: await loginToken(t, admin.userName),
    })
    expect(own.data).toEqual(
      expect.arrayContaining([{ userInfoId: admin.userInfoIds[0], trueName: '王校长', phone: '13812345678' }]),
    )
    const bureauAdmin = await makePerson(t, w.tenantId, {
      trueName: '局管理员',
      phone: '13700001234',
      memberships: [{ orgId: w.bureauId, userType: UserType.STAFF, roleIds: [w.roles.admin] }],
    })
    const above = await call(t, { url: `/base/api/organizationUnit/get/manager?orgId=${w.bureauId}`, token: s.teacher })
    expect(above.data).toEqual(
      expect.arrayContaining([{ userInfoId: bureauAdmin.userInfoIds[0], trueName: '局管理员', phone: '137****1234' }]),
    )
    expect(
      (await call(t, { url: `/base/api/organizationUnit/get/manager?orgId=${w.schoolId}`, token: s.bureauAdmin })).data,
    ).toEqual(expect.arrayContaining([expect.objectContaining({ trueName: '王校长', phone: '138****5678' })]))
    // Teachers are not managers; the neighbouring school and another tenant's org answer like a missing org.
    const me = (await call(t, { url: '/base/api/userInfo/personalDetails/get', token: s.teacher })).data.userInfoId
    expect(mine.data.some((m: { userInfoId: number }) => m.userInfoId === me)).toBe(false)
    expect(
      await call(t, { url: `/base/api/organizationUnit/get/manager?orgId=${w.school2Id}`, token: s.teacher }),
    ).toMatchObject({ status: 404, msg: Msg.ORG_NOT_FOUND })
    expect(
      (await call(t, { url: `/base/api/organizationUnit/get/manager?orgId=${w.schoolId}`, token: other.staff.teacher }))
        .status,
    ).toBe(404)
    expect((await call(t, { url: '/base/api/organizationUnit/get/manager?orgId=x', token: s.teacher })).status).toBe(
      400,
    )
  })
})

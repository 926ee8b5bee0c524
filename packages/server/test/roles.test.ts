import { ErrorCode, Msg, RoleMsg, UserType } from '@zhixiao/shared'
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
let foreignAdmin: string
let foreign: World
let teacherInfoId: number
const A = '/base/api/account'

beforeAll(async () => {
  t = await createTestApp()
  w = await makeWorld(t)
  s = await staffOf(t, w)
  foreign = await makeWorld(t)
  foreignAdmin = (await staffOf(t, foreign)).schoolAdmin
  teacherInfoId = (await call(t, { url: '/base/api/account/user/current/detail', token: s.teacher })).data.userInfoId
})
afterAll(() => t.close())

async function newRole(token: string, name: string): Promise<number> {
  const r = await call(t, { url: `${A}/addRole/batch`, token, body: { roles: [{ name, userType: 1002 }] } })
  expect(r).toMatchObject({ code: 0, msg: '新增成功' })
  return r.data[0]
}

type Group = {
  name: string
  desc: string
  roleId: number | null
  hasPermission: boolean
  permissionCounts: number
  grantedCounts: number
  children: Group[]
}
/** Every name (code) of a forest of permission groups. */
const namesOf = (list: Group[]): string[] => list.flatMap((g) => [g.name, ...namesOf(g.children)])
const find = (list: Group[], name: string): Group | undefined => {
  for (const g of list) {
    const hit = g.name === name ? g : find(g.children, name)
    if (hit) return hit
  }
  return undefined
}

describe('roles and grants', () => {
  it('granting a page to a role of a teacher opens that page at once; revoking closes it at once (no new login)', async () => {
    expect((await call(t, { url: '/base/api/grade/page', token: s.teacher, body: {} })).status).toBe(403)
    const role = await newRole(s.schoolAdmin, '年级管理员')
    expect(
      (
        await call(t, {
          url: `${A}/associatedPermission`,
          token: s.schoolAdmin,
          body: { roleId: role, orgId: w.schoolId, names: ['base_school'] },
        })
      ).msg,
    ).toBe(RoleMsg.GRANTED)
    expect(
      (
        await call(t, {
          url: `${A}/associatedAccount`,
          token: s.schoolAdmin,
          body: { roleId: role, userInfoIds: [teacherInfoId] },
        })
      ).msg,
    ).toBe('关联成功')
    expect((await call(t, { url: '/base/api/grade/page', token: s.teacher, body: {} })).code).toBe(0)
    const detail = await call(t, { url: `${A}/user/current/detail`, token: s.teacher })
    expect(detail.data.permissions).toContain('base_school')
    await call(t, {
      url: `${A}/associatedPermission`,
      token: s.schoolAdmin,
      body: { roleId: role, orgId: w.schoolId, names: [] },
    })
    expect((await call(t, { url: '/base/api/grade/page', token: s.teacher, body: {} })).status).toBe(403)
    const members = await call(t, { url: `${A}/findUserAssociated`, token: s.schoolAdmin, body: { roleId: role } })
    expect(members.data.list.map((m: { userInfoId: number }) => m.userInfoId)).toEqual([teacherInfoId])
    const log = await t.db.tenant(w.tenantId, (trx) =>
      trx
        .selectFrom('operation_log')
        .select(['action', 'detail'])
        .where('module', '=', '角色授权')
        .where('action', '=', '授权')
        .orderBy('id')
        .execute(),
    )
    expect(log.map((l) => l.detail)).toEqual([
      expect.objectContaining({ before: [], after: ['base_school'] }),
      expect.objectContaining({ before: ['base_school'], after: [] }),
    ])
  })

  it('refuses escalation: a sub-admin cannot grant a code they lack, nor hand out a role holding one, nor the admin role', async () => {
    // A deputy of the school holding only role management and the school page.
    const deputyRole = await newRole(s.schoolAdmin, '副管理员')
    await call(t, {
      url: `${A}/associatedPermission`,
      token: s.schoolAdmin,
      body: { roleId: deputyRole, orgId: w.schoolId, names: ['permission_role', 'base_school'] },
    })
    const deputy = await makePerson(t, w.tenantId, {
      memberships: [{ orgId: w.schoolId, userType: UserType.STAFF, roleIds: [deputyRole] }],
    })
    const token = await loginToken(t, deputy.userName)
    const mine = await call(t, { url: `${A}/addRole/batch`, token, body: { roles: [{ name: '副管理员的角色' }] } })
    expect(mine.code).toBe(0)
    const beyond = await call(t, {
      url: `${A}/associatedPermission`,
      token,
      body: { roleId: mine.data[0], orgId: w.schoolId, names: ['base_user_account'] },
    })
    expect(beyond).toMatchObject({ status: 403, msg: RoleMsg.BEYOND_OWN })
    expect(
      (
        await call(t, {
          url: `${A}/associatedPermission`,
          token,
          body: { roleId: mine.data[0], orgId: w.schoolId, names: ['base_school'] },
        })
      ).code,
    ).toBe(0)
    const rich = await newRole(s.schoolAdmin, '人员管理员')
    await call(t, {
      url: `${A}/associatedPermission`,
      token: s.schoolAdmin,
      body: { roleId: rich, orgId: w.schoolId, names: ['base_user_account'] },
    })
    expect(
      (await call(t, { url: `${A}/associatedAccount`, token, body: { roleId: rich, userInfoIds: [teacherInfoId] } }))
        .status,
    ).toBe(403)
    expect(
      (
        await call(t, {
          url: `${A}/associatedAccount`,
          token,
          body: { roleId: w.roles.admin, userInfoIds: [deputy.userInfoIds[0]!] },
        })
      ).status,
    ).toBe(403)
    // The deputy's tree holds only what the deputy holds.
    const tree = await call(t, { url: `${A}/getPermissionTree`, token })
    const codes = namesOf(tree.data)
    expect(codes).toContain('base_school')
    expect(codes).not.toContain('base_user_account')
  })

  it('built-in roles cannot be edited, granted or deleted; names are unique', async () => {
    expect(
      await call(t, { url: `${A}/updateRole`, token: s.schoolAdmin, body: { id: w.roles.admin, name: '改名' } }),
    ).toMatchObject({ msg: RoleMsg.BUILTIN })
    expect(
      await call(t, { url: `${A}/delRoleBatch`, token: s.schoolAdmin, body: { ids: [w.roles.admin] } }),
    ).toMatchObject({ msg: RoleMsg.BUILTIN })
    expect(
      await call(t, {
        url: `${A}/associatedPermission`,
        token: s.schoolAdmin,
        body: { roleId: w.roles.teacher, orgId: w.schoolId, names: [] },
      }),
    ).toMatchObject({ msg: RoleMsg.BUILTIN })
    await newRole(s.schoolAdmin, '重名角色')
    expect(
      await call(t, { url: `${A}/addRole/batch`, token: s.schoolAdmin, body: { roles: [{ name: '重名角色' }] } }),
    ).toMatchObject({ code: ErrorCode.CONFLICT, msg: RoleMsg.NAME_TAKEN })
    expect(
      await call(t, {
        url: `${A}/associatedPermission`,
        token: s.schoolAdmin,
        body: { roleId: await newRole(s.schoolAdmin, '坏编码'), orgId: w.schoolId, names: ['no_such_code'] },
      }),
    ).toMatchObject({ msg: RoleMsg.UNKNOWN_CODE })
  })

  it("another school's or tenant's role is not found; a teacher gets 403; no session 401", async () => {
    const role = await newRole(s.schoolAdmin, '一小专用')
    expect((await call(t, { url: `${A}/getRoleById?id=${role}`, token: s.school2Admin })).status).toBe(404)
    expect(
      (
        await call(t, {
          url: `${A}/associatedPermission`,
          token: foreignAdmin,
          body: { roleId: role, orgId: w.schoolId, names: [] },
        })
      ).status,
    ).toBe(404)
    expect((await call(t, { url: `${A}/delRoleBatch`, token: s.school2Admin, body: { ids: [role] } })).status).toBe(404)
    expect(await call(t, { url: `${A}/queryRole`, token: s.teacher, body: {} })).toMatchObject({
      status: 403,
      msg: Msg.NO_PERMISSION,
    })
    expect((await call(t, { url: `${A}/queryRole`, body: {} })).status).toBe(401)
    const list = await call(t, { url: `${A}/queryRole`, token: s.schoolAdmin, body: { keyword: '一小专用' } })
    expect(list.data.list).toEqual([
      expect.objectContaining({ id: role, builtin: false, memberCount: 0, permissionCount: 0 }),
    ])
    expect(
      (await call(t, { url: `${A}/queryRole`, token: s.school2Admin, body: { keyword: '一小专用' } })).data.total,
    ).toBe(0)
  })

  it('edits and deletes a role; user permission query and the caller’s real permissions', async () => {
    const role = await newRole(s.schoolAdmin, '临时角色')
    expect(
      (
        await call(t, {
          url: `${A}/updateRole`,
          token: s.schoolAdmin,
          body: { id: role, name: '临时角色二', userType: 1002 },
        })
      ).msg,
    ).toBe('编辑成功')
    expect((await call(t, { url: `${A}/getRoleById?id=${role}`, token: s.schoolAdmin })).data.name).toBe('临时角色二')
    expect((await call(t, { url: `${A}/delRoleBatch`, token: s.schoolAdmin, body: { ids: [role] } })).msg).toBe(
      '删除成功',
    )
    const perms = await call(t, {
      url: `${A}/getPermissionsByAccountId?userInfoId=${teacherInfoId}`,
      token: s.schoolAdmin,
    })
    expect(perms.data.roles).toContain('教师')
    expect(
      (await call(t, { url: `${A}/getPermissionsByAccountId?userInfoId=${teacherInfoId}`, token: s.school2Admin }))
        .status,
    ).toBe(404)
    const real = await call(t, {
      url: '/base/api/auth/user/current/getAdminRealPermissions',
      token: s.teacher,
      body: {},
    })
    expect(real.data).toEqual(expect.arrayContaining(['sc_menhu_menu_school']))
    expect(real.data).not.toContain('permission_role')
  })

  it('the operation log lists admin writes of the org and below with before/after; permission changes have their own view', async () => {
    const role = await newRole(s.schoolAdmin, '日志角色')
    await call(t, {
      url: `${A}/associatedPermission`,
      token: s.schoolAdmin,
      body: { roleId: role, orgId: w.schoolId, names: ['base_school'] },
    })
    const page = await call(t, { url: `${A}/operationLogPage`, token: s.bureauAdmin, body: { keyword: '日志角色' } })
    expect(page.data.list.map((l: { action: string; orgName: string }) => `${l.action}@${l.orgName}`)).toEqual([
      '授权@测试一小',
      '新增角色@测试一小',
    ])
    expect(page.data.list[0].detail).toMatchObject({ before: [], after: ['base_school'] })
    expect(
      (await call(t, { url: `${A}/operationLogPage`, token: s.school2Admin, body: { keyword: '日志角色' } })).data
        .total,
    ).toBe(0)
    const grants = await call(t, { url: `${A}/getUpdatePermissionOperationLog`, token: s.schoolAdmin })
    expect(grants.data.list.every((l: { module: string }) => l.module === '角色授权')).toBe(true)
    const orgs = await call(t, { url: `${A}/getOperationOrgList`, token: s.bureauAdmin })
    expect(orgs.data.map((o: { orgName: string }) => o.orgName)).toContain('测试一小')
    expect((await call(t, { url: `${A}/operationLogPage`, token: s.teacher, body: {} })).status).toBe(403)
  })

  it('who holds a code and which roles grant it; people search stays in scope', async () => {
    const role = await newRole(s.schoolAdmin, '查询角色')
    await call(t, {
      url: `${A}/associatedPermission`,
      token: s.schoolAdmin,
      body: { roleId: role, orgId: w.schoolId, names: ['base_log_monitor'] },
    })
    await call(t, {
      url: `${A}/associatedAccount`,
      token: s.schoolAdmin,
      body: { roleId: role, userInfoIds: [teacherInfoId] },
    })
    const who = await call(t, {
      url: `${A}/getAccountInfoByPermissions`,
      token: s.schoolAdmin,
      body: { codes: ['base_log_monitor'] },
    })
    const ids = who.data.list.map((m: { userInfoId: number }) => m.userInfoId)
    expect(ids).toContain(teacherInfoId)
    const me = (await call(t, { url: `${A}/user/current/detail`, token: s.schoolAdmin })).data.userInfoId
    expect(ids).toContain(me)
    const roles = await call(t, {
      url: `${A}/getRoleInfoByPermissions`,
      token: s.schoolAdmin,
      body: { codes: ['base_log_monitor'] },
    })
    expect(roles.data.list.map((r: { name: string }) => r.name)).toEqual(expect.arrayContaining(['管理员', '查询角色']))
    expect(
      (
        await call(t, {
          url: `${A}/getAccountInfoByPermissions`,
          token: s.school2Admin,
          body: { codes: ['base_log_monitor'] },
        })
      ).data.list.map((m: { userInfoId: number }) => m.userInfoId),
    ).not.toContain(teacherInfoId)
    const found = await call(t, { url: `${A}/userSearch/page`, token: s.bureauAdmin, body: { userType: 1002 } })
    expect(found.data.list.map((m: { userInfoId: number }) => m.userInfoId)).toContain(teacherInfoId)
    expect(
      (await call(t, { url: `${A}/userSearch/page`, token: s.school2Admin, body: {} })).data.list.map(
        (m: { userInfoId: number }) => m.userInfoId,
      ),
    ).not.toContain(teacherInfoId)
  })
})

describe('permission groups and the grant in the spec shape (001 §3, §6, §7.3)', () => {
  const tree = (token: string, q: string) => call(t, { url: `${A}/getPermissionTree?${q}`, token })
  const granted = (token: string, q: string) => call(t, { url: `${A}/getPermissionByRoleId?${q}`, token })
  const grant = (token: string, body: unknown) => call(t, { url: `${A}/associatedPermission`, token, body })

  it('answers groups {name, desc, roleId, hasPermission, permissionCounts, grantedCounts, children} per appType, and a grant round-trips by names', async () => {
    const role = await newRole(s.schoolAdmin, '分组角色')
    expect(
      await grant(s.schoolAdmin, {
        roleId: role,
        orgId: w.schoolId,
        names: ['base_app', 'base_school', 'base_school'],
      }),
    ).toMatchObject({ code: 0, msg: RoleMsg.GRANTED })
    expect((await granted(s.schoolAdmin, `roleId=${role}&orgId=${w.schoolId}`)).data.sort()).toEqual([
      'base_app',
      'base_school',
    ])
    expect((await granted(s.schoolAdmin, `roleId=${role}`)).data.sort()).toEqual(['base_app', 'base_school'])

    const inOrg = await tree(s.schoolAdmin, `roleId=${role}&orgId=${w.schoolId}&appType=3`)
    expect(inOrg.code).toBe(0)
    const base = find(inOrg.data, 'base_app')!
    const size = namesOf([base]).length
    expect(base).toMatchObject({
      name: 'base_app',
      desc: '基础数据',
      roleId: role,
      hasPermission: true,
      permissionCounts: size,
      grantedCounts: 2,
    })
    expect(find(inOrg.data, 'base_school')).toEqual({
      name: 'base_school',
      desc: '学校设置',
      roleId: role,
      hasPermission: true,
      permissionCounts: 1,
      grantedCounts: 1,
      children: [],
    })
    expect(find(inOrg.data, 'base_organization')).toMatchObject({
      hasPermission: false,
      grantedCounts: 0,
      permissionCounts: 5,
    })
    // 3: the org's own systems; 7: the portal (公共门户应用); 12: no built-in system serves students.
    expect(inOrg.data.map((g: Group) => g.name)).toEqual(['permission_app', 'base_app', 'alliance_app', 'iot_ysgw_dev'])
    const portal = await tree(s.schoolAdmin, `roleId=${role}&orgId=${w.schoolId}&appType=7`)
    expect(portal.data.map((g: Group) => g.name)).toEqual(['sc_menhu_app'])
    expect(find(portal.data, 'sc_menhu_app')).toMatchObject({
      desc: '统一门户',
      hasPermission: false,
      grantedCounts: 0,
    })
    expect((await tree(s.schoolAdmin, `roleId=${role}&orgId=${w.schoolId}&appType=12`)).data).toEqual([])
    // Left out, appType answers every list; without a role nothing is flagged and roleId is null.
    const all = await tree(s.schoolAdmin, '')
    expect(all.data.map((g: Group) => g.name)).toEqual([
      'sc_menhu_app',
      'permission_app',
      'base_app',
      'alliance_app',
      'iot_ysgw_dev',
    ])
    expect(find(all.data, 'base_school')).toMatchObject({ roleId: null, hasPermission: false, grantedCounts: 0 })

    // Revoking by names: the grant follows, and the operation log keeps names before and after.
    expect(await grant(s.schoolAdmin, { roleId: role, orgId: w.schoolId, names: ['base_app'] })).toMatchObject({
      code: 0,
      msg: RoleMsg.GRANTED,
    })
    expect((await granted(s.schoolAdmin, `roleId=${role}&orgId=${w.schoolId}`)).data).toEqual(['base_app'])
    expect(find((await tree(s.schoolAdmin, `roleId=${role}&appType=3`)).data, 'base_app')).toMatchObject({
      hasPermission: true,
      grantedCounts: 1,
    })
  })

  it('refuses an orgId that is not the role\u2019s org, or not one the caller manages, and changes nothing', async () => {
    const role = await newRole(s.bureauAdmin, '局属角色')
    expect(await grant(s.bureauAdmin, { roleId: role, orgId: w.bureauId, names: ['base_school'] })).toMatchObject({
      code: 0,
      msg: RoleMsg.GRANTED,
    })
    // An org the bureau admin manages, but not the role's: refused, code 400.
    const mismatch = { status: 200, code: ErrorCode.BAD_REQUEST, msg: RoleMsg.ORG_MISMATCH }
    expect(await grant(s.bureauAdmin, { roleId: role, orgId: w.schoolId, names: [] })).toMatchObject(mismatch)
    expect(await tree(s.bureauAdmin, `roleId=${role}&orgId=${w.schoolId}&appType=3`)).toMatchObject(mismatch)
    expect(await granted(s.bureauAdmin, `roleId=${role}&orgId=${w.schoolId}`)).toMatchObject(mismatch)
    // An org outside the caller's reach (a sibling school, another tenant's school): 404 机构不存在, as everywhere.
    const mine = await newRole(s.schoolAdmin, '一小角色')
    const outside = { status: 404, code: ErrorCode.NOT_FOUND, msg: '机构不存在' }
    expect(await grant(s.schoolAdmin, { roleId: mine, orgId: w.school2Id, names: ['base_school'] })).toMatchObject(
      outside,
    )
    expect(await grant(s.schoolAdmin, { roleId: mine, orgId: w.bureauId, names: ['base_school'] })).toMatchObject(
      outside,
    )
    expect(await grant(s.schoolAdmin, { roleId: mine, orgId: foreign.schoolId, names: ['base_school'] })).toMatchObject(
      outside,
    )
    expect(await tree(s.schoolAdmin, `orgId=${foreign.schoolId}&appType=3`)).toMatchObject(outside)
    expect(await granted(s.schoolAdmin, `roleId=${mine}&orgId=${w.school2Id}`)).toMatchObject(outside)
    expect((await granted(s.schoolAdmin, `roleId=${mine}&orgId=${w.schoolId}`)).data).toEqual([])
    expect((await granted(s.bureauAdmin, `roleId=${role}&orgId=${w.bureauId}`)).data).toEqual(['base_school'])
    // Built-in roles are every org's: readable in the caller's org, still not grantable.
    expect((await tree(s.schoolAdmin, `roleId=${w.roles.teacher}&orgId=${w.schoolId}&appType=7`)).code).toBe(0)
    expect(await grant(s.schoolAdmin, { roleId: w.roles.teacher, orgId: w.schoolId, names: [] })).toMatchObject({
      code: ErrorCode.BAD_REQUEST,
      msg: RoleMsg.BUILTIN,
    })
  })

  it('another tenant\u2019s or school\u2019s role is 404; a teacher 403; no session 401', async () => {
    const role = await newRole(s.schoolAdmin, '一小授权角色')
    expect((await tree(foreignAdmin, `roleId=${role}`)).status).toBe(404)
    expect((await granted(foreignAdmin, `roleId=${role}`)).status).toBe(404)
    expect((await grant(foreignAdmin, { roleId: role, orgId: foreign.schoolId, names: [] })).status).toBe(404)
    expect((await grant(s.school2Admin, { roleId: role, orgId: w.school2Id, names: [] })).status).toBe(404)
    for (const r of [
      await tree(s.teacher, 'appType=3'),
      await granted(s.teacher, `roleId=${role}`),
      await grant(s.teacher, { roleId: role, orgId: w.schoolId, names: [] }),
    ]) {
      expect(r).toMatchObject({ status: 403, msg: Msg.NO_PERMISSION })
    }
    for (const r of [
      await call(t, { url: `${A}/getPermissionTree` }),
      await call(t, { url: `${A}/getPermissionByRoleId?roleId=${role}` }),
      await call(t, { url: `${A}/associatedPermission`, body: { roleId: role, orgId: w.schoolId, names: [] } }),
    ]) {
      expect(r.status).toBe(401)
    }
  })

  it('refuses bad input (400) before touching anything', async () => {
    const role = await newRole(s.schoolAdmin, '校验角色')
    const bad = [
      { roleId: role, names: ['base_school'] }, // no orgId
      { roleId: role, orgId: w.schoolId, codes: ['base_school'] }, // the old shape
      { roleId: role, orgId: w.schoolId, names: 'base_school' },
      { roleId: role, orgId: w.schoolId, names: [''] },
      { roleId: role, orgId: w.schoolId, names: ['x'.repeat(81)] },
      { roleId: role, orgId: w.schoolId, names: ['base\nschool'] },
      { roleId: role, orgId: w.schoolId, names: Array.from({ length: 2001 }, (_, i) => `c${i}`) },
      { roleId: 'abc', orgId: w.schoolId, names: [] },
      { roleId: role, orgId: -1, names: [] },
    ]
    for (const body of bad)
      expect((await grant(s.schoolAdmin, body)).status, JSON.stringify(body).slice(0, 80)).toBe(400)
    expect((await tree(s.schoolAdmin, 'appType=5')).status).toBe(400)
    expect((await tree(s.schoolAdmin, 'orgId=abc')).status).toBe(400)
    expect((await granted(s.schoolAdmin, '')).status).toBe(400)
    expect((await granted(s.schoolAdmin, `roleId=${role}`)).data).toEqual([])
  })
})

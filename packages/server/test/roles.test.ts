import { ErrorCode, Msg, RoleMsg, UserType } from '@zhixiao/shared'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { call, createTestApp, loginToken, makePerson, makeWorld, staffOf, type Staff, type TestApp, type World } from './helpers.js'

let t: TestApp
let w: World
let s: Staff
let foreignAdmin: string
let teacherInfoId: number
const A = '/base/api/account'

beforeAll(async () => {
  t = await createTestApp()
  w = await makeWorld(t)
  s = await staffOf(t, w)
  foreignAdmin = (await staffOf(t, await makeWorld(t))).schoolAdmin
  teacherInfoId = (await call(t, { url: '/base/api/account/user/current/detail', token: s.teacher })).data.userInfoId
})
afterAll(() => t.close())

async function newRole(token: string, name: string): Promise<number> {
  const r = await call(t, { url: `${A}/addRole/batch`, token, body: { roles: [{ name, userType: 1002 }] } })
  expect(r).toMatchObject({ code: 0, msg: '新增成功' })
  return r.data[0]
}

describe('roles and grants', () => {
  it('granting a page to a role of a teacher opens that page at once; revoking closes it at once (no new login)', async () => {
    expect((await call(t, { url: '/base/api/grade/page', token: s.teacher, body: {} })).status).toBe(403)
    const role = await newRole(s.schoolAdmin, '年级管理员')
    expect((await call(t, { url: `${A}/associatedPermission`, token: s.schoolAdmin, body: { roleId: role, codes: ['base_school'] } })).msg).toBe(RoleMsg.GRANTED)
    expect((await call(t, { url: `${A}/associatedAccount`, token: s.schoolAdmin, body: { roleId: role, userInfoIds: [teacherInfoId] } })).msg).toBe('关联成功')
    expect((await call(t, { url: '/base/api/grade/page', token: s.teacher, body: {} })).code).toBe(0)
    const detail = await call(t, { url: `${A}/user/current/detail`, token: s.teacher })
    expect(detail.data.permissions).toContain('base_school')
    await call(t, { url: `${A}/associatedPermission`, token: s.schoolAdmin, body: { roleId: role, codes: [] } })
    expect((await call(t, { url: '/base/api/grade/page', token: s.teacher, body: {} })).status).toBe(403)
    const members = await call(t, { url: `${A}/findUserAssociated`, token: s.schoolAdmin, body: { roleId: role } })
    expect(members.data.list.map((m: { userInfoId: number }) => m.userInfoId)).toEqual([teacherInfoId])
    const log = await t.db.tenant(w.tenantId, (trx) => trx.selectFrom('operation_log').select(['action', 'detail']).where('module', '=', '角色授权').where('action', '=', '授权').orderBy('id').execute())
    expect(log.map((l) => l.detail)).toEqual([
      expect.objectContaining({ before: [], after: ['base_school'] }), expect.objectContaining({ before: ['base_school'], after: [] }),
    ])
  })

  it('refuses escalation: a sub-admin cannot grant a code they lack, nor hand out a role holding one, nor the admin role', async () => {
    // A deputy of the school holding only role management and the school page.
    const deputyRole = await newRole(s.schoolAdmin, '副管理员')
    await call(t, { url: `${A}/associatedPermission`, token: s.schoolAdmin, body: { roleId: deputyRole, codes: ['permission_role', 'base_school'] } })
    const deputy = await makePerson(t, w.tenantId, { memberships: [{ orgId: w.schoolId, userType: UserType.STAFF, roleIds: [deputyRole] }] })
    const token = await loginToken(t, deputy.userName)
    const mine = await call(t, { url: `${A}/addRole/batch`, token, body: { roles: [{ name: '副管理员的角色' }] } })
    expect(mine.code).toBe(0)
    const beyond = await call(t, { url: `${A}/associatedPermission`, token, body: { roleId: mine.data[0], codes: ['base_user_account'] } })
    expect(beyond).toMatchObject({ status: 403, msg: RoleMsg.BEYOND_OWN })
    expect((await call(t, { url: `${A}/associatedPermission`, token, body: { roleId: mine.data[0], codes: ['base_school'] } })).code).toBe(0)
    const rich = await newRole(s.schoolAdmin, '人员管理员')
    await call(t, { url: `${A}/associatedPermission`, token: s.schoolAdmin, body: { roleId: rich, codes: ['base_user_account'] } })
    expect((await call(t, { url: `${A}/associatedAccount`, token, body: { roleId: rich, userInfoIds: [teacherInfoId] } })).status).toBe(403)
    expect((await call(t, { url: `${A}/associatedAccount`, token, body: { roleId: w.roles.admin, userInfoIds: [deputy.userInfoIds[0]!] } })).status).toBe(403)
    // The deputy's tree holds only what the deputy holds.
    const tree = await call(t, { url: `${A}/getPermissionTree`, token })
    const codes: string[] = []
    const walk = (n: { code: string; children: unknown[] }[]) => n.forEach((x) => { codes.push(x.code); walk(x.children as never) })
    walk(tree.data)
    expect(codes).toContain('base_school')
    expect(codes).not.toContain('base_user_account')
  })

  it('built-in roles cannot be edited, granted or deleted; names are unique', async () => {
    expect(await call(t, { url: `${A}/updateRole`, token: s.schoolAdmin, body: { id: w.roles.admin, name: '改名' } })).toMatchObject({ msg: RoleMsg.BUILTIN })
    expect(await call(t, { url: `${A}/delRoleBatch`, token: s.schoolAdmin, body: { ids: [w.roles.admin] } })).toMatchObject({ msg: RoleMsg.BUILTIN })
    expect(await call(t, { url: `${A}/associatedPermission`, token: s.schoolAdmin, body: { roleId: w.roles.teacher, codes: [] } })).toMatchObject({ msg: RoleMsg.BUILTIN })
    await newRole(s.schoolAdmin, '重名角色')
    expect(await call(t, { url: `${A}/addRole/batch`, token: s.schoolAdmin, body: { roles: [{ name: '重名角色' }] } })).toMatchObject({ code: ErrorCode.CONFLICT, msg: RoleMsg.NAME_TAKEN })
    expect(await call(t, { url: `${A}/associatedPermission`, token: s.schoolAdmin, body: { roleId: await newRole(s.schoolAdmin, '坏编码'), codes: ['no_such_code'] } })).toMatchObject({ msg: RoleMsg.UNKNOWN_CODE })
  })

  it("another school's or tenant's role is not found; a teacher gets 403; no session 401", async () => {
    const role = await newRole(s.schoolAdmin, '一小专用')
    expect((await call(t, { url: `${A}/getRoleById?id=${role}`, token: s.school2Admin })).status).toBe(404)
    expect((await call(t, { url: `${A}/associatedPermission`, token: foreignAdmin, body: { roleId: role, codes: [] } })).status).toBe(404)
    expect((await call(t, { url: `${A}/delRoleBatch`, token: s.school2Admin, body: { ids: [role] } })).status).toBe(404)
    expect(await call(t, { url: `${A}/queryRole`, token: s.teacher, body: {} })).toMatchObject({ status: 403, msg: Msg.NO_PERMISSION })
    expect((await call(t, { url: `${A}/queryRole`, body: {} })).status).toBe(401)
    const list = await call(t, { url: `${A}/queryRole`, token: s.schoolAdmin, body: { keyword: '一小专用' } })
    expect(list.data.list).toEqual([expect.objectContaining({ id: role, builtin: false, memberCount: 0, permissionCount: 0 })])
    expect((await call(t, { url: `${A}/queryRole`, token: s.school2Admin, body: { keyword: '一小专用' } })).data.total).toBe(0)
  })

  it('edits and deletes a role; user permission query and the caller’s real permissions', async () => {
    const role = await newRole(s.schoolAdmin, '临时角色')
    expect((await call(t, { url: `${A}/updateRole`, token: s.schoolAdmin, body: { id: role, name: '临时角色二', userType: 1002 } })).msg).toBe('编辑成功')
    expect((await call(t, { url: `${A}/getRoleById?id=${role}`, token: s.schoolAdmin })).data.name).toBe('临时角色二')
    expect((await call(t, { url: `${A}/delRoleBatch`, token: s.schoolAdmin, body: { ids: [role] } })).msg).toBe('删除成功')
    const perms = await call(t, { url: `${A}/getPermissionsByAccountId?userInfoId=${teacherInfoId}`, token: s.schoolAdmin })
    expect(perms.data.roles).toContain('教师')
    expect((await call(t, { url: `${A}/getPermissionsByAccountId?userInfoId=${teacherInfoId}`, token: s.school2Admin })).status).toBe(404)
    const real = await call(t, { url: '/base/api/auth/user/current/getAdminRealPermissions', token: s.teacher, body: {} })
    expect(real.data).toEqual(expect.arrayContaining(['sc_menhu_menu_school']))
    expect(real.data).not.toContain('permission_role')
  })

  it('the operation log lists admin writes of the org and below with before/after; permission changes have their own view', async () => {
    const role = await newRole(s.schoolAdmin, '日志角色')
    await call(t, { url: `${A}/associatedPermission`, token: s.schoolAdmin, body: { roleId: role, codes: ['base_school'] } })
    const page = await call(t, { url: `${A}/operationLogPage`, token: s.bureauAdmin, body: { keyword: '日志角色' } })
    expect(page.data.list.map((l: { action: string; orgName: string }) => `${l.action}@${l.orgName}`)).toEqual(['授权@测试一小', '新增角色@测试一小'])
    expect(page.data.list[0].detail).toMatchObject({ before: [], after: ['base_school'] })
    expect((await call(t, { url: `${A}/operationLogPage`, token: s.school2Admin, body: { keyword: '日志角色' } })).data.total).toBe(0)
    const grants = await call(t, { url: `${A}/getUpdatePermissionOperationLog`, token: s.schoolAdmin })
    expect(grants.data.list.every((l: { module: string }) => l.module === '角色授权')).toBe(true)
    const orgs = await call(t, { url: `${A}/getOperationOrgList`, token: s.bureauAdmin })
    expect(orgs.data.map((o: { orgName: string }) => o.orgName)).toContain('测试一小')
    expect((await call(t, { url: `${A}/operationLogPage`, token: s.teacher, body: {} })).status).toBe(403)
  })

  it('who holds a code and which roles grant it; people search stays in scope', async () => {
    const role = await newRole(s.schoolAdmin, '查询角色')
    await call(t, { url: `${A}/associatedPermission`, token: s.schoolAdmin, body: { roleId: role, codes: ['base_log_monitor'] } })
    await call(t, { url: `${A}/associatedAccount`, token: s.schoolAdmin, body: { roleId: role, userInfoIds: [teacherInfoId] } })
    const who = await call(t, { url: `${A}/getAccountInfoByPermissions`, token: s.schoolAdmin, body: { codes: ['base_log_monitor'] } })
    const ids = who.data.list.map((m: { userInfoId: number }) => m.userInfoId)
    expect(ids).toContain(teacherInfoId)
    const me = (await call(t, { url: `${A}/user/current/detail`, token: s.schoolAdmin })).data.userInfoId
    expect(ids).toContain(me)
    const roles = await call(t, { url: `${A}/getRoleInfoByPermissions`, token: s.schoolAdmin, body: { codes: ['base_log_monitor'] } })
    expect(roles.data.list.map((r: { name: string }) => r.name)).toEqual(expect.arrayContaining(['管理员', '查询角色']))
    expect((await call(t, { url: `${A}/getAccountInfoByPermissions`, token: s.school2Admin, body: { codes: ['base_log_monitor'] } })).data.list
      .map((m: { userInfoId: number }) => m.userInfoId)).not.toContain(teacherInfoId)
    const found = await call(t, { url: `${A}/userSearch/page`, token: s.bureauAdmin, body: { userType: 1002 } })
    expect(found.data.list.map((m: { userInfoId: number }) => m.userInfoId)).toContain(teacherInfoId)
    expect((await call(t, { url: `${A}/userSearch/page`, token: s.school2Admin, body: {} })).data.list.map((m: { userInfoId: number }) => m.userInfoId)).not.toContain(teacherInfoId)
  })
})

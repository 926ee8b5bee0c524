import { ErrorCode, Msg, RoleMsg, SubOrgMsg, UserType } from '@zhixiao/shared'
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
let teacherInfoId: number
const A = '/base/api/account'
const SUB = `${A}/sub/org`

beforeAll(async () => {
  t = await createTestApp()
  w = await makeWorld(t)
  s = await staffOf(t, w)
  foreignAdmin = (await staffOf(t, await makeWorld(t))).bureauAdmin
  teacherInfoId = (await call(t, { url: `${A}/user/current/detail`, token: s.teacher })).data.userInfoId
})
afterAll(() => t.close())

/** A role of the caller's org granting `codes`. */
async function bureauRole(token: string, name: string, codes: string[]): Promise<number> {
  const id = (await call(t, { url: `${A}/addRole/batch`, token, body: { roles: [{ name }] } })).data[0] as number
  const orgId = (await call(t, { url: `${A}/getRoleById?id=${id}`, token })).data.orgId as number
  expect(
    (await call(t, { url: `${A}/associatedPermission`, token, body: { roleId: id, orgId, names: codes } })).msg,
  ).toBe(RoleMsg.GRANTED)
  return id
}
const orgsOf = (page: { list: { orgId: number }[] }) => page.list.map((o) => o.orgId)
const peopleOf = (page: { list: { userInfoId: number }[] }) => page.list.map((p) => p.userInfoId)

describe('sub-organisation associations', () => {
  it('the bureau delegates a role to a school and to its teacher, who holds its codes there on the next request', async () => {
    const role = await bureauRole(s.bureauAdmin, '年级督导', ['base_school'])
    const open = await call(t, {
      url: `${SUB}/findAssociatedSubOrg`,
      token: s.bureauAdmin,
      body: { roleId: role, associated: false },
    })
    expect(orgsOf(open.data).sort()).toEqual([w.schoolId, w.school2Id].sort())
    expect(
      (
        await call(t, {
          url: `${SUB}/associatedAccount`,
          token: s.bureauAdmin,
          body: { roleId: role, orgIds: [w.schoolId] },
        })
      ).msg,
    ).toBe(SubOrgMsg.ASSOCIATED)
    const linked = await call(t, { url: `${SUB}/findAssociatedSubOrg`, token: s.bureauAdmin, body: { roleId: role } })
    expect(linked.data.list).toEqual([
      expect.objectContaining({ orgId: w.schoolId, orgName: '测试一小', associated: true, memberCount: 0 }),
    ])
    const all = await call(t, {
      url: `${SUB}/findAssociatedSubOrg`,
      token: s.bureauAdmin,
      body: { roleId: role, associated: null },
    })
    expect(all.data.total).toBe(2)

    expect((await call(t, { url: '/base/api/grade/page', token: s.teacher, body: {} })).status).toBe(403)
    const candidates = await call(t, {
      url: `${SUB}/user/findUserNotAssociated`,
      token: s.bureauAdmin,
      body: { roleId: role, orgId: w.schoolId, userType: UserType.STAFF },
    })
    expect(peopleOf(candidates.data)).toContain(teacherInfoId)
    expect(
      (
        await call(t, {
          url: `${SUB}/user/associatedAccount`,
          token: s.bureauAdmin,
          body: { roleId: role, orgId: w.schoolId, userInfoIds: [teacherInfoId] },
        })
      ).msg,
    ).toBe(SubOrgMsg.ASSOCIATED)
    // Same session, next request: the delegated code is in effect in the teacher's own school.
    expect((await call(t, { url: '/base/api/grade/page', token: s.teacher, body: {} })).code).toBe(0)
    expect((await call(t, { url: `${A}/user/current/detail`, token: s.teacher })).data.permissions).toContain(
      'base_school',
    )
    const mine = await call(t, { url: `${SUB}/permission/current/user`, token: s.teacher })
    expect(mine.data).toEqual([
      { orgId: w.schoolId, orgName: '测试一小', roles: ['年级督导'], permissions: ['base_school'] },
    ])
    expect(
      peopleOf(
        (
          await call(t, {
            url: `${SUB}/user/findUserAssociated`,
            token: s.bureauAdmin,
            body: { roleId: role, orgId: w.schoolId },
          })
        ).data,
      ),
    ).toEqual([teacherInfoId])
    expect(
      (await call(t, { url: `${SUB}/findAssociatedSubOrg`, token: s.bureauAdmin, body: { roleId: role } })).data.list[0]
        .memberCount,
    ).toBe(1)
    expect(
      (await call(t, { url: `${A}/getPermissionsByAccountId?userInfoId=${teacherInfoId}`, token: s.bureauAdmin })).data
        .roles,
    ).toContain('年级督导（上级下放）')
    // The delegated role is not an ordinary membership of the role.
    expect(
      (await call(t, { url: `${A}/findUserAssociated`, token: s.bureauAdmin, body: { roleId: role } })).data.total,
    ).toBe(0)

    // Dropping the school drops its people with it: the code is gone on the next request.
    expect(
      (
        await call(t, {
          url: `${SUB}/delAssociatedAccount`,
          token: s.bureauAdmin,
          body: { roleId: role, orgIds: [w.schoolId] },
        })
      ).msg,
    ).toBe(SubOrgMsg.DISSOCIATED)
    expect((await call(t, { url: '/base/api/grade/page', token: s.teacher, body: {} })).status).toBe(403)
    expect((await call(t, { url: `${SUB}/permission/current/user`, token: s.teacher })).data).toEqual([])
    const left = await t.db.tenant(w.tenantId, (trx) =>
      trx.selectFrom('role_sub_org_user').select('user_info_id').where('role_id', '=', role).execute(),
    )
    expect(left).toEqual([])

    const log = await t.db.tenant(w.tenantId, (trx) =>
      trx
        .selectFrom('operation_log')
        .select(['action', 'detail'])
        .where('module', '=', '角色授权')
        .where('action', 'like', '%下级机构%')
        .orderBy('id')
        .execute(),
    )
    expect(log).toEqual([
      { action: '关联下级机构', detail: expect.objectContaining({ before: [], after: ['测试一小'] }) },
      { action: '下级机构关联人员', detail: { before: [], after: ['测试用户'] } },
      {
        action: '取消关联下级机构',
        detail: expect.objectContaining({ before: ['测试一小'], after: [], removedMembers: 1 }),
      },
    ])
  })

  it('taking the role back from a person ends their codes at once', async () => {
    const role = await bureauRole(s.bureauAdmin, '课表督导', ['base_school'])
    await call(t, {
      url: `${SUB}/associatedAccount`,
      token: s.bureauAdmin,
      body: { roleId: role, orgIds: [w.schoolId] },
    })
    await call(t, {
      url: `${SUB}/user/associatedAccount`,
      token: s.bureauAdmin,
      body: { roleId: role, orgId: w.schoolId, userInfoIds: [teacherInfoId] },
    })
    expect((await call(t, { url: '/base/api/grade/page', token: s.teacher, body: {} })).code).toBe(0)
    expect(
      (
        await call(t, {
          url: `${SUB}/user/delAssociatedAccount`,
          token: s.bureauAdmin,
          body: { roleId: role, orgId: w.schoolId, userInfoIds: [teacherInfoId] },
        })
      ).msg,
    ).toBe(SubOrgMsg.DISSOCIATED)
    expect((await call(t, { url: '/base/api/grade/page', token: s.teacher, body: {} })).status).toBe(403)
    // The school stays associated.
    expect(
      orgsOf(
        (await call(t, { url: `${SUB}/findAssociatedSubOrg`, token: s.bureauAdmin, body: { roleId: role } })).data,
      ),
    ).toEqual([w.schoolId])
  })

  it('refuses orgs outside the tree, the org itself, people of another org, and a school not associated', async () => {
    const role = await bureauRole(s.bureauAdmin, '范围检查', ['base_school'])
    expect(
      await call(t, {
        url: `${SUB}/associatedAccount`,
        token: s.bureauAdmin,
        body: { roleId: role, orgIds: [w.bureauId] },
      }),
    ).toMatchObject({ status: 404, msg: SubOrgMsg.ORG_NOT_FOUND })
    // A school admin's tree has no sibling school in it.
    const schoolRole = await bureauRole(s.schoolAdmin, '一小角色', ['base_school'])
    expect(
      await call(t, {
        url: `${SUB}/associatedAccount`,
        token: s.schoolAdmin,
        body: { roleId: schoolRole, orgIds: [w.school2Id] },
      }),
    ).toMatchObject({ status: 404, msg: SubOrgMsg.ORG_NOT_FOUND })
    expect(
      (
        await call(t, {
          url: `${SUB}/findAssociatedSubOrg`,
          token: s.schoolAdmin,
          body: { roleId: schoolRole, associated: null },
        })
      ).data.total,
    ).toBe(0)
    // Not associated yet: the people calls refuse.
    expect(
      await call(t, {
        url: `${SUB}/user/findUserAssociated`,
        token: s.bureauAdmin,
        body: { roleId: role, orgId: w.school2Id },
      }),
    ).toMatchObject({ code: ErrorCode.BAD_REQUEST, msg: SubOrgMsg.NOT_ASSOCIATED })
    await call(t, {
      url: `${SUB}/associatedAccount`,
      token: s.bureauAdmin,
      body: { roleId: role, orgIds: [w.school2Id] },
    })
    // The first school's teacher is not a person of the second school.
    expect(
      await call(t, {
        url: `${SUB}/user/associatedAccount`,
        token: s.bureauAdmin,
        body: { roleId: role, orgId: w.school2Id, userInfoIds: [teacherInfoId] },
      }),
    ).toMatchObject({ status: 404, msg: SubOrgMsg.PERSON_NOT_FOUND })
    const none = await t.db.tenant(w.tenantId, (trx) =>
      trx.selectFrom('role_sub_org_user').select('user_info_id').where('role_id', '=', role).execute(),
    )
    expect(none).toEqual([])
  })

  it("built-in roles are not delegated; another tenant's role and orgs are not found", async () => {
    expect(
      await call(t, {
        url: `${SUB}/associatedAccount`,
        token: s.bureauAdmin,
        body: { roleId: w.roles.admin, orgIds: [w.schoolId] },
      }),
    ).toMatchObject({ code: ErrorCode.BAD_REQUEST, msg: SubOrgMsg.NOT_DELEGABLE })
    const role = await bureauRole(s.bureauAdmin, '跨租户检查', ['base_school'])
    expect(
      await call(t, { url: `${SUB}/findAssociatedSubOrg`, token: foreignAdmin, body: { roleId: role } }),
    ).toMatchObject({ status: 404, msg: RoleMsg.NOT_FOUND })
    expect(
      await call(t, {
        url: `${SUB}/associatedAccount`,
        token: foreignAdmin,
        body: { roleId: role, orgIds: [w.schoolId] },
      }),
    ).toMatchObject({ status: 404 })
    const foreignRole = await bureauRole(foreignAdmin, '外区角色', ['base_school'])
    expect(
      await call(t, {
        url: `${SUB}/associatedAccount`,
        token: foreignAdmin,
        body: { roleId: foreignRole, orgIds: [w.schoolId] },
      }),
    ).toMatchObject({ status: 404, msg: SubOrgMsg.ORG_NOT_FOUND })
  })

  it('refuses escalation: a deputy cannot delegate a role holding a code they lack', async () => {
    const deputyRole = await bureauRole(s.bureauAdmin, '局副管理员', ['permission_role', 'base_school'])
    const deputy = await makePerson(t, w.tenantId, {
      memberships: [{ orgId: w.bureauId, userType: UserType.STAFF, roleIds: [deputyRole] }],
    })
    const token = await loginToken(t, deputy.userName)
    const rich = await bureauRole(s.bureauAdmin, '人员管理下放', ['base_user_account'])
    expect(
      await call(t, { url: `${SUB}/associatedAccount`, token, body: { roleId: rich, orgIds: [w.schoolId] } }),
    ).toMatchObject({ status: 403, msg: RoleMsg.BEYOND_OWN })
    await call(t, {
      url: `${SUB}/associatedAccount`,
      token: s.bureauAdmin,
      body: { roleId: rich, orgIds: [w.schoolId] },
    })
    expect(
      await call(t, {
        url: `${SUB}/user/associatedAccount`,
        token,
        body: { roleId: rich, orgId: w.schoolId, userInfoIds: [teacherInfoId] },
      }),
    ).toMatchObject({ status: 403, msg: RoleMsg.BEYOND_OWN })
    // Within their own codes the deputy may delegate.
    const modest = await bureauRole(token, '副管理员下放', ['base_school'])
    expect(
      (await call(t, { url: `${SUB}/associatedAccount`, token, body: { roleId: modest, orgIds: [w.schoolId] } })).msg,
    ).toBe(SubOrgMsg.ASSOCIATED)
  })

  it('401 without a session, 403 without permission_role; the current-user call needs only a session', async () => {
    const body = { roleId: 1, orgIds: [1] }
    expect((await call(t, { url: `${SUB}/associatedAccount`, body })).status).toBe(401)
    expect(await call(t, { url: `${SUB}/associatedAccount`, token: s.teacher, body })).toMatchObject({
      status: 403,
      msg: Msg.NO_PERMISSION,
    })
    expect(
      (await call(t, { url: `${SUB}/user/findUserAssociated`, token: s.teacher, body: { roleId: 1, orgId: 1 } }))
        .status,
    ).toBe(403)
    expect((await call(t, { url: `${SUB}/permission/current/user` })).status).toBe(401)
    expect((await call(t, { url: `${SUB}/permission/current/user`, token: s.school2Admin })).data).toEqual([])
  })
})

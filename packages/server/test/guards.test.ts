import { ErrorCode, GradeMsg, Msg, OperationType, OrgMsg, PeopleMsg, RoleMsg, UserType } from '@zhixiao/shared'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  ADMIN_PASSWORD,
  call,
  createTestApp,
  login,
  loginToken,
  makePerson,
  makeWorld,
  staffOf,
  type Staff,
  type TestApp,
  type World,
} from './helpers.js'

/**
 * The escalation guard on every action on a member or a role (docs/people.md, docs/roles.md), and the holes
 * found next to it: sessions that outlived a disabled org, deletes that answered 500, org and dictionary reads
 * and references across schools.
 */
let t: TestApp
let w: World
let s: Staff
const T = '/base/api/userInfo/teacherInfo'
const A = '/base/api/account'
const INITIAL = 'Zx123456'
/** What the clerk of the issue held: list, edit and reset password, plus the other teacher buttons and role management. */
const CLERK_CODES = [
  'base_user_account',
  'base_teacher_edit',
  'base_teacher_reset_pwd',
  'base_teacher_enable',
  'base_teacher_archive',
  'base_teacher_delete',
  'permission_role',
]
let clerkRole: number
let seq = 0
const phone = () => `137${String(process.pid % 10000).padStart(4, '0')}${String(++seq).padStart(4, '0')}`

beforeAll(async () => {
  t = await createTestApp()
  w = await makeWorld(t)
  s = await staffOf(t, w)
  const r = await call(t, {
    url: `${A}/addRole/batch`,
    token: s.schoolAdmin,
    body: { roles: [{ name: '人事干事', userType: 1002 }] },
  })
  clerkRole = r.data[0]
  expect(
    (
      await call(t, {
        url: `${A}/associatedPermission`,
        token: s.schoolAdmin,
        body: { roleId: clerkRole, orgId: w.schoolId, names: CLERK_CODES },
      })
    ).code,
  ).toBe(0)
})
afterAll(() => t.close())

const me = async (token: string) =>
  (await call(t, { url: `${A}/user/current/detail`, token })).data as { userInfoId: number; accountId?: number }

/** A member of the first school holding `roleIds`, signed in. */
async function member(roleIds: number[], orgId = w.schoolId) {
  const p = await makePerson(t, w.tenantId, {
    phone: phone(),
    memberships: [{ orgId, userType: UserType.STAFF, roleIds }],
  })
  return { ...p, id: p.userInfoIds[0]!, token: await loginToken(t, p.userName) }
}
const clerk = () => member([w.roles.teacher, clerkRole])
const teacherBody = (id: number, p: string) => ({ id, trueName: '改过的名字', phone: p })

describe('member actions refuse a target richer than the caller', () => {
  it('a clerk cannot reset the school administrator to the initial password and sign in as them (the takeover)', async () => {
    const c = await clerk()
    const admin = await member([w.roles.admin])
    const reset = await call(t, { url: `${T}/resetPassword`, token: c.token, body: { id: admin.id } })
    expect(reset).toMatchObject({ status: 403, code: ErrorCode.FORBIDDEN, msg: PeopleMsg.ABOVE_OWN })
    // Nothing changed: the initial password does not open the account, the admin's own still does, the session lives.
    expect((await login(t, { userName: admin.userName, password: INITIAL })).data?.operationType).not.toBe(
      OperationType.MUST_RESET_PASSWORD,
    )
    expect((await login(t, { userName: admin.userName, password: admin.password })).data.operationType).toBe(
      OperationType.SUCCESS,
    )
    expect((await call(t, { url: `${A}/user/current/detail`, token: admin.token })).status).toBe(200)
  })

  it('nor disable, archive, delete or edit (the phone) the administrator; the admin stays whole', async () => {
    const c = await clerk()
    const admin = await member([w.roles.admin])
    const before = (await call(t, { url: `${T}/detail?id=${admin.id}`, token: s.schoolAdmin })).data
    const refused = { status: 403, code: ErrorCode.FORBIDDEN, msg: PeopleMsg.ABOVE_OWN }
    expect(
      await call(t, { url: `${T}/updateStatus`, token: c.token, body: { id: admin.id, status: 1 } }),
    ).toMatchObject(refused)
    expect(await call(t, { url: `${T}/archive`, token: c.token, body: { ids: [admin.id] } })).toMatchObject(refused)
    expect(await call(t, { url: `${T}/delete`, token: c.token, body: { id: admin.id } })).toMatchObject(refused)
    expect(await call(t, { url: `${T}/update`, token: c.token, body: teacherBody(admin.id, phone()) })).toMatchObject(
      refused,
    )
    const after = (await call(t, { url: `${T}/detail?id=${admin.id}`, token: s.schoolAdmin })).data
    expect(after).toMatchObject({ status: 0, archived: false, phone: before.phone, trueName: before.trueName })
    expect((await call(t, { url: `${A}/user/current/detail`, token: admin.token })).status).toBe(200)
  })

  it('the same clerk still acts on an equal or poorer member; a reset ends the target’s sessions', async () => {
    const c = await clerk()
    const peer = await clerk()
    const plain = await member([w.roles.teacher])
    expect((await call(t, { url: `${T}/resetPassword`, token: c.token, body: { id: plain.id } })).msg).toBe(
      PeopleMsg.RESET_DONE,
    )
    // The old token is dead at once, and the next login must change the (known) initial password.
    expect((await call(t, { url: `${A}/user/current/detail`, token: plain.token })).status).toBe(401)
    expect((await login(t, { userName: plain.userName, password: INITIAL })).data.operationType).toBe(
      OperationType.MUST_RESET_PASSWORD,
    )
    const p = phone()
    expect((await call(t, { url: `${T}/update`, token: c.token, body: teacherBody(plain.id, p) })).code).toBe(0)
    expect((await call(t, { url: `${T}/updateStatus`, token: c.token, body: { id: peer.id, status: 1 } })).msg).toBe(
      '停用成功',
    )
    expect((await call(t, { url: `${A}/user/current/detail`, token: peer.token })).status).toBe(401)
    expect((await call(t, { url: `${T}/archive`, token: c.token, body: { ids: [plain.id] } })).msg).toBe('归档成功')
    expect((await call(t, { url: `${T}/delete`, token: c.token, body: { id: plain.id } })).msg).toBe('删除成功')
  })

  it('a password belongs to the account: a teacher who is an administrator at another school is out of a clerk’s reach', async () => {
    const c = await clerk()
    const p = await makePerson(t, w.tenantId, {
      memberships: [
        { orgId: w.schoolId, userType: UserType.STAFF, roleIds: [w.roles.teacher] },
        { orgId: w.school2Id, userType: UserType.STAFF, roleIds: [w.roles.admin] },
      ],
    })
    const here = p.userInfoIds[0]!
    expect(await call(t, { url: `${T}/resetPassword`, token: c.token, body: { id: here } })).toMatchObject({
      status: 403,
      msg: PeopleMsg.ABOVE_OWN,
    })
    expect(await call(t, { url: `${T}/update`, token: c.token, body: teacherBody(here, phone()) })).toMatchObject({
      status: 403,
      msg: PeopleMsg.ABOVE_OWN,
    })
    // Disabling the membership of this school touches only that membership, which is a plain teacher's.
    expect((await call(t, { url: `${T}/updateStatus`, token: c.token, body: { id: here, status: 1 } })).code).toBe(0)
  })

  it('nobody locks themselves out: disable, archive, delete and reset of one’s own account are refused, in any org of it', async () => {
    const c = await clerk()
    for (const [url, body] of [
      ['updateStatus', { id: c.id, status: 1 }],
      ['archive', { ids: [c.id] }],
      ['delete', { id: c.id }],
      ['resetPassword', { id: c.id }],
    ] as const) {
      expect(await call(t, { url: `${T}/${url}`, token: c.token, body })).toMatchObject({
        code: ErrorCode.BAD_REQUEST,
        msg: PeopleMsg.SELF,
      })
    }
    // A bureau administrator who also teaches at a school below: that membership is the same account.
    const p = await makePerson(t, w.tenantId, {
      memberships: [
        { orgId: w.bureauId, userType: UserType.STAFF, roleIds: [w.roles.admin] },
        { orgId: w.schoolId, userType: UserType.STAFF, roleIds: [w.roles.teacher] },
      ],
    })
    const token = await loginToken(t, p.userName, undefined, w.bureauId)
    expect(await call(t, { url: `${T}/delete`, token, body: { id: p.userInfoIds[1]! } })).toMatchObject({
      msg: PeopleMsg.SELF,
    })
    expect(await call(t, { url: `${T}/resetPassword`, token, body: { id: p.userInfoIds[1]! } })).toMatchObject({
      msg: PeopleMsg.SELF,
    })
    expect((await call(t, { url: `${A}/user/current/detail`, token })).status).toBe(200)
  })

  it('the super administrator cannot delete, disable or reset himself from the teacher list', async () => {
    const r = await login(t, { userName: 'administrator', password: ADMIN_PASSWORD })
    const token = r.data.userToken as string
    const self = await me(token)
    expect(await call(t, { url: `${T}/delete`, token, body: { id: self.userInfoId } })).toMatchObject({
      msg: PeopleMsg.SELF,
    })
    expect(await call(t, { url: `${T}/updateStatus`, token, body: { id: self.userInfoId, status: 1 } })).toMatchObject({
      msg: PeopleMsg.SELF,
    })
    expect(await call(t, { url: `${T}/resetPassword`, token, body: { id: self.userInfoId } })).toMatchObject({
      msg: PeopleMsg.SELF,
    })
    expect((await call(t, { url: `${A}/user/current/detail`, token })).status).toBe(200)
  })
})

describe('role actions refuse a role richer than the caller', () => {
  async function roleWith(name: string, codes: string[]): Promise<number> {
    const id = (
      await call(t, { url: `${A}/addRole/batch`, token: s.schoolAdmin, body: { roles: [{ name, userType: 1002 }] } })
    ).data[0]
    expect(
      (
        await call(t, {
          url: `${A}/associatedPermission`,
          token: s.schoolAdmin,
          body: { roleId: id, orgId: w.schoolId, names: codes },
        })
      ).code,
    ).toBe(0)
    return id
  }

  it('a role manager cannot disable, delete, edit or regrant a role holding codes they lack', async () => {
    const c = await clerk()
    const holder = await member([w.roles.teacher])
    const rich = await roleWith('校务主任', ['base_user_account', 'base_school', 'base_teacher_add'])
    await call(t, {
      url: `${A}/associatedAccount`,
      token: s.schoolAdmin,
      body: { roleId: rich, userInfoIds: [holder.id] },
    })
    const refused = { status: 403, code: ErrorCode.FORBIDDEN, msg: RoleMsg.ABOVE_OWN }
    expect(
      await call(t, { url: `${A}/updateRole`, token: c.token, body: { id: rich, name: '校务主任', status: 1 } }),
    ).toMatchObject(refused)
    expect(await call(t, { url: `${A}/updateRole`, token: c.token, body: { id: rich, name: '改名' } })).toMatchObject(
      refused,
    )
    expect(await call(t, { url: `${A}/delRoleBatch`, token: c.token, body: { ids: [rich] } })).toMatchObject(refused)
    // Taking away a code the manager does hold would still strip the role's holders.
    expect(
      await call(t, {
        url: `${A}/associatedPermission`,
        token: c.token,
        body: { roleId: rich, orgId: w.schoolId, names: ['base_school', 'base_teacher_add'] },
      }),
    ).toMatchObject(refused)
    const still = (await call(t, { url: `${A}/getRoleById?id=${rich}`, token: s.schoolAdmin })).data
    expect(still).toMatchObject({ name: '校务主任', status: 0, permissionCount: 3, memberCount: 1 })
    expect((await call(t, { url: `${A}/user/current/detail`, token: holder.token })).data.permissions).toContain(
      'base_school',
    )
  })

  it('but edits, disables and deletes a poorer role; cannot disable or delete a role of their own; cannot strip a richer member', async () => {
    const c = await clerk()
    const poor = await roleWith('值日生', ['base_user_account'])
    expect(
      (await call(t, { url: `${A}/updateRole`, token: c.token, body: { id: poor, name: '值日生', status: 1 } })).msg,
    ).toBe('编辑成功')
    expect((await call(t, { url: `${A}/delRoleBatch`, token: c.token, body: { ids: [poor] } })).msg).toBe('删除成功')
    expect(
      await call(t, { url: `${A}/updateRole`, token: c.token, body: { id: clerkRole, name: '人事干事', status: 1 } }),
    ).toMatchObject({ msg: RoleMsg.OWN_ROLE })
    expect(await call(t, { url: `${A}/delRoleBatch`, token: c.token, body: { ids: [clerkRole] } })).toMatchObject({
      msg: RoleMsg.OWN_ROLE,
    })
    const admin = await member([w.roles.admin, clerkRole])
    expect(
      await call(t, {
        url: `${A}/delAssociatedAccount`,
        token: c.token,
        body: { roleId: clerkRole, userInfoIds: [admin.id] },
      }),
    ).toMatchObject({ status: 403, msg: PeopleMsg.ABOVE_OWN })
    const peer = await clerk()
    expect(
      (
        await call(t, {
          url: `${A}/delAssociatedAccount`,
          token: c.token,
          body: { roleId: clerkRole, userInfoIds: [peer.id] },
        })
      ).code,
    ).toBe(0)
  })

  it('the role list’s 人员数 and the 关联人员 screen count the same people (live members of the caller’s org and below)', async () => {
    await member([w.roles.teacher])
    await member([w.roles.teacher], w.school2Id)
    const archived = await member([w.roles.teacher])
    await call(t, { url: `${T}/archive`, token: s.schoolAdmin, body: { ids: [archived.id] } })
    for (const token of [s.schoolAdmin, s.school2Admin, s.bureauAdmin]) {
      const listed = (await call(t, { url: `${A}/queryRole`, token, body: { keyword: '教师' } })).data.list.find(
        (r: { id: number }) => r.id === w.roles.teacher,
      )
      const byId = (await call(t, { url: `${A}/getRoleById?id=${w.roles.teacher}`, token })).data
      const members = (
        await call(t, { url: `${A}/findUserAssociated`, token, body: { roleId: w.roles.teacher, pageSize: 200 } })
      ).data
      expect(listed.memberCount).toBe(members.total)
      expect(byId.memberCount).toBe(members.total)
      expect(members.list.map((m: { userInfoId: number }) => m.userInfoId)).not.toContain(archived.id)
    }
  })
})

describe('sessions end with what they stood on', () => {
  it('disabling an organisation signs its members out at once', async () => {
    const world = await makeWorld(t)
    const staff = await staffOf(t, world)
    expect((await call(t, { url: `${A}/user/current/detail`, token: staff.school2Admin })).status).toBe(200)
    expect(
      (
        await call(t, {
          url: `/base/api/organizationUnit/status/new?orgId=${world.school2Id}&status=1`,
          token: staff.bureauAdmin,
        })
      ).msg,
    ).toBe('停用成功')
    expect((await call(t, { url: `${A}/user/current/detail`, token: staff.school2Admin })).status).toBe(401)
    // Other orgs are untouched.
    expect((await call(t, { url: `${A}/user/current/detail`, token: staff.schoolAdmin })).status).toBe(200)
  })

  it('a member who opened a hosted sub-app can be deleted, and their session ends', async () => {
    const p = await member([w.roles.teacher])
    expect((await call(t, { url: '/base/api/auth/once/token', token: p.token })).code).toBe(0)
    expect((await call(t, { url: `${T}/delete`, token: s.schoolAdmin, body: { id: p.id } })).msg).toBe('删除成功')
    expect((await call(t, { url: `${A}/user/current/detail`, token: p.token })).status).toBe(401)
  })
})

describe('deletes that others still point at are refused, not 500', () => {
  it('a class with students, a department with teachers, an org with base data', async () => {
    const g = await call(t, {
      url: '/base/api/grade/add',
      token: s.schoolAdmin,
      body: { name: '守卫级', entryYear: 2026 },
    })
    const c = await call(t, {
      url: '/base/api/class/add',
      token: s.schoolAdmin,
      body: { gradeId: g.data, name: '守卫班' },
    })
    const st = await call(t, {
      url: '/base/api/userInfo/studentInfo/add',
      token: s.schoolAdmin,
      body: { trueName: '小守', jobNo: `G${process.pid}${++seq}`, classId: c.data },
    })
    expect(st.code).toBe(0)
    expect(await call(t, { url: '/base/api/class/delete', token: s.schoolAdmin, body: { id: c.data } })).toMatchObject({
      status: 200,
      code: ErrorCode.CONFLICT,
      msg: GradeMsg.CLASS_HAS_STUDENTS,
    })
    // An archived student still belongs to the class.
    await call(t, { url: '/base/api/userInfo/studentInfo/archive', token: s.schoolAdmin, body: { ids: [st.data] } })
    expect(await call(t, { url: '/base/api/class/delete', token: s.schoolAdmin, body: { id: c.data } })).toMatchObject({
      msg: GradeMsg.CLASS_HAS_STUDENTS,
    })

    const dept = await call(t, {
      url: '/base/api/organizationUnit/add',
      token: s.schoolAdmin,
      body: { parentId: w.schoolId, name: '守卫教研组', orgType: 'depart' },
    })
    expect(
      (
        await call(t, {
          url: `${T}/add`,
          token: s.schoolAdmin,
          body: { trueName: '组员', phone: phone(), deptId: dept.data },
        })
      ).code,
    ).toBe(0)
    expect(
      await call(t, { url: `/base/api/organizationUnit/delete/new?orgId=${dept.data}`, token: s.schoolAdmin }),
    ).toMatchObject({ status: 200, code: ErrorCode.CONFLICT, msg: OrgMsg.HAS_MEMBERS })

    const school = await call(t, {
      url: '/base/api/organizationUnit/add',
      token: s.bureauAdmin,
      body: { parentId: w.bureauId, name: '守卫新校', orgType: 'org', unitAttr: 8 },
    })
    expect(
      (
        await call(t, {
          url: '/base/api/grade/add',
          token: s.bureauAdmin,
          body: { orgId: school.data, name: '新校级', entryYear: 2026 },
        })
      ).code,
    ).toBe(0)
    expect(
      await call(t, { url: `/base/api/organizationUnit/delete/new?orgId=${school.data}`, token: s.bureauAdmin }),
    ).toMatchObject({ status: 200, code: ErrorCode.CONFLICT, msg: OrgMsg.HAS_DATA })
    // An empty org whose launcher groups were laid out goes without complaint.
    const empty = await call(t, {
      url: '/base/api/organizationUnit/add',
      token: s.bureauAdmin,
      body: { parentId: w.bureauId, name: '守卫空校', orgType: 'org', unitAttr: 8 },
    })
    await t.db.tenant(w.tenantId, (trx) =>
      trx.insertInto('app_group').values({ org_id: empty.data, app_type: 1, name: '常用' }).execute(),
    )
    expect(
      (await call(t, { url: `/base/api/organizationUnit/delete/new?orgId=${empty.data}`, token: s.bureauAdmin })).msg,
    ).toBe('删除成功')
  })
})

describe('reads and references stay inside what the caller may see', () => {
  it('organizationUnit/get answers the own org, the orgs above and below, and not a sibling school', async () => {
    expect(
      (await call(t, { url: `/base/api/organizationUnit/get?orgId=${w.bureauId}`, token: s.schoolAdmin })).data.orgId,
    ).toBe(w.bureauId)
    expect(
      (await call(t, { url: `/base/api/organizationUnit/get?orgId=${w.school2Id}`, token: s.bureauAdmin })).data.orgId,
    ).toBe(w.school2Id)
    const sibling = await call(t, { url: `/base/api/organizationUnit/get?orgId=${w.school2Id}`, token: s.schoolAdmin })
    expect(sibling).toMatchObject({ status: 404, msg: Msg.ORG_NOT_FOUND })
    // A teacher of both schools reads the other school of their own account (the org switch shows it).
    const p = await makePerson(t, w.tenantId, {
      memberships: [
        { orgId: w.schoolId, userType: UserType.STAFF, roleIds: [w.roles.teacher] },
        { orgId: w.school2Id, userType: UserType.STAFF, roleIds: [w.roles.teacher] },
      ],
    })
    const token = await loginToken(t, p.userName, undefined, w.schoolId)
    expect((await call(t, { url: `/base/api/organizationUnit/get?orgId=${w.school2Id}`, token })).data.orgId).toBe(
      w.school2Id,
    )
  })

  it("a record cannot point at another school's dictionary entries", async () => {
    const theirs = await call(t, {
      url: '/base/api/dict/add',
      token: s.school2Admin,
      body: { dictType: 'position', level: 'org', name: '二中年级组长' },
    })
    const ours = await call(t, {
      url: '/base/api/dict/add',
      token: s.schoolAdmin,
      body: { dictType: 'position', level: 'org', name: '一小年级组长' },
    })
    const id = (
      await call(t, { url: `${T}/add`, token: s.schoolAdmin, body: { trueName: '字典老师', phone: phone() } })
    ).data
    expect(
      await call(t, {
        url: `${T}/update`,
        token: s.schoolAdmin,
        body: { ...teacherBody(id, phone()), positionId: theirs.data },
      }),
    ).toMatchObject({ status: 404, msg: '职务不存在' })
    expect(
      await call(t, {
        url: `${T}/add`,
        token: s.schoolAdmin,
        body: { trueName: '字典老师二', phone: phone(), positionId: theirs.data },
      }),
    ).toMatchObject({ status: 404, msg: '职务不存在' })
    expect(
      (
        await call(t, {
          url: `${T}/update`,
          token: s.schoolAdmin,
          body: { ...teacherBody(id, phone()), positionId: ours.data },
        })
      ).code,
    ).toBe(0)
    const type = await call(t, {
      url: '/base/api/dict/add',
      token: s.school2Admin,
      body: { dictType: 'buildingType', level: 'org', name: '二中楼型' },
    })
    expect(
      await call(t, {
        url: '/base/api/buildings/add',
        token: s.schoolAdmin,
        body: { name: '守卫楼', floorCount: 1, typeId: type.data },
      }),
    ).toMatchObject({ msg: '楼宇类型不存在' })
    const period = await call(t, {
      url: '/base/api/dict/add',
      token: s.school2Admin,
      body: { dictType: 'learnPeriod', level: 'org', name: '二中学段' },
    })
    expect(
      await call(t, {
        url: '/base/api/grade/add',
        token: s.schoolAdmin,
        body: { name: '字典级', entryYear: 2026, learnPeriodId: period.data },
      }),
    ).toMatchObject({ msg: '学段不存在' })
  })
})

import { InputMsg, OuterMsg, RedDotMsg, UserType } from '@zhixiao/shared'
import { sql } from 'kysely'
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
const R = '/base/api/redot'
const O = '/base/portal/outer'

beforeAll(async () => {
  t = await createTestApp()
  w = await makeWorld(t)
  s = await staffOf(t, w)
  const ow = await makeWorld(t)
  other = { world: ow, staff: await staffOf(t, ow) }
  // Sub-app routes open only once an entry is registered (apps/registry.ts): register them all here.
  await t.db.tenant(w.tenantId, (trx) =>
    trx
      .updateTable('app')
      .set({ entry_url: sql<string>`'https://apps.example' || req_uri` })
      .where('entry_url', 'is', null)
      .execute(),
  )
})
afterAll(() => t.close())

const manual = (id: string, key: string, over: Record<string, unknown> = {}) => ({
  id,
  name: '新功能',
  target: { kind: 'app', key },
  source: 'manual',
  style: 'dot',
  endDate: null,
  enabled: true,
  ...over,
})
const dotsOf = async (token: string) =>
  (await call(t, { url: `${R}/counts`, token })).data.dots as {
    kind: string
    key: string
    count: number
    dot: boolean
    label: string | null
  }[]
const dotOn = async (token: string, key: string) => (await dotsOf(token)).find((d) => d.key === key)

describe('red dots', () => {
  it('refuses the signed-out (401) and writes without the button code (403)', async () => {
    expect((await call(t, { url: `${R}/counts` })).status).toBe(401)
    expect((await call(t, { url: `${R}/open`, body: { kind: 'app', key: 'grade_manage' } })).status).toBe(401)
    expect(
      (await call(t, { url: `${C}/setRedotMsgConfig`, token: s.teacher, body: { value: { rules: [] } } })).status,
    ).toBe(403)
    expect((await call(t, { url: `${R}/targets`, token: s.teacher })).status).toBe(403)
    const targets = await call(t, { url: `${R}/targets`, token: s.schoolAdmin })
    expect(targets.data.apps).toEqual(expect.arrayContaining([{ uniqueId: 'grade_manage', name: '成绩管理' }]))
    expect(targets.data.menus).toEqual([
      { key: 'feedback', name: '投诉建议' },
      { key: 'portalAdmin', name: '门户管理' },
    ])
  })

  it('refuses bad input with a Chinese message and writes nothing', async () => {
    const bad = [
      { rules: [manual('r-nul1', 'grade_manage', { name: 'a\u0000b' })], msg: InputMsg.ILLEGAL_CHARS },
      { rules: [manual('r-long', 'grade_manage', { name: '长'.repeat(31) })], msg: RedDotMsg.NAME_LONG },
      {
        rules: [manual('r-menu', 'nowhere', { target: { kind: 'menu', key: 'nowhere' } })],
        msg: RedDotMsg.MENU_UNKNOWN,
      },
      { rules: [manual('same', 'grade_manage'), manual('same', 'leave')], msg: RedDotMsg.RULE_DUPLICATE },
      { rules: [manual('r-cnt', 'grade_manage', { style: 'count' })], msg: RedDotMsg.MANUAL_STYLE },
      { rules: [manual('r-date', 'grade_manage', { endDate: '2026/12/01' })], msg: RedDotMsg.END_DATE_BAD },
      { rules: [manual('r-type', 'grade_manage', { enabled: 'yes' })], msg: undefined },
    ]
    for (const b of bad) {
      const r = await call(t, {
        url: `${C}/setRedotMsgConfig`,
        token: s.schoolAdmin,
        body: { value: { rules: b.rules } },
      })
      expect(r.code).not.toBe(0)
      if (b.msg) expect(r.msg).toContain(b.msg)
      else expect(r.msg).toMatch(/[\u4e00-\u9fa5]/)
    }
    expect((await call(t, { url: `${C}/getRedotMsgConfig`, token: s.schoolAdmin })).data).toMatchObject({
      source: 'default',
      enabled: true,
    })
  })

  it('counts pending join requests only for a holder of the join-audit code in that org', async () => {
    const applicants = [
      await makePerson(t, w.tenantId, { memberships: [{ orgId: w.school2Id, userType: UserType.STAFF, roleIds: [] }] }),
      await makePerson(t, w.tenantId, { memberships: [{ orgId: w.school2Id, userType: UserType.STAFF, roleIds: [] }] }),
    ]
    await t.db.tenant(w.tenantId, (trx) =>
      trx
        .insertInto('join_request')
        .values(
          applicants.map((a) => ({
            org_id: w.schoolId,
            account_id: a.accountId,
            user_type: UserType.STAFF,
            true_name: '申请人',
            phone: null,
            reason: null,
            decided_by: null,
            decided_at: null,
            refuse_reason: null,
          })),
        )
        .execute(),
    )
    // The built-in rule marks 人员管理 with the count.
    expect(await dotOn(s.schoolAdmin, 'people_manage')).toMatchObject({ kind: 'app', count: 2, dot: false })
    // A teacher lacks the code (and the app); the other school's admin sees only their own org's requests.
    expect(await dotOn(s.teacher, 'people_manage')).toBeUndefined()
    expect(await dotOn(s.school2Admin, 'people_manage')).toBeUndefined()
    // Another tenant sees nothing of it.
    expect(await dotOn(other.staff.schoolAdmin, 'people_manage')).toBeUndefined()
  })

  it('a manual dot shows to whoever may open the app until they open it once, and ends on its end date', async () => {
    const rules = [
      manual('grade-new', 'grade_manage', { style: 'new' }),
      manual('people-dot', 'people_manage'),
      manual('leave-dated', 'leave', { endDate: '2026-11-02' }),
    ]
    expect(
      (await call(t, { url: `${C}/setRedotMsgConfig`, token: s.schoolAdmin, body: { value: { rules } } })).code,
    ).toBe(0)
    const teacher2 = await loginToken(
      t,
      (
        await makePerson(t, w.tenantId, {
          memberships: [{ orgId: w.schoolId, userType: UserType.STAFF, roleIds: [w.roles.teacher] }],
        })
      ).userName,
    )
    expect(await dotOn(s.teacher, 'grade_manage')).toMatchObject({ label: '新', count: 0 })
    expect(await dotOn(s.teacher, 'leave')).toMatchObject({ dot: true })
    // 人员管理 needs base_user_account, which a teacher lacks: no dot for them, a dot for the admin.
    expect(await dotOn(s.teacher, 'people_manage')).toBeUndefined()
    expect(await dotOn(s.schoolAdmin, 'people_manage')).toMatchObject({ dot: true })
    // Opening clears it for that teacher only.
    expect(
      (await call(t, { url: `${R}/open`, token: s.teacher, body: { kind: 'app', key: 'grade_manage' } })).data,
    ).toBe(1)
    expect(await dotOn(s.teacher, 'grade_manage')).toBeUndefined()
    expect(await dotOn(teacher2, 'grade_manage')).toMatchObject({ label: '新' })
    expect(
      (await call(t, { url: `${R}/open`, token: s.teacher, body: { kind: 'app', key: 'grade_manage' } })).data,
    ).toBe(0)
    // The end date passes (China time): the dated mark is gone.
    t.clock.advance(2 * 24 * 3600_000)
    expect(await dotOn(teacher2, 'leave')).toBeUndefined()
    expect(
      (await call(t, { url: `${R}/open`, token: s.teacher, body: { kind: 'app', key: 'bad key!' } })).code,
    ).not.toBe(0)
  })

  it('counts unread messages and complaints for the member only; switching rules off hides every dot', async () => {
    const reader = await makePerson(t, w.tenantId, {
      memberships: [{ orgId: w.schoolId, userType: UserType.STAFF, roleIds: [w.roles.teacher] }],
    })
    const readerToken = await loginToken(t, reader.userName)
    const rules = [
      {
        id: 'msg-count',
        name: '',
        target: { kind: 'menu', key: 'feedback' },
        source: 'messages',
        style: 'count',
        endDate: null,
        enabled: true,
      },
      {
        id: 'complaints',
        name: '',
        target: { kind: 'menu', key: 'portalAdmin' },
        source: 'complaints',
        style: 'dot',
        endDate: null,
        enabled: true,
      },
    ]
    expect(
      (await call(t, { url: `${C}/setRedotMsgConfig`, token: s.schoolAdmin, body: { value: { rules } } })).code,
    ).toBe(0)
    await t.db.tenant(w.tenantId, (trx) =>
      trx
        .insertInto('message')
        .values(
          [1, 2, 3].map((i) => ({
            account_id: reader.accountId,
            org_id: w.schoolId,
            event: 'test',
            title: `消息${i}`,
            content: '内容',
            created_at: t.clock.now(),
            read_at: i === 3 ? t.clock.now() : null,
          })),
        )
        .execute(),
    )
    expect(await dotOn(readerToken, 'feedback')).toMatchObject({ kind: 'menu', count: 2 })
    expect(await dotOn(s.teacher, 'feedback')).toBeUndefined()
    expect(await dotOn(s.schoolAdmin, 'feedback')).toBeUndefined()
    // No complaints pending: no dot on 门户管理; the teacher does not see that entry at all.
    expect(await dotOn(s.schoolAdmin, 'portalAdmin')).toBeUndefined()
    expect(
      (
        await call(t, {
          url: `${C}/setRedotMsgConfig`,
          token: s.schoolAdmin,
          body: { value: { enabled: false, rules } },
        })
      ).code,
    ).toBe(0)
    expect(await call(t, { url: `${R}/counts`, token: readerToken })).toMatchObject({
      code: 0,
      data: { enabled: false, dots: [] },
    })
  })

  it('a bureau rule reaches schools without their own; another tenant cannot read or write ours', async () => {
    const rules = [manual('bureau-grade', 'grade_manage')]
    expect(
      (await call(t, { url: `${C}/setRedotMsgConfig`, token: s.bureauAdmin, body: { value: { rules } } })).code,
    ).toBe(0)
    expect((await call(t, { url: `${C}/getRedotMsgConfig`, token: s.school2Admin })).data).toMatchObject({
      source: 'org',
      rules: [expect.objectContaining({ id: 'bureau-grade' })],
    })
    expect(await dotOn(s.school2Admin, 'grade_manage')).toMatchObject({ dot: true })
    // The first school keeps its own rules.
    expect((await call(t, { url: `${C}/getRedotMsgConfig`, token: s.teacher })).data.enabled).toBe(false)
    expect(
      (await call(t, { url: `${C}/getRedotMsgConfig?orgId=${w.schoolId}`, token: other.staff.schoolAdmin })).status,
    ).toBe(404)
    expect(
      (
        await call(t, {
          url: `${C}/setRedotMsgConfig`,
          token: other.staff.bureauAdmin,
          body: { orgId: w.schoolId, value: { rules: [] } },
        })
      ).status,
    ).toBe(404)
  })
})

describe('class home', () => {
  let classId: number
  let student: string
  let parent: string
  beforeAll(async () => {
    const st = await makePerson(t, w.tenantId, {
      trueName: '小明',
      memberships: [{ orgId: w.schoolId, userType: UserType.STUDENT, roleIds: [] }],
    })
    const pa = await makePerson(t, w.tenantId, {
      trueName: '小明家长',
      memberships: [{ orgId: w.schoolId, userType: UserType.PARENT, roleIds: [] }],
    })
    const head = await makePerson(t, w.tenantId, {
      trueName: '王老师',
      phone: '13800001111',
      memberships: [{ orgId: w.schoolId, userType: UserType.STAFF, roleIds: [w.roles.teacher] }],
    })
    classId = await t.db.tenant(w.tenantId, async (trx) => {
      const g = await trx
        .insertInto('grade')
        .values({
          org_id: w.schoolId,
          name: '一年级',
          entry_year: 2026,
          code: null,
          learn_period_id: null,
          archived_at: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
      const c = await trx
        .insertInto('school_class')
        .values({ org_id: w.schoolId, grade_id: g.id, name: '一年级(1)班', code: null, archived_at: null })
        .returning('id')
        .executeTakeFirstOrThrow()
      await trx.updateTable('user_info').set({ class_id: c.id }).where('id', '=', st.userInfoIds[0]!).execute()
      await trx
        .insertInto('parent_child')
        .values({ parent_id: pa.userInfoIds[0]!, child_id: st.userInfoIds[0]! })
        .execute()
      await trx
        .insertInto('class_teacher')
        .values({ class_id: c.id, user_info_id: head.userInfoIds[0]!, is_head: true })
        .execute()
      return c.id
    })
    student = await loginToken(t, st.userName)
    parent = await loginToken(t, pa.userName)
  })

  it('refuses the signed-out, saves only with the button code, and refuses bad input', async () => {
    expect((await call(t, { url: '/base/api/classHome/view' })).status).toBe(401)
    expect((await call(t, { url: `${C}/setClassHomeConfig`, token: s.teacher, body: { value: {} } })).status).toBe(403)
    const dup = await call(t, {
      url: `${C}/setClassHomeConfig`,
      token: s.schoolAdmin,
      body: { value: { blocks: [{ key: 'notices' }, { key: 'notices' }] } },
    })
    expect(dup).toMatchObject({ status: 400 })
    expect(dup.msg).toContain(RedDotMsg.BLOCK_DUPLICATE)
    expect(
      (
        await call(t, {
          url: `${C}/setClassHomeConfig`,
          token: s.schoolAdmin,
          body: { value: { timetableApp: 'a\u0000' } },
        })
      ).msg,
    ).toContain(InputMsg.ILLEGAL_CHARS)
    expect(
      (
        await call(t, {
          url: `${C}/setClassHomeConfig`,
          token: s.schoolAdmin,
          body: { value: { blocks: [{ key: 'photos' }] } },
        })
      ).code,
    ).not.toBe(0)
    expect(
      (
        await call(t, {
          url: `${C}/setClassHomeConfig`,
          token: other.staff.schoolAdmin,
          body: { orgId: w.schoolId, value: {} },
        })
      ).status,
    ).toBe(404)
    expect((await call(t, { url: `${C}/getClassHomeConfig`, token: s.schoolAdmin })).data.source).toBe('default')
  })

  it('shows a student and a parent their class, the head teacher, the timetable and class apps they may open', async () => {
    const v = (await call(t, { url: '/base/api/classHome/view', token: student })).data
    expect(v.classes).toEqual([
      expect.objectContaining({
        classId,
        className: '一年级(1)班',
        gradeName: '一年级',
        relation: 'student',
        studentCount: 1,
        headTeacher: { name: '王老师', phone: null },
      }),
    ])
    expect(v.timetable).toMatchObject({ uniqueId: 'course_center' })
    // 学生管理 is staff-only: not among a student's class apps.
    expect(v.apps.map((a: { uniqueId: string }) => a.uniqueId)).toEqual([
      'grade_manage',
      'archive_students',
      'exam_system',
    ])
    const p = (await call(t, { url: '/base/api/classHome/view', token: parent })).data
    expect(p.classes).toEqual([expect.objectContaining({ classId, relation: 'child' })])
    expect(p.timetable).toBeNull()
    // A teacher of no class sees none.
    expect((await call(t, { url: '/base/api/classHome/view', token: s.teacher })).data.classes).toEqual([])
  })

  it('follows the config: order, blocks off, the phone shown; a bureau config reaches the school', async () => {
    const value = {
      blocks: [
        { key: 'headTeacher', enabled: true },
        { key: 'classInfo', enabled: true },
        { key: 'classApps', enabled: false },
      ],
      showHeadTeacherPhone: true,
      timetableApp: 'grade_manage',
    }
    expect((await call(t, { url: `${C}/setClassHomeConfig`, token: s.bureauAdmin, body: { value } })).code).toBe(0)
    const v = (await call(t, { url: '/base/api/classHome/view', token: student })).data
    expect(v.config.source).toBe('org')
    // Blocks the list lacks are appended, off.
    expect(v.config.blocks.map((b: { key: string; enabled: boolean }) => `${b.key}:${b.enabled}`)).toEqual([
      'headTeacher:true',
      'classInfo:true',
      'classApps:false',
      'timetable:false',
      'notices:false',
    ])
    expect(v.classes[0].headTeacher).toEqual({ name: '王老师', phone: '13800001111' })
    expect(v.apps).toEqual([])
    expect(v.timetable).toBeNull()
  })
})

describe('outer portal limits', () => {
  const layout = (orgId: number, token?: string) =>
    call(t, { url: `/base/portal/module/getModuleLayout?homeKind=open&orgId=${orgId}`, token })
  it('refuses the signed-out, readers without sc_menhu_pc and writers without the button code', async () => {
    expect((await call(t, { url: `${O}/getLimitType` })).status).toBe(401)
    expect((await call(t, { url: `${O}/getLimitType`, token: s.teacher })).status).toBe(403)
    expect((await call(t, { url: `${O}/setLimitType`, token: s.teacher, body: { limitType: 1 } })).status).toBe(403)
    expect(await call(t, { url: `${O}/getLimitType`, token: s.schoolAdmin })).toMatchObject({
      code: 0,
      data: { orgId: w.schoolId, limitType: 0, source: 'default', fromOrgId: null },
    })
  })

  it('refuses bad input and other tenants, writing nothing', async () => {
    for (const body of [{ limitType: 3 }, { limitType: '1' }, { limitType: -1 }]) {
      const r = await call(t, { url: `${O}/setLimitType`, token: s.schoolAdmin, body })
      expect(r).toMatchObject({ status: 400 })
      expect(r.msg).toContain(OuterMsg.LIMIT_TYPE_BAD)
    }
    expect((await call(t, { url: `${O}/add`, token: s.schoolAdmin, body: { roleIds: [] } })).msg).toContain(
      OuterMsg.IDS_REQUIRED,
    )
    expect(
      (await call(t, { url: `${O}/selectRoleInfos?keyword=${encodeURIComponent('a\u0000')}`, token: s.schoolAdmin }))
        .msg,
    ).toContain(InputMsg.ILLEGAL_CHARS)
    // Another tenant's role, org or staff answer like missing ones.
    expect(
      (await call(t, { url: `${O}/add`, token: s.schoolAdmin, body: { roleIds: [other.world.roles.teacher] } })).status,
    ).toBe(404)
    expect(
      (
        await call(t, {
          url: `${O}/setLimitType`,
          token: other.staff.schoolAdmin,
          body: { orgId: w.schoolId, limitType: 1 },
        })
      ).status,
    ).toBe(404)
    expect(
      (await call(t, { url: `${O}/getLimitType?orgId=${w.schoolId}`, token: other.staff.bureauAdmin })).status,
    ).toBe(404)
    const otherStaff = await makePerson(t, other.world.tenantId, {
      memberships: [{ orgId: other.world.schoolId, userType: UserType.STAFF, roleIds: [] }],
    })
    expect(
      (
        await call(t, {
          url: `${O}/employee/set`,
          token: s.schoolAdmin,
          body: { userInfoIds: [otherStaff.userInfoIds[0]] },
        })
      ).msg,
    ).toBe(OuterMsg.STAFF_NOT_FOUND)
    expect((await call(t, { url: `${O}/getLimitType`, token: s.schoolAdmin })).data.source).toBe('default')
    expect((await call(t, { url: `${O}/select`, token: s.schoolAdmin })).data).toEqual([])
  })

  it('limit to roles: visitors get 401, members without the role 403, holders the portal; the school inherits the bureau', async () => {
    expect((await layout(w.schoolId)).code).toBe(0)
    expect((await call(t, { url: `${O}/setLimitType`, token: s.bureauAdmin, body: { limitType: 1 } })).code).toBe(0)
    const infos = (await call(t, { url: `${O}/selectRoleInfos`, token: s.bureauAdmin })).data as {
      roleId: number
      roleName: string
      selected: boolean
    }[]
    expect(infos.find((r) => r.roleId === w.roles.teacher)).toMatchObject({ roleName: '教师', selected: false })
    expect((await call(t, { url: `${O}/add`, token: s.bureauAdmin, body: { roleIds: [w.roles.teacher] } })).code).toBe(
      0,
    )
    expect((await call(t, { url: `${O}/getLimitType`, token: s.schoolAdmin })).data).toMatchObject({
      limitType: 1,
      source: 'inherited',
      fromOrgId: w.bureauId,
    })
    // Enforced where the open portal is answered.
    expect((await layout(w.schoolId)).status).toBe(401)
    expect((await layout(w.schoolId, s.school2Admin)).status).toBe(403)
    expect((await layout(w.schoolId, s.school2Admin)).msg).toBe(OuterMsg.DENIED)
    expect((await layout(w.schoolId, s.teacher)).code).toBe(0)
    expect((await call(t, { url: `${O}/mayOpen?orgId=${w.schoolId}`, token: s.teacher })).data).toEqual({
      orgId: w.schoolId,
      allowed: true,
      limitType: 1,
    })
    expect((await call(t, { url: `${O}/mayOpen?orgId=${w.schoolId}` })).data.allowed).toBe(false)
    // Someone of another tenant is a visitor here.
    expect((await call(t, { url: `${O}/mayOpen?orgId=${w.schoolId}`, token: other.staff.teacher })).data.allowed).toBe(
      false,
    )
    // Removing the role locks the teacher out too.
    const objs = (await call(t, { url: `${O}/select`, token: s.bureauAdmin })).data as { id: number }[]
    expect(
      (await call(t, { url: `${O}/delete`, token: s.bureauAdmin, body: { ids: objs.map((o) => o.id) } })).code,
    ).toBe(0)
    expect((await layout(w.schoolId, s.teacher)).status).toBe(403)
    expect((await call(t, { url: `${O}/delete`, token: s.bureauAdmin, body: { ids: [objs[0]!.id] } })).status).toBe(404)
  })

  it('limit to staff: only the listed person of the school may open it', async () => {
    const listed = await makePerson(t, w.tenantId, {
      trueName: '李老师',
      memberships: [{ orgId: w.schoolId, userType: UserType.STAFF, roleIds: [] }],
    })
    expect((await call(t, { url: `${O}/setLimitType`, token: s.schoolAdmin, body: { limitType: 2 } })).code).toBe(0)
    const cands = (
      await call(t, { url: `${O}/employee/candidates?keyword=${encodeURIComponent('李老师')}`, token: s.schoolAdmin })
    ).data
    expect(cands).toEqual([
      expect.objectContaining({ userInfoId: listed.userInfoIds[0], trueName: '李老师', orgName: '测试一小' }),
    ])
    expect(
      (
        await call(t, {
          url: `${O}/employee/set`,
          token: s.schoolAdmin,
          body: { userInfoIds: [listed.userInfoIds[0]] },
        })
      ).code,
    ).toBe(0)
    expect((await call(t, { url: `${O}/employee/select`, token: s.schoolAdmin })).data).toEqual([
      expect.objectContaining({ trueName: '李老师' }),
    ])
    const token = await loginToken(t, listed.userName)
    expect((await layout(w.schoolId, token)).code).toBe(0)
    expect((await layout(w.schoolId, s.teacher)).status).toBe(403)
    // The school's own setting wins over the bureau's role list; the other school still inherits the bureau.
    expect((await call(t, { url: `${O}/getLimitType`, token: s.school2Admin })).data).toMatchObject({
      limitType: 1,
      source: 'inherited',
    })
    expect((await call(t, { url: `${O}/employee/set`, token: s.schoolAdmin, body: { userInfoIds: [] } })).code).toBe(0)
    expect((await layout(w.schoolId, token)).status).toBe(403)
  })
})

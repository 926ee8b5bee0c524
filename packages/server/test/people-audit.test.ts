import { ErrorCode, PeopleMsg, UserType } from '@zhixiao/shared'
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
let foreign: string
let seq = 0
const phone = () => `135${String(process.pid % 10000).padStart(4, '0')}${String(++seq).padStart(4, '0')}`
const U = '/base/api/userInfo'

beforeAll(async () => {
  t = await createTestApp()
  w = await makeWorld(t)
  s = await staffOf(t, w)
  foreign = (await staffOf(t, await makeWorld(t))).bureauAdmin
})
afterAll(() => t.close())

async function dict(type: string, name: string) {
  return (await call(t, { url: '/base/api/dict/add', token: s.bureauAdmin, body: { dictType: type, name } }))
    .data as number
}

describe('change records (异动)', () => {
  it('a student moves class and a graduate is archived; both are listed with their types', async () => {
    const transfer = await dict('studentChangeType', '转班')
    const graduate = await dict('studentChangeType', '毕业')
    const g = (
      await call(t, { url: '/base/api/grade/add', token: s.schoolAdmin, body: { name: '2020级', entryYear: 2020 } })
    ).data
    const a = (await call(t, { url: '/base/api/class/add', token: s.schoolAdmin, body: { gradeId: g, name: '1班' } }))
      .data
    const b = (await call(t, { url: '/base/api/class/add', token: s.schoolAdmin, body: { gradeId: g, name: '2班' } }))
      .data
    const st = (
      await call(t, {
        url: `${U}/studentInfo/add`,
        token: s.schoolAdmin,
        body: { trueName: '异动生', jobNo: `Y${process.pid}`, classId: a },
      })
    ).data
    const moved = await call(t, {
      url: `${U}/change/add`,
      token: s.schoolAdmin,
      body: { userInfoId: st, changeTypeId: transfer, effect: 'move', toClassId: b, changedOn: '2026-11-20' },
    })
    expect(moved).toMatchObject({ code: 0, msg: '异动成功' })
    expect((await call(t, { url: `${U}/studentInfo/detail?id=${st}`, token: s.schoolAdmin })).data.classId).toBe(b)
    expect(
      (
        await call(t, {
          url: `${U}/change/add`,
          token: s.schoolAdmin,
          body: { userInfoId: st, changeTypeId: transfer, effect: 'move', changedOn: '2026-11-21' },
        })
      ).msg,
    ).toBe(PeopleMsg.MOVE_TARGET)
    await call(t, {
      url: `${U}/change/add`,
      token: s.schoolAdmin,
      body: { userInfoId: st, changeTypeId: graduate, effect: 'leave', changedOn: '2026-11-22', remark: '毕业' },
    })
    expect((await call(t, { url: `${U}/studentInfo/detail?id=${st}`, token: s.schoolAdmin })).data.archived).toBe(true)
    const page = await call(t, { url: `${U}/change/page`, token: s.schoolAdmin, body: { userType: UserType.STUDENT } })
    expect(
      page.data.list.map((r: { changeTypeName: string; fromName: string; toName: string | null }) => [
        r.changeTypeName,
        r.fromName,
        r.toName,
      ]),
    ).toEqual([
      ['毕业', '2班', null],
      ['转班', '1班', '2班'],
    ])
  })

  it('a teacher moves to another school in the bureau; a teacher type is refused for a student; a teacher without the code gets 403', async () => {
    const move = await dict('teacherChangeType', '调动')
    const id = (
      await call(t, {
        url: `${U}/teacherInfo/add`,
        token: s.bureauAdmin,
        body: { trueName: '调动老师', phone: phone(), orgId: w.schoolId },
      })
    ).data
    const r = await call(t, {
      url: `${U}/change/add`,
      token: s.bureauAdmin,
      body: { userInfoId: id, changeTypeId: move, effect: 'move', toOrgId: w.school2Id, changedOn: '2026-11-20' },
    })
    expect(r.code).toBe(0)
    expect(
      (await call(t, { url: `${U}/teacherInfo/page`, token: s.school2Admin, body: { keyword: '调动老师' } })).data
        .total,
    ).toBe(1)
    expect(
      (await call(t, { url: `${U}/teacherInfo/page`, token: s.schoolAdmin, body: { keyword: '调动老师' } })).data.total,
    ).toBe(0)
    expect(
      (
        await call(t, {
          url: `${U}/change/add`,
          token: s.teacher,
          body: { userInfoId: id, changeTypeId: move, effect: 'none', changedOn: '2026-11-20' },
        })
      ).status,
    ).toBe(403)
    expect(
      (
        await call(t, {
          url: `${U}/change/add`,
          token: foreign,
          body: { userInfoId: id, changeTypeId: move, effect: 'none', changedOn: '2026-11-20' },
        })
      ).status,
    ).toBe(404)
  })
})

describe('join audit', () => {
  it('a teacher applies to join a second school; its admin approves and the teacher can then choose it', async () => {
    const p = await makePerson(t, w.tenantId, {
      trueName: '申请老师',
      memberships: [{ orgId: w.schoolId, userType: UserType.STAFF, roleIds: [w.roles.teacher] }],
    })
    const token = await loginToken(t, p.userName)
    const applied = await call(t, { url: `${U}/joinAudit/apply`, token, body: { orgId: w.school2Id, reason: '兼课' } })
    expect(applied.code).toBe(0)
    expect(await call(t, { url: `${U}/joinAudit/apply`, token, body: { orgId: w.school2Id } })).toMatchObject({
      code: ErrorCode.CONFLICT,
      msg: PeopleMsg.REQUEST_PENDING,
    })
    expect(
      (await call(t, { url: `${U}/joinAudit/page`, token: s.schoolAdmin, body: { orgId: w.school2Id } })).status,
    ).toBe(404)
    const page = await call(t, { url: `${U}/joinAudit/page`, token: s.school2Admin, body: { status: 0 } })
    expect(page.data.list).toEqual([
      expect.objectContaining({ id: applied.data, trueName: '申请老师', reason: '兼课', status: 0 }),
    ])
    expect(
      (
        await call(t, {
          url: `${U}/joinAudit/decide`,
          token: s.school2Admin,
          body: { id: applied.data, approve: true },
        })
      ).msg,
    ).toBe('已通过')
    expect(
      (
        await call(t, {
          url: `${U}/joinAudit/decide`,
          token: s.school2Admin,
          body: { id: applied.data, approve: false },
        })
      ).msg,
    ).toBe(PeopleMsg.REQUEST_DONE)
    const orgs = await call(t, { url: '/base/api/account/user/orgs', token })
    expect(orgs.data.map((o: { displayName: string }) => o.displayName)).toEqual(['测试一小', '测试二中'])
  })
})

describe('search, key log and verify info', () => {
  it('the bureau finds people of its schools; a school admin only its own', async () => {
    await call(t, {
      url: `${U}/teacherInfo/add`,
      token: s.school2Admin,
      body: { trueName: '查找老师', phone: phone() },
    })
    const bureau = await call(t, { url: `${U}/searchPerson/page`, token: s.bureauAdmin, body: { keyword: '查找老师' } })
    expect(bureau.data.list).toEqual([
      expect.objectContaining({ trueName: '查找老师', orgName: '测试二中', userType: UserType.STAFF }),
    ])
    expect(
      (await call(t, { url: `${U}/searchPerson/page`, token: s.schoolAdmin, body: { keyword: '查找老师' } })).data
        .total,
    ).toBe(0)
    expect((await call(t, { url: `${U}/searchPerson/page`, token: s.teacher, body: {} })).status).toBe(403)
  })

  it('the key log lists deletes and password resets, not ordinary edits', async () => {
    const id = (
      await call(t, {
        url: `${U}/teacherInfo/add`,
        token: s.schoolAdmin,
        body: { trueName: '日志老师', phone: phone() },
      })
    ).data
    await call(t, { url: `${U}/teacherInfo/resetPassword`, token: s.schoolAdmin, body: { id } })
    await call(t, { url: `${U}/teacherInfo/delete`, token: s.schoolAdmin, body: { id } })
    const log = await call(t, {
      url: '/base/api/importantLog/page',
      token: s.bureauAdmin,
      body: { keyword: '日志老师' },
    })
    expect(log.data.list.map((r: { action: string; orgName: string }) => `${r.action}@${r.orgName}`)).toEqual([
      '删除@测试一小',
      '重置密码@测试一小',
    ])
    expect(
      (await call(t, { url: '/base/api/importantLog/page', token: s.school2Admin, body: { keyword: '日志老师' } })).data
        .total,
    ).toBe(0)
  })

  it('verify info: required fields come from the tenant config; saving fills them; a phone on file stays', async () => {
    await t.db.platform((trx) =>
      trx
        .updateTable('tenant')
        .set({
          config: JSON.stringify({ requiredInfoAfterLogin: true, requiredInfoFields: ['idCard', 'phone', 'sex'] }),
        })
        .where('id', '=', w.tenantId)
        .execute(),
    )
    const p = await makePerson(t, w.tenantId, {
      trueName: '核验老师',
      phone: '13800001111',
      memberships: [{ orgId: w.schoolId, userType: UserType.STAFF, roleIds: [w.roles.teacher] }],
    })
    const token = await loginToken(t, p.userName)
    const before = await call(t, { url: '/base/api/auth/checkRequiredInfoAfterLogin', token })
    expect(before.data).toMatchObject({
      checkPass: false,
      selectedFiledList: ['idCard', 'phone', 'sex'],
      detail: { userName: '核验老师', phone: '13800001111', idCard: null },
    })
    expect(
      (
        await call(t, {
          url: '/base/userInfo/teacherInfo/update/requiredInfoAfterLogin/info',
          token,
          body: { idCard: 'bad' },
        })
      ).msg,
    ).toBe('身份证号格式不正确')
    // An e-mail on file: the form does not name it, so saving must keep it (it used to wipe it).
    await t.db.tenant(w.tenantId, (trx) =>
      trx.insertInto('person').values({ account_id: p.accountId, email: 'hy@example.com' }).execute(),
    )
    const saved = await call(t, {
      url: '/base/userInfo/teacherInfo/update/requiredInfoAfterLogin/info',
      token,
      body: { userName: '核验老师', idCard: '11010519491231002X', phone: '13900002222' },
    })
    expect(saved.msg).toBe('保存成功')
    const kept = await t.db.tenant(w.tenantId, (trx) =>
      trx.selectFrom('person').select('email').where('account_id', '=', p.accountId).executeTakeFirst(),
    )
    expect(kept?.email).toBe('hy@example.com')
    const after = await call(t, { url: '/base/api/auth/checkRequiredInfoAfterLogin', token })
    expect(after.data).toMatchObject({
      checkPass: true,
      detail: { idCard: '11010519491231002X', sex: 1, phone: '13800001111' },
    })
  })

  it("verify info answers only on the spec's paths (000 §7.2, §7.5): a session is needed there, and the old account/verify/* doors are gone", async () => {
    const CHECK = '/base/api/auth/checkRequiredInfoAfterLogin'
    const SAVE = '/base/userInfo/teacherInfo/update/requiredInfoAfterLogin/info'
    expect(await call(t, { url: CHECK, token: s.teacher })).toMatchObject({ status: 200, code: 0 })
    expect((await call(t, { url: CHECK })).status).toBe(401)
    expect((await call(t, { url: SAVE, body: { sex: 1 } })).status).toBe(401)
    expect(await call(t, { url: '/base/api/account/verify/check', token: s.teacher })).toMatchObject({
      status: 404,
      code: ErrorCode.NOT_FOUND,
    })
    expect((await call(t, { url: '/base/api/account/verify/save', token: s.teacher, body: { sex: 1 } })).status).toBe(
      404,
    )
  })
})

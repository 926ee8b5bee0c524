import { ImportMsg, ImportStatus, Msg, ROLE_IMPORT_COLUMNS, RoleMsg, UserType } from '@zhixiao/shared'
import { TEACHER_COLUMNS } from '../src/modules/people/columns.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { importRunner } from '../src/modules/imports/runner.js'
import { ExcelMsg } from '../src/platform/excel.js'
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
import { readXlsx, upload, xlsx } from './xlsx.js'

let t: TestApp
let w: World
let s: Staff
let foreignAdmin: string
const A = '/base/api/account'
const L = '/base/api/commonImportLog'
const HEADER = ROLE_IMPORT_COLUMNS.map((c) => c.header)

beforeAll(async () => {
  t = await createTestApp()
  w = await makeWorld(t)
  s = await staffOf(t, w)
  foreignAdmin = (await staffOf(t, await makeWorld(t))).schoolAdmin
})
afterAll(() => t.close())

async function role(token: string, name: string, codes: string[]): Promise<number> {
  const id = (await call(t, { url: `${A}/addRole/batch`, token, body: { roles: [{ name }] } })).data[0] as number
  const orgId = (await call(t, { url: `${A}/getRoleById?id=${id}`, token })).data.orgId as number
  await call(t, { url: `${A}/associatedPermission`, token, body: { roleId: id, orgId, names: codes } })
  return id
}
async function finished(token: string, id: number) {
  await importRunner(t.ctx).idle()
  return (await call(t, { url: `${L}/log/detail?id=${id}`, token })).data
}
/** Role names of a person, as the permission query shows them. */
async function rolesOf(userInfoId: number): Promise<string[]> {
  return (await call(t, { url: `${A}/getPermissionsByAccountId?userInfoId=${userInfoId}`, token: s.schoolAdmin })).data
    .roles
}
const staff = (orgId: number, trueName: string, phone?: string) =>
  makePerson(t, w.tenantId, { trueName, phone, memberships: [{ orgId, userType: UserType.STAFF, roleIds: [] }] })

describe('role user import', () => {
  it('offers the template', async () => {
    const res = await t.app.inject({
      url: `${A}/downloadExcelTemplate`,
      headers: { authorization: `Bearer ${s.schoolAdmin}` },
    })
    expect(res.statusCode).toBe(200)
    expect((await readXlsx(res.rawPayload))[0]).toEqual(['登录名/手机号*', '姓名', '角色名称*'])
  })

  it('assigns people by login name or phone to roles by name; bad rows are listed with reasons and never half-applied', async () => {
    await role(s.schoolAdmin, '教研组长', ['base_school'])
    await role(s.schoolAdmin, '值周老师', [])
    const a = await staff(w.schoolId, '甲老师')
    const b = await staff(w.schoolId, '乙老师', '13900001111')
    const c = await staff(w.schoolId, '丙老师')
    const d = await staff(w.schoolId, '丁老师')
    const elsewhere = await staff(w.school2Id, '二中老师')
    const file = await xlsx(HEADER, [
      [a.userName, '甲老师', '教研组长、值周老师'],
      ['13900001111', '', '值周老师'],
      [c.userName, '', '教研组长，不存在的角色'],
      ['nobody_here', '', '教研组长'],
      [elsewhere.userName, '', '教研组长'],
      [d.userName, '别人', '教研组长'],
      [d.userName, '', ''],
    ])
    const started = await upload(t, `${A}/import`, s.schoolAdmin, file, '角色人员.xlsx')
    expect(started).toMatchObject({
      code: 0,
      msg: ImportMsg.STARTED,
      data: { fileName: '角色人员.xlsx', type: 'roleUser' },
    })
    const job = await finished(s.schoolAdmin, started.data.importLogId)
    expect(job).toMatchObject({ status: ImportStatus.DONE, totalCount: 7, successCount: 2, failCount: 5 })

    expect(await rolesOf(a.userInfoIds[0]!)).toEqual(['教研组长', '值周老师'])
    expect(await rolesOf(b.userInfoIds[0]!)).toEqual(['值周老师'])
    // The row naming one unknown role gave neither.
    expect(await rolesOf(c.userInfoIds[0]!)).toEqual([])
    expect(await rolesOf(d.userInfoIds[0]!)).toEqual([])

    const errors = await t.app.inject({
      url: `${L}/log/errors?id=${job.importLogId}`,
      headers: { authorization: `Bearer ${s.schoolAdmin}` },
    })
    const rows = await readXlsx(errors.rawPayload)
    expect(rows.slice(1).map((r) => [r[0], r.at(-1)])).toEqual([
      ['4', '角色不存在：不存在的角色'],
      ['5', '本机构中没有该人员：nobody_here'],
      ['6', `本机构中没有该人员：${elsewhere.userName}`],
      ['7', '姓名与账号不一致：丁老师'],
      ['8', '请填写角色名称'],
    ])
    const logs = await call(t, { url: `${L}/log/page`, token: s.schoolAdmin, body: { type: 'roleUser' } })
    expect(logs.data.list.map((l: { importLogId: number }) => l.importLogId)).toEqual([job.importLogId])
    // Importing the same file again changes nothing for the rows already applied.
    const again = await upload(t, `${A}/import`, s.schoolAdmin, file, '角色人员.xlsx')
    expect(await finished(s.schoolAdmin, again.data.importLogId)).toMatchObject({ successCount: 2, failCount: 5 })
    expect(await rolesOf(a.userInfoIds[0]!)).toEqual(['教研组长', '值周老师'])
    const ops = await t.db.tenant(w.tenantId, (trx) =>
      trx
        .selectFrom('operation_log')
        .select(['action', 'detail'])
        .where('action', '=', '导入关联人员')
        .orderBy('id')
        .execute(),
    )
    expect(ops[0]!.detail).toEqual({
      after: [
        { person: '甲老师', roles: ['教研组长', '值周老师'] },
        { person: '乙老师', roles: ['值周老师'] },
      ],
    })
  })

  it('refuses, row by row, roles richer than the uploader (the admin role included)', async () => {
    // No 人员管理 code: the deputy follows role imports in the log and never sees the people imports.
    const deputyRole = await role(s.schoolAdmin, '导入副管理员', ['permission_role', 'base_school'])
    const deputy = await makePerson(t, w.tenantId, {
      memberships: [{ orgId: w.schoolId, userType: UserType.STAFF, roleIds: [deputyRole] }],
    })
    const token = await loginToken(t, deputy.userName)
    await role(s.schoolAdmin, '日志管理员', ['permission_operation_log'])
    await role(s.schoolAdmin, '年级管理', ['base_school'])
    const p = await staff(w.schoolId, '戊老师')
    const file = await xlsx(HEADER, [
      [p.userName, '', '管理员'],
      [p.userName, '', '日志管理员'],
      [p.userName, '', '年级管理'],
    ])
    const job = await finished(token, (await upload(t, `${A}/import`, token, file)).data.importLogId)
    expect(job).toMatchObject({ successCount: 1, failCount: 2 })
    expect(await rolesOf(p.userInfoIds[0]!)).toEqual(['年级管理'])
    const rows = await readXlsx(
      (
        await t.app.inject({
          url: `${L}/log/errors?id=${job.importLogId}`,
          headers: { authorization: `Bearer ${token}` },
        })
      ).rawPayload,
    )
    expect(rows.slice(1).map((r) => r.at(-1))).toEqual([RoleMsg.BEYOND_OWN, RoleMsg.BEYOND_OWN])

    const teachers = await upload(
      t,
      '/base/api/userInfo/teacherInfo/importExcel',
      s.schoolAdmin,
      await xlsx(
        TEACHER_COLUMNS.map((c) => c.header),
        [['庚老师']],
      ),
    )
    const peopleJob = teachers.data.importLogId as number
    const seen = await call(t, { url: `${L}/log/page`, token, body: {} })
    expect(seen.data.list.map((l: { type: string }) => l.type)).not.toContain('teacher')
    expect(seen.data.list.map((l: { importLogId: number }) => l.importLogId)).toContain(job.importLogId)
    expect((await call(t, { url: `${L}/log/detail?id=${peopleJob}`, token })).status).toBe(404)
    // The people admin sees it; a 人员管理-only admin does not see the role import.
    expect((await call(t, { url: `${L}/log/detail?id=${peopleJob}`, token: s.schoolAdmin })).status).toBe(200)
    const peopleOnly = await role(s.schoolAdmin, '人员管理员', ['base_user_account'])
    const clerk = await loginToken(
      t,
      (
        await makePerson(t, w.tenantId, {
          memberships: [{ orgId: w.schoolId, userType: UserType.STAFF, roleIds: [peopleOnly] }],
        })
      ).userName,
    )
    expect((await call(t, { url: `${L}/log/detail?id=${job.importLogId}`, token: clerk })).status).toBe(404)
    expect((await call(t, { url: `${L}/log/detail?id=${peopleJob}`, token: clerk })).status).toBe(200)
  })

  it("another tenant's import cannot reach this tenant's people or roles", async () => {
    const p = await staff(w.schoolId, '己老师')
    await role(s.schoolAdmin, '本区角色', [])
    const job = await finished(
      foreignAdmin,
      (await upload(t, `${A}/import`, foreignAdmin, await xlsx(HEADER, [[p.userName, '', '本区角色']]))).data
        .importLogId,
    )
    expect(job).toMatchObject({ successCount: 0, failCount: 1 })
    expect(await rolesOf(p.userInfoIds[0]!)).toEqual([])
    expect((await call(t, { url: `${L}/log/detail?id=${job.importLogId}`, token: s.schoolAdmin })).status).toBe(404)
  })

  it('checks the file at once, and refuses without a session or permission_role', async () => {
    const bad = await upload(t, `${A}/import`, s.schoolAdmin, Buffer.from('not a workbook'), 'x.xlsx')
    expect(bad.msg).toBe(ExcelMsg.NOT_EXCEL)
    const wrong = await upload(t, `${A}/import`, s.schoolAdmin, await xlsx(['姓名', '手机号'], [['a', 'b']]))
    expect(wrong.msg).toBe(ExcelMsg.BAD_HEADER)
    const file = await xlsx(HEADER, [['x', '', 'y']])
    expect(await upload(t, `${A}/import`, s.teacher, file)).toMatchObject({ status: 403, msg: Msg.NO_PERMISSION })
    expect((await t.app.inject({ url: `${A}/downloadExcelTemplate` })).statusCode).toBe(401)
    expect(
      (await t.app.inject({ url: `${A}/downloadExcelTemplate`, headers: { authorization: `Bearer ${s.teacher}` } }))
        .statusCode,
    ).toBe(403)
  })
})

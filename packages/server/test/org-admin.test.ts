import { ErrorCode, Msg, OrgMsg } from '@zhixiao/shared'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { call, createTestApp, makeWorld, staffOf, type TestApp, type World } from './helpers.js'

let t: TestApp
let w: World
let other: World
let bureauAdmin: string
let schoolAdmin: string
let teacher: string
let foreignAdmin: string

const O = '/base/api/organizationUnit'

beforeAll(async () => {
  t = await createTestApp()
  w = await makeWorld(t)
  other = await makeWorld(t)
  ;({ bureauAdmin, schoolAdmin, teacher } = await staffOf(t, w))
  foreignAdmin = (await staffOf(t, other)).bureauAdmin
})
afterAll(() => t.close())

describe('organisation setup', () => {
  it('all lists the caller org and below: the bureau sees three, a school only itself', async () => {
    const bureau = await call(t, { url: `${O}/all`, token: bureauAdmin })
    expect(bureau.data.map((o: { orgId: number }) => o.orgId).sort()).toEqual(
      [w.bureauId, w.schoolId, w.school2Id].sort(),
    )
    const school = await call(t, { url: `${O}/all`, token: schoolAdmin })
    expect(school.data.map((o: { orgId: number }) => o.orgId)).toEqual([w.schoolId])
    expect((await call(t, { url: `${O}/all` })).status).toBe(401)
  })

  it('add creates a school and a department, inheriting trade and unit attribute', async () => {
    const add = await call(t, {
      url: `${O}/add`,
      token: bureauAdmin,
      body: { parentId: w.bureauId, name: '新建三小', orgCode: 'NEW-003', unitAttr: 8, appType: 1 },
    })
    expect(add).toMatchObject({ code: 0, msg: '新增成功' })
    const schoolId = add.data as number
    const dept = await call(t, {
      url: `${O}/add`,
      token: bureauAdmin,
      body: { parentId: schoolId, name: '教务处', orgType: 'depart' },
    })
    expect(dept.code).toBe(0)
    const subs = await call(t, { url: `${O}/listSubOrgAll?orgId=${schoolId}`, token: bureauAdmin })
    expect(subs.data).toEqual([
      expect.objectContaining({ orgId: dept.data, name: '教务处', orgType: 'depart', unitAttr: 8, parentId: schoolId }),
    ])
  })

  it('refuses a duplicate sibling name and a duplicate code, writing nothing', async () => {
    const dupName = await call(t, {
      url: `${O}/add`,
      token: bureauAdmin,
      body: { parentId: w.bureauId, name: '测试一小', unitAttr: 8 },
    })
    expect(dupName).toMatchObject({ code: ErrorCode.CONFLICT, msg: OrgMsg.NAME_TAKEN })
    await call(t, {
      url: `${O}/add`,
      token: bureauAdmin,
      body: { parentId: w.bureauId, name: '编码学校', orgCode: 'DUP-1', unitAttr: 8 },
    })
    const dupCode = await call(t, {
      url: `${O}/add`,
      token: bureauAdmin,
      body: { parentId: w.bureauId, name: '另一所', orgCode: 'DUP-1', unitAttr: 8 },
    })
    expect(dupCode).toMatchObject({ code: ErrorCode.CONFLICT, msg: OrgMsg.CODE_TAKEN })
    const found = await call(t, { url: `${O}/findOrgByName`, token: bureauAdmin, body: { name: '另一所' } })
    expect(found.data).toEqual([])
  })

  it('validates input with Chinese messages', async () => {
    const noName = await call(t, { url: `${O}/add`, token: bureauAdmin, body: { parentId: w.bureauId, name: '  ' } })
    expect(noName).toMatchObject({ status: 400, msg: '请输入机构名称' })
    const missingParent = await call(t, {
      url: `${O}/add`,
      token: bureauAdmin,
      body: { parentId: 99999999, name: '孤儿' },
    })
    expect(missingParent.msg).toBe(OrgMsg.PARENT_MISSING)
  })

  it('delete refuses an org with members or children; checkOrgHasMembers says why', async () => {
    expect((await call(t, { url: `${O}/checkOrgHasMembers?orgId=${w.schoolId}`, token: bureauAdmin })).data).toBe(true)
    const withMembers = await call(t, { url: `${O}/delete/new?orgId=${w.schoolId}`, token: bureauAdmin })
    expect(withMembers).toMatchObject({ code: ErrorCode.CONFLICT, msg: OrgMsg.HAS_MEMBERS })

    const parent = (
      await call(t, {
        url: `${O}/add`,
        token: bureauAdmin,
        body: { parentId: w.bureauId, name: '有下级', unitAttr: 8 },
      })
    ).data
    const child = (
      await call(t, {
        url: `${O}/add`,
        token: bureauAdmin,
        body: { parentId: parent, name: '下级部门', orgType: 'depart' },
      })
    ).data
    expect(await call(t, { url: `${O}/delete/new?orgId=${parent}`, token: bureauAdmin })).toMatchObject({
      msg: OrgMsg.HAS_CHILDREN,
    })
    expect(await call(t, { url: `${O}/delete/new?orgId=${child}`, token: bureauAdmin })).toMatchObject({
      code: 0,
      msg: '删除成功',
    })
    expect(await call(t, { url: `${O}/delete/new?orgId=${parent}`, token: bureauAdmin })).toMatchObject({ code: 0 })
    expect((await call(t, { url: `${O}/get?orgId=${parent}`, token: bureauAdmin })).status).toBe(404)
  })

  it('edit and status toggle, but never on the own org', async () => {
    const id = (
      await call(t, {
        url: `${O}/add`,
        token: bureauAdmin,
        body: { parentId: w.bureauId, name: '待编辑', unitAttr: 8 },
      })
    ).data
    expect(
      (
        await call(t, {
          url: `${O}/update`,
          token: bureauAdmin,
          body: { orgId: id, name: '已编辑', address: '人民路1号' },
        })
      ).code,
    ).toBe(0)
    expect((await call(t, { url: `${O}/status/new?orgId=${id}&status=1`, token: bureauAdmin })).msg).toBe('停用成功')
    const page = await call(t, {
      url: `${O}/listPage`,
      token: bureauAdmin,
      body: { pageIndex: 1, pageSize: 10, keyword: '已编辑' },
    })
    expect(page.data).toMatchObject({
      total: 1,
      list: [{ orgId: id, name: '已编辑', address: '人民路1号', status: 1 }],
    })
    expect((await call(t, { url: `${O}/status/new?orgId=${w.bureauId}&status=1`, token: bureauAdmin })).msg).toBe(
      OrgMsg.OWN_ORG,
    )
  })

  it('a school admin cannot touch a sibling school; it answers 404 like a missing org', async () => {
    const r = await call(t, { url: `${O}/update`, token: schoolAdmin, body: { orgId: w.school2Id, name: '被改名' } })
    expect(r).toMatchObject({ status: 404, code: 404 })
    expect(
      (
        await call(t, {
          url: `${O}/add`,
          token: schoolAdmin,
          body: { parentId: w.school2Id, name: '越权部门', orgType: 'depart' },
        })
      ).status,
    ).toBe(404)
    expect((await call(t, { url: `${O}/listPage`, token: schoolAdmin, body: { parentId: w.bureauId } })).status).toBe(
      404,
    )
  })

  it('a teacher without the page or button codes gets 403 on every write and the page list', async () => {
    for (const c of [
      { url: `${O}/listPage`, body: {} },
      { url: `${O}/add`, body: { parentId: w.schoolId, name: 'x', orgType: 'depart' } },
      { url: `${O}/update`, body: { orgId: w.schoolId, name: 'x' } },
      { url: `${O}/status/new?orgId=${w.schoolId}&status=1` },
      { url: `${O}/delete/new?orgId=${w.schoolId}` },
      { url: `${O}/checkOrgHasMembers?orgId=${w.schoolId}` },
    ]) {
      const r = await call(t, { ...c, token: teacher })
      expect(r, c.url).toMatchObject({ status: 403, code: 403, msg: Msg.NO_PERMISSION })
    }
  })

  it("another tenant's admin sees none of these orgs", async () => {
    const r = await call(t, { url: `${O}/update`, token: foreignAdmin, body: { orgId: w.schoolId, name: '跨租户' } })
    expect(r.status).toBe(404)
    expect((await call(t, { url: `${O}/delete/new?orgId=${w.school2Id}`, token: foreignAdmin })).status).toBe(404)
    const found = await call(t, { url: `${O}/findOrgByName`, token: foreignAdmin, body: { name: '测试一小' } })
    expect(found.data.map((o: { orgId: number }) => o.orgId)).toEqual([other.schoolId])
  })
})

describe('organisation and department types', () => {
  const T = '/base/api/orgType'
  it('the top org admin adds, lists, edits, toggles and deletes types; an org of a type takes its unit attribute', async () => {
    const add = await call(t, {
      url: `${T}/add`,
      token: bureauAdmin,
      body: { kind: 'org', name: '九年一贯制学校', code: 'JN', unitAttr: 9 },
    })
    expect(add.code).toBe(0)
    const typeId = add.data as number
    expect(
      (await call(t, { url: `${T}/add`, token: bureauAdmin, body: { kind: 'org', name: '九年一贯制学校' } })).msg,
    ).toBe('类型名称已存在')
    // The same name is fine for the other kind.
    expect(
      (await call(t, { url: `${T}/add`, token: bureauAdmin, body: { kind: 'depart', name: '九年一贯制学校' } })).code,
    ).toBe(0)

    expect((await call(t, { url: `${O}/getOrgUnitAttrByType?typeId=${typeId}`, token: bureauAdmin })).data).toBe(9)
    const org = await call(t, {
      url: `${O}/add`,
      token: bureauAdmin,
      body: { parentId: w.bureauId, name: '一贯制学校', typeId },
    })
    const row = (await call(t, { url: `${O}/listSubOrgAll?orgId=${w.bureauId}`, token: bureauAdmin })).data.find(
      (o: { orgId: number }) => o.orgId === org.data,
    )
    expect(row).toMatchObject({ typeId, typeName: '九年一贯制学校', unitAttr: 9 })

    const page = await call(t, { url: `${T}/page`, token: bureauAdmin, body: { kind: 'org' } })
    expect(page.data.list).toEqual([
      expect.objectContaining({ id: typeId, name: '九年一贯制学校', unitAttr: 9, orgCount: 1 }),
    ])
    expect((await call(t, { url: `${T}/delete`, token: bureauAdmin, body: { id: typeId } })).msg).toBe(
      '该类型已被机构使用，无法删除',
    )
    expect((await call(t, { url: `${T}/update`, token: bureauAdmin, body: { id: typeId, name: '一贯制' } })).code).toBe(
      0,
    )
    expect((await call(t, { url: `${T}/updateStatus`, token: bureauAdmin, body: { id: typeId, status: 1 } })).msg).toBe(
      '停用成功',
    )
  })

  it('a school admin may read but not change tenant-wide types; another tenant cannot reach them', async () => {
    const id = (await call(t, { url: `${T}/add`, token: bureauAdmin, body: { kind: 'depart', name: '教研组' } })).data
    expect((await call(t, { url: `${T}/page`, token: schoolAdmin, body: { kind: 'depart' } })).code).toBe(0)
    const denied = await call(t, { url: `${T}/update`, token: schoolAdmin, body: { id, name: '改' } })
    expect(denied).toMatchObject({ status: 403, msg: '仅顶级机构的管理员可维护此设置' })
    expect((await call(t, { url: `${T}/delete`, token: foreignAdmin, body: { id } })).status).toBe(404)
    expect((await call(t, { url: `${T}/page`, token: teacher, body: { kind: 'org' } })).status).toBe(403)
    expect((await call(t, { url: `${T}/page`, body: { kind: 'org' } })).status).toBe(401)
  })
})

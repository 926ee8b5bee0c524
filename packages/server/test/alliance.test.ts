import { AllianceMsg, AllianceStatus, ErrorCode, Msg, UserType, type AllianceMemberRow } from '@zhixiao/shared'
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
import { readXlsx, upload, xlsx } from './xlsx.js'

let t: TestApp
let w: World
let s: Staff
let fw: World
let f: Staff
let allianceId: number
let closedForeignAlliance: number

const J = '/base/api/juxiao'
const pending = async (token: string, orgId: number, status: number = AllianceStatus.AUDITING) => {
  const r = await call(t, {
    url: '/base/api/organizationUnit/getAllianceSchoolMemberOrgList',
    token,
    body: { orgId, status },
  })
  expect(r.code, r.msg).toBe(0)
  return r.data.list as AllianceMemberRow[]
}

beforeAll(async () => {
  t = await createTestApp()
  w = await makeWorld(t)
  s = await staffOf(t, w)
  fw = await makeWorld(t)
  f = await staffOf(t, fw)
  const r = await call(t, {
    url: `${J}/registerPage`,
    token: s.bureauAdmin,
    body: { name: '城东教育联盟', intro: '城东学校携手', needAudit: true, openToTenants: true },
  })
  expect(r.code, r.msg).toBe(0)
  expect(r.msg).toBe(AllianceMsg.FOUNDED)
  allianceId = r.data.orgId
  const closed = await call(t, {
    url: `${J}/registerPage`,
    token: f.bureauAdmin,
    body: { name: '外区内部联盟', needAudit: true, openToTenants: false },
  })
  expect(closed.code, closed.msg).toBe(0)
  closedForeignAlliance = closed.data.orgId
})
afterAll(() => t.close())

describe('alliance: access rules', () => {
  it('401 without a session on reads and writes', async () => {
    for (const url of [
      `${J}/getRootOrg`,
      `${J}/getJoinedAndAuditingList`,
      `${J}/getAllParentOrgList`,
      `${J}/checkIsAdmin`,
      `${J}/getJuxiaoSetting?orgId=${allianceId}`,
    ]) {
      const r = await call(t, { url })
      expect(r.status, url).toBe(401)
      expect(r.code).toBe(ErrorCode.UNAUTHORIZED)
    }
    expect((await call(t, { url: `${J}/applyJoin`, body: { allianceOrgId: allianceId } })).status).toBe(401)
    expect((await call(t, { url: `${J}/registerPage`, body: { name: 'x' } })).status).toBe(401)
  })

  it('403 without the code: a teacher may neither found, apply, approve nor import', async () => {
    for (const [url, body] of [
      [`${J}/registerPage`, { name: '教师联盟' }],
      [`${J}/applyJoin`, { allianceOrgId: allianceId }],
      [`${J}/approve`, { id: 1 }],
      [`${J}/leave`, { allianceOrgId: allianceId }],
      ['/base/api/organizationUnit/getAllianceSchoolMemberOrgList', { orgId: allianceId }],
    ] as const) {
      const r = await call(t, { url, token: s.teacher, body })
      expect(r.status, url).toBe(403)
      expect(r.msg).toBe(Msg.NO_PERMISSION)
    }
  })

  it('bad input: Chinese message and a non-success code', async () => {
    for (const body of [
      { name: '' },
      { name: 'x'.repeat(51) },
      { name: '联盟\u0000' },
      { name: '联\n盟' },
      { name: '联盟', parentId: 'abc' },
    ]) {
      const r = await call(t, { url: `${J}/registerPage`, token: s.bureauAdmin, body })
      expect(r.code, JSON.stringify(body)).not.toBe(0)
      expect(r.msg).toMatch(/[\u4e00-\u9fa5]/)
    }
    const img = await call(t, {
      url: `${J}/saveOrgBackgroundImage`,
      token: s.bureauAdmin,
      body: { orgId: allianceId, images: ['javascript:alert(1)'] },
    })
    expect(img.code).not.toBe(0)
    expect(img.msg).toBe(AllianceMsg.IMAGE_HTTP)
    const app = await call(t, {
      url: `${J}/setJuxiaoSetting`,
      token: s.bureauAdmin,
      body: { orgId: allianceId, apps: [{ name: '教研', url: 'data:text/html,x' }] },
    })
    expect(app.msg).toBe(AllianceMsg.APP_HTTP)
    const q = await call(t, { url: `${J}/getJuxiaoSetting?orgId=abc`, token: s.bureauAdmin })
    expect(q.code).not.toBe(0)
    expect(q.msg).toMatch(/[\u4e00-\u9fa5]/)
    const dup = await call(t, { url: `${J}/registerPage`, token: s.bureauAdmin, body: { name: '城东教育联盟' } })
    expect(dup.msg).toBe(AllianceMsg.NAME_TAKEN)
  })

  it('the alliance is an org marked allianceSchool with unit attribute 8; its founder administers it', async () => {
    const org = await call(t, { url: `/base/api/organizationUnit/get?orgId=${allianceId}`, token: s.bureauAdmin })
    expect(org.code, org.msg).toBe(0)
    expect(org.data).toMatchObject({ unitAttr: 8, allianceSchool: true })
    expect((await call(t, { url: `${J}/checkIsAdmin?orgId=${allianceId}`, token: s.bureauAdmin })).data).toBe(true)
    expect((await call(t, { url: `${J}/checkIsAdmin`, token: s.bureauAdmin })).data).toBe(true)
    expect((await call(t, { url: `${J}/checkIsAdmin?orgId=${allianceId}`, token: s.schoolAdmin })).data).toBe(false)
    expect((await call(t, { url: `${J}/checkIsAdmin?orgId=${allianceId}`, token: f.bureauAdmin })).data).toBe(false)
    const saved = await call(t, {
      url: `${J}/setJuxiaoSetting`,
      token: s.bureauAdmin,
      body: {
        orgId: allianceId,
        intro: '城东学校携手共进',
        culture: '共建共享',
        needAudit: true,
        openToTenants: true,
        apps: [{ name: '联盟教研', url: 'https://jy.example.com' }],
      },
    })
    expect(saved.code, saved.msg).toBe(0)
    const img = await call(t, {
      url: `${J}/saveOrgBackgroundImage`,
      token: s.bureauAdmin,
      body: { orgId: allianceId, images: ['https://img.example.com/1.png', 'https://img.example.com/2.png'] },
    })
    expect(img.code, img.msg).toBe(0)
    expect(img.data).toHaveLength(2)
    // Another school's admin holds the code but does not run this alliance; another tenant does not even see it.
    const other = await call(t, { url: `${J}/setJuxiaoSetting`, token: s.school2Admin, body: { orgId: allianceId } })
    expect(other.status).toBe(403)
    expect(other.msg).toBe(AllianceMsg.NOT_ADMIN)
    const foreign = await call(t, { url: `${J}/setJuxiaoSetting`, token: f.bureauAdmin, body: { orgId: allianceId } })
    expect(foreign.code).toBe(ErrorCode.NOT_FOUND)
    expect(foreign.msg).toBe(AllianceMsg.NOT_FOUND)
  })

  it('the alliance header is saved on the alliance org by its admins, and is what the alliance portal reads', async () => {
    const header = { sysName: '城东联盟门户', culturalPurpose: 1, culturalPurposeContent: '携手共进', menuShowNum: 2 }
    const saved = await call(t, {
      url: `${J}/saveHeaderConfig`,
      token: s.bureauAdmin,
      body: { orgId: allianceId, value: header },
    })
    expect(saved.code, saved.msg).toBe(0)
    const read = await call(t, { url: `/base/configMgr/getAllianceSchoolMHSysConfig?orgId=${allianceId}` })
    expect(read.data).toMatchObject({ ...header, orgId: allianceId, source: 'org' })
    // The bureau's own alliance header value is untouched (it is another org's row).
    expect(
      (await call(t, { url: `/base/configMgr/getAllianceSchoolMHSysConfig?orgId=${w.bureauId}` })).data.sysName,
    ).not.toBe('城东联盟门户')
    expect(
      (
        await call(t, {
          url: `${J}/saveHeaderConfig`,
          token: s.school2Admin,
          body: { orgId: allianceId, value: header },
        })
      ).msg,
    ).toBe(AllianceMsg.NOT_ADMIN)
    expect(
      (
        await call(t, {
          url: `${J}/saveHeaderConfig`,
          token: f.bureauAdmin,
          body: { orgId: allianceId, value: header },
        })
      ).msg,
    ).toBe(AllianceMsg.NOT_FOUND)
    expect(
      (await call(t, { url: `${J}/saveHeaderConfig`, token: s.teacher, body: { orgId: allianceId, value: header } }))
        .status,
    ).toBe(403)
    expect((await call(t, { url: `${J}/saveHeaderConfig`, body: { orgId: allianceId, value: header } })).status).toBe(
      401,
    )
    const bad = await call(t, {
      url: `${J}/saveHeaderConfig`,
      token: s.bureauAdmin,
      body: { orgId: allianceId, value: { sysName: 'x'.repeat(31) } },
    })
    expect(bad.status).toBe(400)
    expect(bad.msg).toMatch(/[\u4e00-\u9fa5]/)
  })
})

describe('alliance: life cycle', () => {
  let localApp: number
  let foreignApp: number

  it('a school of the tenant and a school of another tenant find and apply to the open alliance', async () => {
    const list = await call(t, { url: `${J}/getAllParentOrgList`, token: s.schoolAdmin })
    expect(list.data.map((a: { orgId: number }) => a.orgId)).toContain(allianceId)
    expect(list.data.map((a: { orgId: number }) => a.orgId)).not.toContain(closedForeignAlliance)
    const flist = await call(t, { url: `${J}/getAllParentOrgList`, token: f.schoolAdmin })
    expect(flist.data.find((a: { orgId: number }) => a.orgId === allianceId)).toMatchObject({
      sameTenant: false,
      tenantName: expect.any(String),
    })
    // A closed alliance of another tenant cannot be applied to, nor confirmed to exist.
    const closed = await call(t, {
      url: `${J}/applyJoin`,
      token: s.schoolAdmin,
      body: { allianceOrgId: closedForeignAlliance },
    })
    expect(closed.code).toBe(ErrorCode.NOT_FOUND)
    // Before joining, the alliance's content is closed.
    expect((await call(t, { url: `${J}/getJuxiaoSetting?orgId=${allianceId}`, token: s.teacher })).code).toBe(
      ErrorCode.NOT_FOUND,
    )

    const a = await call(t, {
      url: `${J}/applyJoin`,
      token: s.schoolAdmin,
      body: { allianceOrgId: allianceId, reason: '希望加入' },
    })
    expect(a.code, a.msg).toBe(0)
    expect(a.msg).toBe(AllianceMsg.APPLIED)
    expect(a.data.status).toBe(AllianceStatus.AUDITING)
    localApp = a.data.id
    expect(
      (await call(t, { url: `${J}/applyJoin`, token: s.schoolAdmin, body: { allianceOrgId: allianceId } })).msg,
    ).toBe(AllianceMsg.ALREADY)
    const b = await call(t, { url: `${J}/applyJoin`, token: f.schoolAdmin, body: { allianceOrgId: allianceId } })
    expect(b.code, b.msg).toBe(0)
    foreignApp = b.data.id
    const mine = await call(t, { url: `${J}/getJoinedAndAuditingList`, token: f.schoolAdmin })
    expect(mine.data).toEqual([
      expect.objectContaining({
        allianceOrgId: allianceId,
        allianceName: '城东教育联盟',
        status: AllianceStatus.AUDITING,
      }),
    ])
    // The alliance itself need not apply.
    const own = await call(t, { url: `${J}/applyJoin`, token: s.bureauAdmin, body: { allianceOrgId: allianceId } })
    expect(own.code).not.toBe(0)
  })

  it('row-level security: another tenant sees its own application rows only, and cannot join itself', async () => {
    const seen = await t.db.tenant(fw.tenantId, (trx) =>
      trx.selectFrom('alliance_member').select(['id', 'member_tenant_id']).execute(),
    )
    expect(seen.map((r) => r.id)).toEqual([foreignApp])
    const orgs = await t.db.tenant(fw.tenantId, (trx) =>
      trx.selectFrom('org_unit').select('id').where('id', 'in', [allianceId, w.schoolId]).execute(),
    )
    expect(orgs).toEqual([])
    // An insert claiming to be joined already is refused by the policy (the alliance needs an audit).
    await expect(
      t.db.tenant(fw.tenantId, (trx) =>
        trx
          .insertInto('alliance_member')
          .values({
            tenant_id: w.tenantId,
            alliance_org_id: allianceId,
            member_tenant_id: fw.tenantId,
            member_org_id: fw.school2Id,
            member_org_name: 'x',
            member_unit_attr: 9,
            member_tenant_name: 'x',
            status: AllianceStatus.JOINED,
            source: 'apply',
            reason: '',
            applicant_account_id: null,
            applicant_name: null,
            decided_by: null,
            decided_at: null,
            refuse_reason: null,
            left_at: null,
          })
          .execute(),
      ),
    ).rejects.toThrow()
    // Nor may it approve its own application by writing the row.
    await expect(
      t.db.tenant(fw.tenantId, (trx) =>
        sql`UPDATE alliance_member SET status = 1 WHERE id = ${foreignApp}`.execute(trx),
      ),
    ).rejects.toThrow()
  })

  it('the admin approves one and refuses the other; strangers cannot decide', async () => {
    const rows = await pending(s.bureauAdmin, allianceId)
    expect(rows.map((r) => r.id).sort()).toEqual([localApp, foreignApp].sort())
    expect(rows.find((r) => r.id === foreignApp)).toMatchObject({ sameTenant: false })
    expect((await call(t, { url: `${J}/approve`, token: s.school2Admin, body: { id: localApp } })).msg).toBe(
      AllianceMsg.NOT_ADMIN,
    )
    expect((await call(t, { url: `${J}/approve`, token: f.bureauAdmin, body: { id: localApp } })).code).toBe(
      ErrorCode.NOT_FOUND,
    )
    expect(
      (await call(t, { url: `${J}/refuse`, token: s.bureauAdmin, body: { id: foreignApp, reason: ' ' } })).msg,
    ).toBe(AllianceMsg.REFUSE_REASON)
    const ok1 = await call(t, { url: `${J}/approve`, token: s.bureauAdmin, body: { id: localApp } })
    expect(ok1.code, ok1.msg).toBe(0)
    expect((await call(t, { url: `${J}/approve`, token: s.bureauAdmin, body: { id: localApp } })).msg).toBe(
      AllianceMsg.APPLICATION_GONE,
    )
    const no = await call(t, { url: `${J}/refuse`, token: s.bureauAdmin, body: { id: foreignApp, reason: '暂不接收' } })
    expect(no.code, no.msg).toBe(0)
    const mine = await call(t, { url: `${J}/getJoinedAndAuditingList`, token: f.schoolAdmin })
    expect(mine.data).toEqual([expect.objectContaining({ status: AllianceStatus.REFUSED, refuseReason: '暂不接收' })])
    // It may apply again, and this time it is let in.
    const again = await call(t, { url: `${J}/applyJoin`, token: f.schoolAdmin, body: { allianceOrgId: allianceId } })
    expect(again.code, again.msg).toBe(0)
    expect((await call(t, { url: `${J}/approve`, token: s.bureauAdmin, body: { id: again.data.id } })).code).toBe(0)
  })

  it('members of both tenants see the shared content: root, members, setting, images', async () => {
    for (const token of [s.teacher, f.schoolAdmin]) {
      const root = await call(t, { url: `${J}/getRootOrg?orgId=${allianceId}`, token })
      expect(root.code, root.msg).toBe(0)
      expect(root.data).toMatchObject({
        orgId: allianceId,
        name: '城东教育联盟',
        unitAttr: 8,
        allianceSchool: true,
        memberCount: 2,
        isAdmin: false,
      })
      const members = await call(t, { url: `${J}/getOrgList?orgId=${allianceId}`, token })
      expect(members.data.map((m: { name: string }) => m.name).sort()).toEqual(['测试一小', '测试一小'].sort())
      // Names only: no people, no base data.
      expect(Object.keys(members.data[0]).sort()).toEqual([
        'joinedAt',
        'name',
        'orgId',
        'source',
        'tenantName',
        'unitAttr',
      ])
      const setting = await call(t, { url: `${J}/getJuxiaoSetting?orgId=${allianceId}`, token })
      expect(setting.data).toMatchObject({
        intro: '城东学校携手共进',
        apps: [{ name: '联盟教研', url: 'https://jy.example.com' }],
      })
      expect((await call(t, { url: `${J}/getImagesByOrgId?orgId=${allianceId}`, token })).data).toHaveLength(2)
    }
    // The school that did not apply sees nothing.
    expect((await call(t, { url: `${J}/getOrgList?orgId=${allianceId}`, token: s.school2Admin })).code).toBe(
      ErrorCode.NOT_FOUND,
    )
    expect((await call(t, { url: `${J}/getRootOrg`, token: s.school2Admin })).data).toBeNull()
  })

  it('a member never reads another member school’s people or org', async () => {
    await makePerson(t, w.tenantId, {
      trueName: '一小老师甲',
      memberships: [{ orgId: w.schoolId, userType: UserType.STAFF, roleIds: [w.roles.teacher] }],
    })
    const page = await call(t, {
      url: '/base/api/userInfo/teacherInfo/page',
      token: f.schoolAdmin,
      body: { orgId: w.schoolId, pageIndex: 1, pageSize: 50 },
    })
    expect(page.code === 0 ? page.data.list.map((p: { trueName: string }) => p.trueName) : []).not.toContain(
      '一小老师甲',
    )
    const org = await call(t, { url: `/base/api/organizationUnit/get?orgId=${w.schoolId}`, token: f.schoolAdmin })
    expect(org.code).not.toBe(0)
    // Nor the alliance's own management list.
    const list = await call(t, {
      url: '/base/api/organizationUnit/getAllianceSchoolMemberOrgList',
      token: f.schoolAdmin,
      body: { orgId: allianceId },
    })
    expect(list.code).toBe(ErrorCode.NOT_FOUND)
  })

  it('imports alliance schools from a real .xlsx, all or nothing', async () => {
    const tpl = await t.app.inject({
      method: 'GET',
      url: '/base/api/organizationUnit/downloadAllianceSchoolExcelTemplate',
      headers: { authorization: `Bearer ${s.bureauAdmin}` },
    })
    expect(tpl.statusCode).toBe(200)
    const header = (await readXlsx(tpl.rawPayload))[0]!
    expect(header[0]).toBe('学校名称*')
    const url = `/base/api/organizationUnit/importAllianceSchoolExcel?orgId=${allianceId}`
    const bad = await upload(
      t,
      url,
      s.bureauAdmin,
      await xlsx(header, [
        ['联盟甲校', '', '小学'],
        ['', '', ''],
        ['联盟乙校', '', '教研机构'],
      ]),
    )
    expect(bad.code).toBe(ErrorCode.BAD_REQUEST)
    expect(bad.data.errors).toHaveLength(1)
    expect((await upload(t, url, s.bureauAdmin, Buffer.from('not a workbook'))).code).toBe(ErrorCode.BAD_REQUEST)
    expect((await upload(t, url, s.school2Admin, await xlsx(header, [['联盟丙校']]))).msg).toBe(AllianceMsg.NOT_ADMIN)
    const good = await upload(
      t,
      url,
      s.bureauAdmin,
      await xlsx(header, [
        ['联盟甲校', 'LM-A', '小学'],
        [{ formula: '"联盟"&"乙校"', result: '联盟乙校' }, '', '中学'],
      ]),
    )
    expect(good.code, good.msg).toBe(0)
    expect(good.data.imported).toBe(2)
    const members = await pending(s.bureauAdmin, allianceId, AllianceStatus.JOINED)
    expect(
      members
        .filter((m) => m.source === 'import')
        .map((m) => m.orgName)
        .sort(),
    ).toEqual(['联盟乙校', '联盟甲校'].sort())
  })

  it('members leave (离开联盟) and lose the shared content', async () => {
    expect((await call(t, { url: `${J}/leave`, token: s.school2Admin, body: { allianceOrgId: allianceId } })).msg).toBe(
      AllianceMsg.MEMBERSHIP_GONE,
    )
    const r = await call(t, { url: `${J}/leave`, token: s.schoolAdmin, body: { allianceOrgId: allianceId } })
    expect(r.code, r.msg).toBe(0)
    expect(r.msg).toBe(AllianceMsg.LEFT)
    expect((await call(t, { url: `${J}/getJuxiaoSetting?orgId=${allianceId}`, token: s.teacher })).code).toBe(
      ErrorCode.NOT_FOUND,
    )
    expect((await call(t, { url: `${J}/getJoinedAndAuditingList`, token: s.schoolAdmin })).data).toEqual([])
    const fl = await call(t, { url: `${J}/leave`, token: f.schoolAdmin, body: { allianceOrgId: allianceId } })
    expect(fl.code, fl.msg).toBe(0)
    expect((await call(t, { url: `${J}/getOrgList?orgId=${allianceId}`, token: f.schoolAdmin })).code).toBe(
      ErrorCode.NOT_FOUND,
    )
    const root = await call(t, { url: `${J}/getRootOrg?orgId=${allianceId}`, token: s.bureauAdmin })
    expect(root.data).toMatchObject({ memberCount: 2, isAdmin: true })
  })

  it('an alliance without audit lets applicants in at once; a user of the alliance org sees it without applying', async () => {
    const r = await call(t, {
      url: `${J}/registerPage`,
      token: s.bureauAdmin,
      body: { name: '免审联盟', needAudit: false },
    })
    const id = r.data.orgId as number
    const a = await call(t, { url: `${J}/applyJoin`, token: s.school2Admin, body: { allianceOrgId: id } })
    expect(a.msg).toBe(AllianceMsg.JOINED)
    expect((await call(t, { url: `${J}/getRootOrg?orgId=${id}`, token: s.school2Admin })).data.memberCount).toBe(1)
    // Not open to other tenants: invisible there.
    expect((await call(t, { url: `${J}/applyJoin`, token: f.schoolAdmin, body: { allianceOrgId: id } })).code).toBe(
      ErrorCode.NOT_FOUND,
    )
    const insider = await makePerson(t, w.tenantId, {
      memberships: [{ orgId: id, userType: UserType.STAFF, roleIds: [w.roles.teacher] }],
    })
    const token = await loginToken(t, insider.userName)
    expect((await call(t, { url: `${J}/getRootOrg`, token })).data).toMatchObject({ orgId: id, name: '免审联盟' })
  })
})

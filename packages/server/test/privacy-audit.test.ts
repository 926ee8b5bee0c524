import { AuditMsg, ErrorCode, Msg, UserType } from '@zhixiao/shared'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import ExcelJS from '../src/platform/exceljs.js'
import { call, createTestApp, makePerson, makeWorld, staffOf, type Staff, type TestApp, type World } from './helpers.js'

/**
 * The annual audit pack of minors' data (issue 26 point 7, docs/privacy.md "Privacy notice and annual audit"): one
 * workbook, read back with ExcelJS; the counts of a known fixture (as deltas over the world's own staff), the access
 * log by month and by org, the apps that received children's data, the notices in force; another tenant's people,
 * looks and apps are never counted; only the top org's admin downloads it.
 */
let t: TestApp
let w: World
let s: Staff
let other: World
let otherStaff: Staff
const YEAR = new Date().getFullYear()
const U = '/base/api/userInfo'

type Sheets = Map<string, string[][]>

async function pack(token: string, year = YEAR): Promise<{ status: number; sheets: Sheets; names: string[] }> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/base/api/privacyAudit/pack?year=${year}`,
    headers: { authorization: `Bearer ${token}` },
  })
  expect(res.statusCode, res.body.slice(0, 200)).toBe(200)
  expect(res.headers['content-type']).toMatch(/spreadsheetml/)
  const wb = new ExcelJS.Workbook()
  await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer)
  const sheets: Sheets = new Map()
  for (const ws of wb.worksheets) {
    const rows: string[][] = []
    ws.eachRow((r) => rows.push((r.values as unknown[]).slice(1).map((v) => (v == null ? '' : String(v)))))
    sheets.set(ws.name, rows)
  }
  return { status: res.statusCode, sheets, names: wb.worksheets.map((ws) => ws.name) }
}

/** The value of a labelled line of the first sheet (概览). */
const figure = (p: { sheets: Sheets }, label: string) => {
  const row = p.sheets.get('概览')!.find((r) => r[0] === label)
  expect(row, `概览 has ${label}`).toBeDefined()
  return row![1]!
}
const n = (p: { sheets: Sheets }, label: string) => Number(figure(p, label))

/** A person of `world` with a membership of `type` at `orgId` and, unless null, a birth date. */
async function person(world: World, orgId: number, type: number, birthday: string | null) {
  const p = await makePerson(t, world.tenantId, {
    trueName: '审计对象',
    memberships: [{ orgId, userType: type, roleIds: [] }],
  })
  if (birthday)
    await t.db.tenant(world.tenantId, (trx) =>
      trx.insertInto('person').values({ account_id: p.accountId, birthday }).execute(),
    )
  return p.userInfoIds[0]!
}

beforeAll(async () => {
  t = await createTestApp()
  w = await makeWorld(t)
  s = await staffOf(t, w)
  other = await makeWorld(t)
  otherStaff = await staffOf(t, other)
}, 120_000)
afterAll(() => t.close())

describe('the annual audit pack', () => {
  it('counts minors, under-14s and missing birth dates of this tenant only, and its looks, apps and notices', async () => {
    const before = await pack(s.bureauAdmin)
    expect(before.names[0]).toBe('概览')
    // This tenant: an under-14 pupil, a 16-year-old, a pupil without a birth date, an adult teacher.
    const young = await person(w, w.schoolId, UserType.STUDENT, `${YEAR - 9}-06-01`)
    await person(w, w.schoolId, UserType.STUDENT, `${YEAR - 16}-03-01`)
    await person(w, w.school2Id, UserType.STUDENT, null)
    await person(w, w.schoolId, UserType.STAFF, `${YEAR - 45}-01-01`)
    // Another tenant: pupils and looks that must never show in this tenant's pack.
    const foreign = await person(other, other.schoolId, UserType.STUDENT, `${YEAR - 8}-01-01`)
    await person(other, other.schoolId, UserType.STUDENT, `${YEAR - 10}-01-01`)
    await call(t, { url: `${U}/studentInfo/detail?id=${foreign}`, token: otherStaff.bureauAdmin })
    await t.db.tenant(other.tenantId, (trx) =>
      trx
        .insertInto('app_access_log')
        .values({ app_id: null, client_id: 'foreign-app', kind: 'directory', detail: '/open/v1/students 50' })
        .execute(),
    )

    // Looks at this tenant's pupil: a detail view, a reveal, and an export of the school's students.
    expect((await call(t, { url: `${U}/studentInfo/detail?id=${young}`, token: s.schoolAdmin })).code).toBe(0)
    const rev = await call(t, {
      url: '/base/api/privacy/reveal',
      token: s.schoolAdmin,
      body: { userInfoId: young, field: 'birthday', reason: '年度审计核对' },
    })
    expect(rev.code, rev.msg).toBe(0)
    const exported = await t.app.inject({
      method: 'POST',
      url: `${U}/studentInfo/export`,
      payload: {},
      headers: { authorization: `Bearer ${s.schoolAdmin}` },
    })
    expect(exported.statusCode).toBe(200)
    // An app that read 3 pupils from the directory and one pupil who signed in to it.
    await t.db.tenant(w.tenantId, (trx) =>
      trx
        .insertInto('app_access_log')
        .values([
          { app_id: null, client_id: 'audit-app', kind: 'directory', detail: '/open/v1/students 3' },
          { app_id: null, client_id: 'audit-app', kind: 'sign-in', user_info_id: young },
          { app_id: null, client_id: 'staff-only-app', kind: 'directory', detail: '/open/v1/teachers 9' },
        ])
        .execute(),
    )
    // An approved full-value export request, a refused one; a consent given then withdrawn and one given; a guardian's
    // correction answered and a deletion request still open.
    const requester = { requester_account_id: 1, requester_user_info_id: young, requester_org_id: w.schoolId }
    const exportRow = { kind: 'student' as const, org_id: w.schoolId, filter: JSON.stringify({}), filter_text: '全部' }
    const consent = {
      child_id: young,
      child_name: '审计对象',
      child_org_id: w.schoolId,
      under14: true,
      notice_version: 'v1',
      guardian_id: young,
      guardian_name: '监护人',
      channel: 'pc' as const,
      recorded_by_account_id: 1,
      recorded_by_name: '监护人',
    }
    const asked = {
      child_id: young,
      org_id: w.schoolId,
      requester_account_id: 1,
      requester_user_info_id: young,
      requester_name: '监护人',
      fields: ['phone'],
    }
    await t.db.tenant(w.tenantId, async (trx) => {
      await trx
        .insertInto('pi_export_request')
        .values([
          {
            ...exportRow,
            ...requester,
            full_values: true,
            purpose: '审计',
            requester_name: '甲',
            status: 'done',
            reviewer_name: '乙',
            row_count: 2,
          },
          { ...exportRow, ...requester, full_values: false, purpose: '审计', requester_name: '甲', status: 'refused' },
        ])
        .execute()
      await trx
        .insertInto('consent_record')
        .values([
          { ...consent, purpose: 'portalPhoto', given: true, at: new Date(Date.now() - 60_000) },
          { ...consent, purpose: 'portalPhoto', given: false },
          { ...consent, purpose: 'faceData', given: true },
        ])
        .execute()
      await trx
        .insertInto('pi_request')
        .values([
          {
            ...asked,
            kind: 'correct',
            problem: '号码有误',
            status: 'done',
            due_on: '2999-01-01',
            created_at: new Date(Date.now() - 2 * 86_400_000),
            handled_at: new Date(),
          },
          { ...asked, kind: 'delete', problem: '请删除', due_on: '2999-01-01', created_at: new Date() },
        ])
        .execute()
    })
    // A notice in force.
    await call(t, {
      url: '/base/api/privacyNotice/saveDraft',
      token: s.bureauAdmin,
      body: { kind: 'children', title: '儿童个人信息保护规则', body: '<p>规则</p>' },
    })
    expect(
      (await call(t, { url: '/base/api/privacyNotice/publish', token: s.bureauAdmin, body: { kind: 'children' } }))
        .code,
    ).toBe(0)

    const after = await pack(s.bureauAdmin)
    const delta = (label: string) => n(after, label) - n(before, label)
    expect(delta('处理个人信息的人数')).toBe(4)
    expect(delta('其中学生')).toBe(3)
    expect(delta('未成年人（当年曾未满18周岁）')).toBe(2)
    expect(delta('不满14周岁的儿童（当年曾未满14周岁）')).toBe(1)
    expect(delta('未登记出生日期的人数')).toBe(1)
    expect(delta('查看详情（次）')).toBe(1)
    expect(delta('查看完整信息（次）')).toBe(1)
    expect(delta('导出（次）')).toBe(1)
    // The export wrote one row per exported pupil of the school: the two with a membership there.
    expect(delta('导出涉及学生（人次）')).toBe(2)
    expect(delta('接收儿童信息的应用（个）')).toBe(1)
    expect(delta('当年生效的平台文档版本（个）')).toBe(1)
    expect(delta('导出申请（个）')).toBe(2)
    expect(delta('其中完整信息导出申请')).toBe(1)
    expect(delta('已批准')).toBe(1)
    expect(delta('已拒绝')).toBe(1)
    expect(delta('监护人同意（次）')).toBe(2)
    expect(delta('撤回同意（次）')).toBe(1)
    expect(delta('监护人请求（个）')).toBe(2)
    expect(delta('未处理')).toBe(1)
    expect(delta('超过期限（未处理或逾期处理）')).toBe(0)
    const consents = after.sheets.get('同意的授予与撤回')!
    // 照片用于门户展示: given once, withdrawn once, no longer in force at the year's end; 人脸信息 given and in force.
    expect(consents.find((r) => r[0] === '照片用于门户展示')?.slice(2)).toEqual(['1', '1', '2', '1', '0'])
    expect(consents.find((r) => r[0] === '人脸信息')?.slice(2)).toEqual(['1', '0', '1', '1', '1'])
    const requests = after.sheets.get('监护人请求')!
    expect(requests.find((r) => r[0] === '更正')?.slice(1)).toEqual(['1', '1', '0', '0', '0', '2', '2'])
    expect(after.sheets.get('导出审批')!.filter((r) => r[3] === '甲')).toHaveLength(2)

    // By org: the first school holds the two pupils with a birth date, the adult teacher, and staffOf's school admin
    // and teacher (no birth date): 5 people, 2 pupils, 2 minors, 1 under 14, 2 without a birth date.
    const orgs = after.sheets.get('未成年人（按机构）')!
    expect(orgs.find((r) => r[0] === '测试一小')?.slice(1)).toEqual(['5', '2', '2', '1', '2'])
    // By month: this month's row carries the view and the reveal.
    const month = `${YEAR}-${String(new Date().getMonth() + 1).padStart(2, '0')}`
    const byMonth = after.sheets.get('访问与导出（按月）')!
    expect(byMonth.filter((r) => /^\d{4}-\d{2}$/.test(r[0]!))).toHaveLength(12)
    expect(Number(byMonth.find((r) => r[0] === month)![2])).toBeGreaterThanOrEqual(1)
    const apps = after.sheets.get('接收儿童信息的应用')!
    expect(apps.find((r) => r[1] === 'audit-app')?.slice(2)).toEqual(['1', '3', '1', '0'])
    expect(apps.some((r) => r[1] === 'staff-only-app' || r[1] === 'foreign-app')).toBe(false)
    const notices = after.sheets.get('生效的隐私政策')!
    expect(notices.find((r) => r[0] === '儿童个人信息保护规则')?.slice(1, 3)).toEqual(['v1', '儿童个人信息保护规则'])
    // Names of no person appear anywhere in the file: counts, orgs and apps only.
    expect(JSON.stringify([...after.sheets.values()])).not.toContain('审计对象')
  })

  it('another tenant’s pack does not count this one, and a past year without data is all zeros', async () => {
    const theirs = await pack(otherStaff.bureauAdmin)
    expect(n(theirs, '接收儿童信息的应用（个）')).toBe(1)
    expect(theirs.sheets.get('接收儿童信息的应用')!.some((r) => r[1] === 'audit-app')).toBe(false)
    const past = await pack(s.bureauAdmin, 2021)
    expect(n(past, '处理个人信息的人数')).toBe(0)
    expect(n(past, '查看详情（次）')).toBe(0)
  })

  it('only the top org admin downloads it; a bad year is a clear 400', async () => {
    const school = await call(t, { url: `/base/api/privacyAudit/pack?year=${YEAR}`, token: s.schoolAdmin })
    expect(school.code).toBe(ErrorCode.FORBIDDEN)
    expect(school.msg).toBe(Msg.TOP_ORG_ONLY)
    expect((await call(t, { url: `/base/api/privacyAudit/pack?year=${YEAR}`, token: s.teacher })).code).toBe(
      ErrorCode.FORBIDDEN,
    )
    const bad = await call(t, { url: '/base/api/privacyAudit/pack?year=1999', token: s.bureauAdmin })
    expect(bad.code).toBe(ErrorCode.BAD_REQUEST)
    expect(bad.msg).toBe(AuditMsg.YEAR)
  })
})

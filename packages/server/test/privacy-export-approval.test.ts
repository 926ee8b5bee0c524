import { DEFAULT_MINOR_ROW_LIMIT, ErrorCode, ExportMsg, maskIdCard, UserType } from '@zhixiao/shared'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { exportRunner } from '../src/modules/pi-exports/job-runner.js'
import ExcelJS from '../src/platform/exceljs.js'
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

/**
 * Export approval (issue 26 point 4, docs/privacy.md "Export approval"): the officer and the approvers they name, the
 * requests (no self-approval, reach, once only), the job's watermarked file with full values, its access-log lines,
 * and the link that only the requester can use until it expires.
 */
let t: TestApp
let w: World
let s: Staff
let officer: { token: string; userInfoId: number }
let approver1: { token: string; userInfoId: number }
let approver2: { token: string; userInfoId: number }
let bureauAdmin: { token: string; userInfoId: number }
let foreign: { admin: string; officer: string }
const U = '/base/api/userInfo'
const P = '/base/api/privacy'
const X = `${P}/export`
const ID_CARD = '110105201506010016'
const ID_CARD2 = '110105201407020032'
let seq = 0
const phone = () => `137${String(process.pid % 10000).padStart(4, '0')}${String(++seq).padStart(4, '0')}`
let classId: number
let phone1: string

async function member(orgId: number, roleIds: number[], trueName: string, tenantId = w.tenantId) {
  const p = await makePerson(t, tenantId, { trueName, memberships: [{ orgId, userType: UserType.STAFF, roleIds }] })
  return { token: await loginToken(t, p.userName), userInfoId: p.userInfoIds[0]! }
}

async function cellsOf(file: Buffer): Promise<string[]> {
  const wb = new ExcelJS.Workbook()
  await wb.xlsx.load(file as unknown as ArrayBuffer)
  const cells: string[] = []
  wb.worksheets[0]!.eachRow((r) => (r.values as unknown[]).forEach((v) => cells.push(String(v ?? ''))))
  return cells
}
const runJobs = () => exportRunner(t.ctx).idle()
const request = (token: string, body: Record<string, unknown>) => call(t, { url: `${X}/request`, token, body })
const approve = (token: string, id: number, comment = '同意') =>
  call(t, { url: `${X}/approve`, token, body: { id, comment } })
const page = (token: string, box: 'mine' | 'review') =>
  call(t, { url: `${X}/page`, token, body: { box, pageIndex: 1, pageSize: 100 } })
const studentRequest = (purpose = '学籍核对使用') => ({ kind: 'student', filter: { classId }, purpose })
const download = (token: string, id: number, dlToken: string) =>
  t.app.inject({
    method: 'POST',
    url: `${X}/download`,
    payload: { id, token: dlToken },
    headers: { authorization: `Bearer ${token}` },
  })

beforeAll(async () => {
  t = await createTestApp()
  w = await makeWorld(t)
  s = await staffOf(t, w)
  officer = await member(w.bureauId, [w.roles.staff], '钱负责人')
  approver1 = await member(w.schoolId, [w.roles.teacher], '孙审批')
  approver2 = await member(w.schoolId, [w.roles.teacher], '周审批')
  bureauAdmin = await member(w.bureauId, [w.roles.admin], '吴局管理员')
  const other = await makeWorld(t)
  const otherStaff = await staffOf(t, other)
  const otherOfficer = await makePerson(t, other.tenantId, {
    trueName: '外区负责人',
    memberships: [{ orgId: other.bureauId, userType: UserType.STAFF, roleIds: [other.roles.admin] }],
  })
  foreign = { admin: otherStaff.bureauAdmin, officer: await loginToken(t, otherOfficer.userName) }
  expect(
    (
      await call(t, {
        url: `${P}/officer/save`,
        token: foreign.admin,
        body: { officerUserInfoId: otherOfficer.userInfoIds[0], minorRowLimit: null },
      })
    ).code,
  ).toBe(0)
  const g = (
    await call(t, { url: '/base/api/grade/add', token: s.schoolAdmin, body: { name: '审批级', entryYear: 2020 } })
  ).data
  classId = (await call(t, { url: '/base/api/class/add', token: s.schoolAdmin, body: { gradeId: g, name: '1班' } }))
    .data
  phone1 = phone()
  for (const [name, idCard, ph] of [
    ['陈小一', ID_CARD, phone1],
    ['陈小二', ID_CARD2, phone()],
  ] as const) {
    const r = await call(t, {
      url: `${U}/studentInfo/add`,
      token: s.schoolAdmin,
      body: { trueName: name, jobNo: `X${process.pid}${++seq}`, classId, phone: ph, idCard },
    })
    expect(r.code).toBe(0)
  }
})
afterAll(() => t.close())

describe('the officer and the approvers', () => {
  it('has no officer at first: a full export cannot be asked yet (409), and the default minors limit shows', async () => {
    const r = await request(s.schoolAdmin, studentRequest())
    expect(r).toMatchObject({ code: ErrorCode.CONFLICT, msg: ExportMsg.NO_REVIEWER })
    const st = await call(t, { url: `${P}/officer`, token: s.teacher })
    expect(st.data).toMatchObject({ officer: null, approvers: [], minorRowLimit: DEFAULT_MINOR_ROW_LIMIT })
    expect(st.data.canSetOfficer).toBe(false)
  })

  it('only the top org admin names the officer, who must belong to the top org', async () => {
    const body = { officerUserInfoId: officer.userInfoId, minorRowLimit: 1000 }
    expect((await call(t, { url: `${P}/officer/save`, token: s.schoolAdmin, body })).code).toBe(ErrorCode.FORBIDDEN)
    expect((await call(t, { url: `${P}/officer/save`, token: officer.token, body })).code).toBe(ErrorCode.FORBIDDEN)
    const notTop = await call(t, {
      url: `${P}/officer/save`,
      token: s.bureauAdmin,
      body: { ...body, officerUserInfoId: approver1.userInfoId },
    })
    expect(notTop).toMatchObject({ code: ErrorCode.BAD_REQUEST, msg: ExportMsg.OFFICER_NOT_TOP })
    const bad = await call(t, { url: `${P}/officer/save`, token: s.bureauAdmin, body: { ...body, minorRowLimit: 0 } })
    expect(bad.code).toBe(ErrorCode.BAD_REQUEST)
    expect((await call(t, { url: `${P}/officer/save`, token: s.bureauAdmin, body })).code).toBe(0)
    const st = await call(t, { url: `${P}/officer`, token: officer.token })
    expect(st.data).toMatchObject({
      officer: { userInfoId: officer.userInfoId, name: '钱负责人', orgName: '测试区教育局' },
      canSetOfficer: false,
      canManageApprovers: true,
      reviews: true,
    })
  })

  it('the officer names approvers; a school admin cannot; a second add is 409', async () => {
    const add = (token: string, userInfoId: number) =>
      call(t, { url: `${P}/approver/add`, token, body: { userInfoId } })
    expect((await add(s.schoolAdmin, approver1.userInfoId)).code).toBe(ErrorCode.FORBIDDEN)
    expect((await add(officer.token, approver1.userInfoId)).code).toBe(0)
    expect((await add(officer.token, approver1.userInfoId)).code).toBe(ErrorCode.CONFLICT)
    // The top org's admin may name approvers too.
    expect((await add(s.bureauAdmin, approver2.userInfoId)).code).toBe(0)
    expect((await add(officer.token, bureauAdmin.userInfoId)).code).toBe(0)
    const st = await call(t, { url: `${P}/officer`, token: approver1.token })
    expect(st.data.approvers.map((a: { name: string }) => a.name)).toEqual(['孙审批', '周审批', '吴局管理员'])
    expect(st.data.reviews).toBe(true)
    const rm = await call(t, {
      url: `${P}/approver/remove`,
      token: officer.token,
      body: { userInfoId: approver2.userInfoId },
    })
    expect(rm.code).toBe(0)
    // A member of another tenant is not found (row-level security).
    expect((await add(foreign.officer, approver1.userInfoId)).code).toBe(ErrorCode.NOT_FOUND)
  })
})

describe('requests and reviews', () => {
  let id: number

  it('needs the full-export code and a purpose of 4-200 characters', async () => {
    expect((await request(s.teacher, studentRequest())).code).toBe(ErrorCode.FORBIDDEN)
    const short = await request(s.schoolAdmin, studentRequest('核对'))
    expect(short).toMatchObject({ code: ErrorCode.BAD_REQUEST, msg: ExportMsg.PURPOSE })
    const r = await request(s.schoolAdmin, studentRequest('期末学籍核对'))
    expect(r.code).toBe(0)
    id = r.data
    const mine = await page(s.schoolAdmin, 'mine')
    expect(mine.data.list[0]).toMatchObject({
      id,
      kind: 'student',
      full: true,
      status: 'pending',
      purpose: '期末学籍核对',
      filterText: '班级 审批级1班',
      token: null,
      canReview: false,
    })
  })

  it('tells the officer and the approvers in reach of the request', async () => {
    const msgs = await t.db.tenant(w.tenantId, (trx) =>
      sql<{ account_id: number }>`SELECT account_id FROM message WHERE event = 'exportRequested'`.execute(trx),
    )
    expect(msgs.rows.length).toBeGreaterThanOrEqual(2)
  })

  it('a non-reviewer gets 403; another school or tenant does not see it; the requester cannot approve it', async () => {
    const waiting = (token: string) => call(t, { url: `${X}/pendingCount`, token })
    expect((await waiting(officer.token)).data).toBe(1)
    expect((await waiting(approver1.token)).data).toBe(1)
    expect((await waiting(s.school2Admin)).data).toBe(0)
    expect((await approve(s.school2Admin, id)).code).toBe(ErrorCode.FORBIDDEN)
    expect((await page(s.school2Admin, 'review')).code).toBe(ErrorCode.FORBIDDEN)
    expect((await approve(s.schoolAdmin, id)).code).toBe(ErrorCode.FORBIDDEN)
    // The other tenant's officer reviews their own tenant: this id is not there.
    expect((await approve(foreign.officer, id)).code).toBe(ErrorCode.NOT_FOUND)
    expect((await page(foreign.officer, 'review')).data.list.map((r: { id: number }) => r.id)).not.toContain(id)
  })

  it("never approves one's own request, and an approver of another school does not see it", async () => {
    const own = await request(bureauAdmin.token, { kind: 'teacher', filter: {}, purpose: '核对教师信息' })
    expect(own.code).toBe(0)
    expect(await approve(bureauAdmin.token, own.data)).toMatchObject({
      code: ErrorCode.FORBIDDEN,
      msg: ExportMsg.OWN_REQUEST,
    })
    // approver1 reviews school one and below: a teacher export of the bureau is out of reach.
    expect((await approve(approver1.token, own.data)).code).toBe(ErrorCode.NOT_FOUND)
    const review = await page(approver1.token, 'review')
    expect(review.data.list.map((r: { id: number }) => r.id)).toEqual([id])
    expect(review.data.list[0].canReview).toBe(true)
    const refused = await call(t, { url: `${X}/refuse`, token: officer.token, body: { id: own.data, comment: '' } })
    expect(refused).toMatchObject({ code: ErrorCode.BAD_REQUEST, msg: ExportMsg.REFUSE_COMMENT })
    const ok = await call(t, {
      url: `${X}/refuse`,
      token: officer.token,
      body: { id: own.data, comment: '用途不明确' },
    })
    expect(ok.code).toBe(0)
    const mine = (await page(bureauAdmin.token, 'mine')).data.list[0]
    expect(mine).toMatchObject({ status: 'refused', reviewerName: '钱负责人', reviewComment: '用途不明确' })
  })

  it('two reviewers approving at once approve it once', async () => {
    const [a, b] = await Promise.all([approve(officer.token, id), approve(approver1.token, id)])
    expect([a.code, b.code].sort()).toEqual([0, ErrorCode.CONFLICT])
    await runJobs()
    const row = (await page(s.schoolAdmin, 'mine')).data.list.find((r: { id: number }) => r.id === id)
    expect(row).toMatchObject({ status: 'done', rowCount: 2, downloadCount: 0, expired: false })
    expect(row.token).toMatch(/^[A-Za-z0-9_-]{20,}$/)
    // A reviewer sees the outcome but never the link.
    const seen = (await page(officer.token, 'review')).data.list.find((r: { id: number }) => r.id === id)
    expect(seen).toMatchObject({ status: 'done', token: null, canReview: false })
    // The requester was told in the message centre.
    const told = await t.db.tenant(w.tenantId, (trx) =>
      sql<{ title: string }>`SELECT title FROM message WHERE event = 'exportReviewed' ORDER BY id DESC LIMIT 1`.execute(
        trx,
      ),
    )
    expect(told.rows[0]?.title).toContain('已批准')
  })
})

describe('the approved file', () => {
  let id: number
  let dl: string

  beforeAll(async () => {
    const row = (await page(s.schoolAdmin, 'mine')).data.list.find((r: { status: string }) => r.status === 'done')
    id = row.id
    dl = row.token
  })

  it('carries the watermark (first line, page header, properties) and full values', async () => {
    const res = await download(s.schoolAdmin, id, dl)
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toContain('spreadsheetml')
    const wb = new ExcelJS.Workbook()
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer)
    const ws = wb.worksheets[0]!
    const first = String(ws.getRow(1).getCell(1).value)
    expect(first).toMatch(/^导出人 .+（测试一小） 时间 \d{4}-\d{2}-\d{2} \d{2}:\d{2} 仅限 期末学籍核对 用途$/)
    expect(ws.headerFooter.oddHeader).toContain('仅限 期末学籍核对 用途')
    expect(ws.headerFooter.oddFooter).toContain('导出人')
    expect(wb.subject).toBe(first)
    expect(wb.title).toBe(`导出申请 #${id}`)
    expect(wb.description).toContain('审批人')
    expect(String(ws.getRow(2).getCell(1).value)).toMatch(/^姓名/)
    const cells = [3, 4].flatMap((n) => (ws.getRow(n).values as unknown[]).map(String))
    expect(cells).toContain(ID_CARD)
    expect(cells).toContain(ID_CARD2)
    expect(cells).toContain(phone1)
  })

  it('wrote an export line per student naming the request, and the download in the log', async () => {
    const lines = await t.db.tenant(w.tenantId, (trx) =>
      sql<{ subject_name: string | null; purpose: string }>`SELECT subject_name, purpose FROM pi_access_log
        WHERE action = 'export' AND purpose LIKE ${`导出申请#${id}%`}`.execute(trx),
    )
    const names = lines.rows.map((r) => r.subject_name)
    expect(names).toContain('陈小一')
    expect(names).toContain('陈小二')
    expect(lines.rows.some((r) => r.subject_name === null && r.purpose.includes('下载（第1次）'))).toBe(true)
    const row = (await page(s.schoolAdmin, 'mine')).data.list.find((r: { id: number }) => r.id === id)
    expect(row.downloadCount).toBe(1)
  })

  it('only the requester downloads, with the right token', async () => {
    const other = await download(s.bureauAdmin, id, dl)
    expect(other.json()).toMatchObject({ code: ErrorCode.FORBIDDEN, msg: ExportMsg.NOT_REQUESTER })
    const wrong = await download(s.schoolAdmin, id, 'x'.repeat(32))
    expect(wrong.json()).toMatchObject({ code: ErrorCode.NOT_FOUND })
    const foreignTry = await download(foreign.admin, id, dl)
    expect(foreignTry.json().code).toBe(ErrorCode.NOT_FOUND)
  })

  it('the link expires: 410 with a Chinese message, and the file leaves the database', async () => {
    t.clock.advance(25 * 3600_000)
    const res = await download(s.schoolAdmin, id, dl)
    expect(res.statusCode).toBe(410)
    expect(res.json()).toMatchObject({ code: ErrorCode.GONE, msg: ExportMsg.EXPIRED })
    const row = (await page(s.schoolAdmin, 'mine')).data.list.find((r: { id: number }) => r.id === id)
    expect(row).toMatchObject({ expired: true, token: null })
    expect(await exportRunner(t.ctx).dropExpired()).toBeGreaterThanOrEqual(1)
    const left = await t.db.tenant(w.tenantId, (trx) =>
      sql<{ file: Buffer | null }>`SELECT file FROM pi_export_request WHERE id = ${id}`.execute(trx),
    )
    expect(left.rows[0]!.file).toBeNull()
    expect((await download(s.schoolAdmin, id, dl)).statusCode).toBe(410)
  })
})

describe('the minors limit of a masked export', () => {
  it('a masked student export over the limit is refused (409) and can be asked for instead', async () => {
    const save = await call(t, {
      url: `${P}/officer/save`,
      token: s.bureauAdmin,
      body: { officerUserInfoId: officer.userInfoId, minorRowLimit: 1 },
    })
    expect(save.code).toBe(0)
    const res = await t.app.inject({
      method: 'POST',
      url: `${U}/studentInfo/export`,
      payload: { classId },
      headers: { authorization: `Bearer ${s.schoolAdmin}` },
    })
    expect(res.json()).toMatchObject({ code: ErrorCode.CONFLICT, msg: ExportMsg.TOO_MANY_MINORS(2, 1) })
    const r = await request(s.schoolAdmin, { ...studentRequest('年级统计使用'), full: false })
    expect(r.code).toBe(0)
    // Teachers are adults: a masked teacher export is never a request.
    expect(
      (await request(s.schoolAdmin, { kind: 'teacher', filter: {}, purpose: '核对教师信息', full: false })).code,
    ).toBe(ErrorCode.BAD_REQUEST)
    // No limit: immediate again.
    await call(t, {
      url: `${P}/officer/save`,
      token: s.bureauAdmin,
      body: { officerUserInfoId: officer.userInfoId, minorRowLimit: null },
    })
    const again = await t.app.inject({
      method: 'POST',
      url: `${U}/studentInfo/export`,
      payload: { classId },
      headers: { authorization: `Bearer ${s.schoolAdmin}` },
    })
    expect(again.headers['content-type']).toContain('spreadsheetml')
    // The immediate export is masked: full values only ever leave in an approved full request's file.
    const immediate = await cellsOf(again.rawPayload)
    expect(immediate).not.toContain(ID_CARD)
    expect(immediate).not.toContain(phone1)
    expect(immediate).toContain(maskIdCard(ID_CARD))
    // The approved masked request runs as a job too: watermarked, still masked.
    expect((await approve(officer.token, r.data)).code).toBe(0)
    await runJobs()
    const row = (await page(s.schoolAdmin, 'mine')).data.list.find((x: { id: number }) => x.id === r.data)
    expect(row).toMatchObject({ status: 'done', full: false })
    const file = await download(s.schoolAdmin, r.data, row.token)
    const cells = await cellsOf(file.rawPayload)
    expect(cells[0]).toMatch(/仅限 年级统计使用 用途$/)
    expect(cells).not.toContain(ID_CARD)
    expect(cells).toContain(maskIdCard(ID_CARD))
  })
})

describe('restart', () => {
  it('a job a stopped process left running is taken over and finished', async () => {
    const r = await request(s.schoolAdmin, studentRequest('断点续做测试'))
    expect(r.code).toBe(0)
    // Claimed eleven minutes ago by the product's clock (the runners stamp started_at with it, not the database's
    // now(), which the tests' clock does not follow): past the ten minutes after which another runner takes over.
    const claimed = new Date(+t.clock.now() - 11 * 60_000)
    await t.db.tenant(w.tenantId, (trx) =>
      sql`UPDATE pi_export_request SET status = 'running', runner_id = 'gone/1/x', started_at = ${claimed},
        reviewer_name = '钱负责人', reviewed_at = ${claimed} WHERE id = ${r.data}`.execute(trx),
    )
    exportRunner(t.ctx).kick()
    await runJobs()
    const row = (await page(s.schoolAdmin, 'mine')).data.list.find((x: { id: number }) => x.id === r.data)
    expect(row).toMatchObject({ status: 'done', rowCount: 2 })
  })
})

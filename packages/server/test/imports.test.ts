import { ErrorCode, ImportMsg, ImportStatus } from '@zhixiao/shared'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../src/app.js'
import { STUDENT_COLUMNS, TEACHER_COLUMNS, PARENT_COLUMNS } from '../src/modules/people/columns.js'
import { importRunner } from '../src/modules/imports/runner.js'
import { ExcelMsg } from '../src/platform/excel.js'
import { call, createTestApp, makeWorld, staffOf, type Staff, type TestApp, type World } from './helpers.js'
import { readXlsx, upload, xlsx } from './xlsx.js'

let t: TestApp
let w: World
let s: Staff
let classId: number
const L = '/base/api/commonImportLog'
const S = '/base/api/userInfo/studentInfo'
const T = '/base/api/userInfo/teacherInfo'
const P = '/base/api/userInfo/parentBindChild'
const headers = (cols: { header: string }[]) => cols.map((c) => c.header)
const tag = String(process.pid)

beforeAll(async () => {
  t = await createTestApp()
  w = await makeWorld(t)
  s = await staffOf(t, w)
  const g = await call(t, {
    url: '/base/api/grade/add',
    token: s.schoolAdmin,
    body: { name: '2026级', entryYear: 2026 },
  })
  classId = (
    await call(t, { url: '/base/api/class/add', token: s.schoolAdmin, body: { gradeId: g.data, name: '1班' } })
  ).data
  await call(t, { url: '/base/api/class/add', token: s.schoolAdmin, body: { gradeId: g.data, name: '2班' } })
})
afterAll(() => t.close())

/** The job an upload started; an upload refused instead fails here with the answer it got. */
function jobOf(r: { status: number; code: number; msg: string; data: { importLogId?: number } | null }): number {
  expect(r.data?.importLogId, `the upload answered ${r.status} ${r.code} ${r.msg}`).toBeTypeOf('number')
  return r.data!.importLogId!
}

/** Waits for the background runner, then reads the job as the client would. */
async function finished(token: string, id: number) {
  await importRunner(t.ctx).idle()
  return (await call(t, { url: `${L}/log/detail?id=${id}`, token })).data
}

describe('student import', () => {
  it('imports good rows, rejects bad and duplicate rows with reasons, and offers them as a workbook', async () => {
    const file = await xlsx(headers(STUDENT_COLUMNS), [
      ['张一', `${tag}S001`, '2026级', '1班', '男', '', '', '2026-09-01'],
      ['张二', `${tag}S002`, '2026级', '2班', '女'],
      ['张三', `${tag}S001`, '2026级', '1班'],
      ['张四', `${tag}S004`, '2026级', '9班'],
      ['', `${tag}S005`, '2026级', '1班'],
      ['张六', `${tag}S006`, '2026级', '1班', '未知'],
      ['张七', `${tag}S007`, '2026级', '1班', '', '110105194912310021'],
    ])
    const started = await upload(t, `${S}/importExcel`, s.schoolAdmin, file, '学生.xlsx')
    expect(started).toMatchObject({ code: 0, msg: ImportMsg.STARTED, data: { fileName: '学生.xlsx', type: 'student' } })
    const job = await finished(s.schoolAdmin, jobOf(started))
    expect(job).toMatchObject({
      status: ImportStatus.DONE,
      totalCount: 7,
      processedCount: 7,
      successCount: 2,
      failCount: 5,
      rate: 100,
      percentage: 100,
    })
    const list = await call(t, { url: `${S}/page`, token: s.schoolAdmin, body: { keyword: tag } })
    expect(list.data.list.map((r: { trueName: string; className: string }) => `${r.trueName}${r.className}`)).toEqual([
      '张一1班',
      '张二2班',
    ])

    const res = await t.app.inject({
      url: `${L}/log/errors?id=${job.importLogId}`,
      headers: { authorization: `Bearer ${s.schoolAdmin}` },
    })
    const rows = await readXlsx(res.rawPayload)
    expect(rows[0]![0]).toBe('行号')
    expect(rows[0]!.at(-1)).toBe('错误原因')
    expect(rows.slice(1).map((r) => [r[0], r.at(-1)])).toEqual([
      ['4', '学号已存在'],
      ['5', '班级不存在：2026级9班'],
      ['6', '请输入姓名'],
      ['7', '性别应为男或女'],
      ['8', '身份证号格式不正确'],
    ])
  })

  it('refuses a wrong header, an empty sheet and a non-Excel file at once, creating no job', async () => {
    const before = (await call(t, { url: `${L}/log/page`, token: s.schoolAdmin, body: {} })).data.total
    const wrong = await upload(t, `${S}/importExcel`, s.schoolAdmin, await xlsx(['名字', '学号'], [['a', 'b']]))
    expect(wrong).toMatchObject({ code: ErrorCode.BAD_REQUEST, msg: ExcelMsg.BAD_HEADER })
    const empty = await upload(t, `${S}/importExcel`, s.schoolAdmin, await xlsx(headers(STUDENT_COLUMNS), []))
    expect(empty.msg).toBe(ExcelMsg.EMPTY)
    const text = await upload(t, `${S}/importExcel`, s.schoolAdmin, Buffer.from('姓名,学号\n张,1\n'), 'x.csv')
    expect(text.msg).toBe(ExcelMsg.NOT_EXCEL)
    const nothing = await upload(t, `${S}/importExcel`, s.schoolAdmin, Buffer.alloc(0), 'empty.xlsx')
    expect(nothing.msg).toBe(ExcelMsg.NOT_EXCEL)
    expect((await call(t, { url: `${L}/log/page`, token: s.schoolAdmin, body: {} })).data.total).toBe(before)
  })

  it('needs the add-student code and a school; another school cannot read the job', async () => {
    const file = await xlsx(headers(STUDENT_COLUMNS), [['李', `${tag}X1`, '2026级', '1班']])
    expect((await upload(t, `${S}/importExcel`, s.teacher, file)).status).toBe(403)
    expect((await upload(t, `${S}/importExcel`, s.bureauAdmin, file)).msg).toBe('只有学校可以管理学生和家长')
    const started = await upload(t, `${S}/importExcel`, s.schoolAdmin, file)
    await finished(s.schoolAdmin, jobOf(started))
    expect(
      (await call(t, { url: `${L}/log/detail?id=${started.data.importLogId}`, token: s.school2Admin })).status,
    ).toBe(404)
  })

  it('a cancelled job stops after its current batch and says 导入任务取消成功; a finished one cannot be cancelled', async () => {
    const rows = Array.from({ length: 1200 }, (_, i) => [`取消${i}`, `${tag}C${i}`, '2026级', '1班'])
    const started = await upload(t, `${S}/importExcel`, s.schoolAdmin, await xlsx(headers(STUDENT_COLUMNS), rows))
    const id = jobOf(started)
    const cancel = await call(t, { url: `${L}/task/cancel`, token: s.schoolAdmin, body: { id } })
    expect(cancel).toMatchObject({ code: 0, msg: ImportMsg.CANCELLED })
    const job = await finished(s.schoolAdmin, id)
    expect(job.status).toBe(ImportStatus.CANCELLED)
    expect(job.processedCount).toBeLessThan(1200)
    const written = (await call(t, { url: `${S}/page`, token: s.schoolAdmin, body: { keyword: '取消', pageSize: 1 } }))
      .data.total
    expect(written).toBe(job.successCount)
    expect((await call(t, { url: `${L}/task/cancel`, token: s.schoolAdmin, body: { id } })).msg).toBe(
      ImportMsg.NOT_RUNNING,
    )
  })
})

describe('teacher and parent import', () => {
  it('imports teachers with dictionary names; unknown names and duplicate phones are rejected', async () => {
    await call(t, { url: '/base/api/dict/add', token: s.bureauAdmin, body: { dictType: 'title', name: '一级教师' } })
    const p = (n: number) => `137${tag.padStart(4, '0').slice(-4)}${String(n).padStart(4, '0')}`
    const file = await xlsx(headers(TEACHER_COLUMNS), [
      ['导入甲', p(1), '', 'IT1', '男', '', '', '', '一级教师'],
      ['导入乙', p(2), '', 'IT2', '', '', '', '', '特级'],
      ['导入丙', p(1), '', 'IT3'],
    ])
    const started = await upload(t, `${T}/importExcel`, s.schoolAdmin, file)
    const job = await finished(s.schoolAdmin, jobOf(started))
    expect(job).toMatchObject({ successCount: 1, failCount: 2 })
    const list = await call(t, { url: `${T}/page`, token: s.schoolAdmin, body: { keyword: '导入' } })
    expect(list.data.list).toEqual([
      expect.objectContaining({ trueName: '导入甲', jobNo: 'IT1', sex: 0, titleId: expect.any(Number) }),
    ])
  })

  it('imports parents bound to students by 学号; a second child of the same phone binds to the same parent', async () => {
    const k1 = (
      await call(t, { url: `${S}/add`, token: s.schoolAdmin, body: { trueName: '孩一', jobNo: `${tag}K1`, classId } })
    ).data
    await call(t, { url: `${S}/add`, token: s.schoolAdmin, body: { trueName: '孩二', jobNo: `${tag}K2`, classId } })
    const phone = `136${tag.padStart(4, '0').slice(-4)}0001`
    const file = await xlsx(headers(PARENT_COLUMNS), [
      ['孩妈', phone, `${tag}K1`, '母亲'],
      ['孩妈', phone, `${tag}K2`, '母亲'],
      ['孩爸', `136${tag.padStart(4, '0').slice(-4)}0002`, 'NOPE', '父亲'],
      ['孩爸', `136${tag.padStart(4, '0').slice(-4)}0002`, `${tag}K1`, '叔叔'],
    ])
    const started = await upload(t, `${P}/importExcel`, s.schoolAdmin, file)
    const job = await finished(s.schoolAdmin, jobOf(started))
    expect(job).toMatchObject({ successCount: 2, failCount: 2 })
    const parents = await call(t, { url: `${P}/parents?childId=${k1}`, token: s.schoolAdmin })
    expect(parents.data.map((p: { trueName: string }) => p.trueName)).toEqual(['孩妈'])
    const page = await call(t, { url: `${P}/page`, token: s.schoolAdmin, body: { keyword: '孩妈' } })
    expect(page.data.list[0].children).toHaveLength(2)
  })
})

describe('restart', () => {
  // Last: it stops this app's runner, as a shutdown does.
  it('a job interrupted by a server stop resumes at the next start after its last committed batch', async () => {
    const rows = Array.from({ length: 3000 }, (_, i) => [`续传${i}`, `${tag}R${i}`, '2026级', '2班'])
    const file = await xlsx(headers(STUDENT_COLUMNS), rows)
    await importRunner(t.ctx).stop()
    const started = await upload(t, `${S}/importExcel`, s.schoolAdmin, file)
    const id = jobOf(started)
    const first = await buildApp({ config: t.ctx.config, db: t.db, clock: t.clock, logger: false })
    await first.app.ready()
    // Let the new process run one batch, then stop it as a shutdown would.
    await waitFor(
      async () => (await call(t, { url: `${L}/log/detail?id=${id}`, token: s.schoolAdmin })).data.processedCount >= 500,
    )
    await first.app.close()
    const mid = (await call(t, { url: `${L}/log/detail?id=${id}`, token: s.schoolAdmin })).data
    expect(mid.status).toBe(ImportStatus.RUNNING)
    expect(mid.processedCount).toBeLessThan(3000)
    expect(mid.processedCount % 500).toBe(0)
    expect(
      (await call(t, { url: `${S}/page`, token: s.schoolAdmin, body: { keyword: '续传', pageSize: 1 } })).data.total,
    ).toBe(mid.processedCount)
    const second = await buildApp({ config: t.ctx.config, db: t.db, clock: t.clock, logger: false })
    await second.app.ready()
    await importRunner(second.ctx).idle()
    await second.app.close()
    const job = (await call(t, { url: `${L}/log/detail?id=${id}`, token: s.schoolAdmin })).data
    expect(job).toMatchObject({ status: ImportStatus.DONE, processedCount: 3000, successCount: 3000, failCount: 0 })
    expect(
      (await call(t, { url: `${S}/page`, token: s.schoolAdmin, body: { keyword: '续传', pageSize: 1 } })).data.total,
    ).toBe(3000)
    // The export walks them in chunks of 2000: every student once, none garbled. 3000 minors are over the default
    // limit of a masked export without approval (docs/privacy.md "Export approval"); the tenant lifts its limit here.
    const lifted = await call(t, {
      url: '/base/api/privacy/officer/save',
      token: s.bureauAdmin,
      body: { officerUserInfoId: null, minorRowLimit: null },
    })
    expect(lifted.code).toBe(0)
    const res = await t.app.inject({
      method: 'POST',
      url: `${S}/export`,
      payload: { keyword: '续传' },
      headers: { authorization: `Bearer ${s.schoolAdmin}` },
    })
    const names = (await readXlsx(res.rawPayload)).slice(1).map((r) => r[0])
    expect(names).toHaveLength(3000)
    expect(new Set(names).size).toBe(3000)
    expect(names.every((n) => /^续传\d+$/.test(n!))).toBe(true)
  })
})

async function waitFor(check: () => Promise<boolean>, ms = 30_000): Promise<void> {
  const end = Date.now() + ms
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out')
    await new Promise((r) => setTimeout(r, 20))
  }
}

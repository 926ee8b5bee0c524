import { ErrorCode, IMPORT_MAX_ROWS, ImportStatus } from '@zhixiao/shared'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { STUDENT_COLUMNS } from '../src/modules/people/columns.js'
import { importRunner } from '../src/modules/imports/runner.js'
import { ExcelMsg } from '../src/platform/excel.js'
import { call, createTestApp, makeWorld, staffOf, type Staff, type TestApp } from './helpers.js'
import { upload, xlsx } from './xlsx.js'

let t: TestApp
let s: Staff
const S = '/base/api/userInfo/studentInfo'
const CLASSES = 20

beforeAll(async () => {
  t = await createTestApp()
  s = await staffOf(t, await makeWorld(t))
  const g = await call(t, {
    url: '/base/api/grade/add',
    token: s.schoolAdmin,
    body: { name: '2026级', entryYear: 2026 },
  })
  for (let c = 1; c <= CLASSES; c++)
    await call(t, { url: '/base/api/class/add', token: s.schoolAdmin, body: { gradeId: g.data, name: `${c}班` } })
})
afterAll(() => t.close())

describe('a 100k-row import', () => {
  it('imports 100,000 students from one file, every row written once, in batches', async () => {
    const rows = Array.from({ length: IMPORT_MAX_ROWS }, (_, i) => [
      `学生${i}`,
      `N${String(i).padStart(6, '0')}`,
      '2026级',
      `${(i % CLASSES) + 1}班`,
      i % 2 ? '女' : '男',
    ])
    const started = await upload(
      t,
      `${S}/importExcel`,
      s.schoolAdmin,
      await xlsx(
        STUDENT_COLUMNS.map((c) => c.header),
        rows,
      ),
    )
    expect(started.code).toBe(0)
    await importRunner(t.ctx).idle()
    const job = (
      await call(t, {
        url: `/base/api/commonImportLog/log/detail?id=${started.data.importLogId}`,
        token: s.schoolAdmin,
      })
    ).data
    expect(job).toMatchObject({
      status: ImportStatus.DONE,
      totalCount: 100_000,
      processedCount: 100_000,
      successCount: 100_000,
      failCount: 0,
      rate: 100,
    })
    expect((await call(t, { url: `${S}/page`, token: s.schoolAdmin, body: { pageSize: 1 } })).data.total).toBe(100_000)
    const last = await call(t, { url: `${S}/page`, token: s.schoolAdmin, body: { keyword: 'N099999' } })
    expect(last.data.list).toEqual([expect.objectContaining({ trueName: '学生99999', className: '20班', sex: 1 })])
  }, 600_000)

  it('refuses a file over the limit at once (its rows are counted before it is parsed), creating no job and nobody', async () => {
    const rows = Array.from({ length: IMPORT_MAX_ROWS + 1 }, (_, i) => [`超限${i}`, `X${i}`, '2026级', '1班'])
    const jobs = async () =>
      (await call(t, { url: '/base/api/commonImportLog/log/page', token: s.schoolAdmin, body: {} })).data.total
    const before = await jobs()
    const refused = await upload(
      t,
      `${S}/importExcel`,
      s.schoolAdmin,
      await xlsx(
        STUDENT_COLUMNS.map((c) => c.header),
        rows,
      ),
    )
    expect(refused).toMatchObject({ code: ErrorCode.BAD_REQUEST, msg: ExcelMsg.TOO_MANY(IMPORT_MAX_ROWS) })
    expect(await jobs()).toBe(before)
    expect(
      (await call(t, { url: `${S}/page`, token: s.schoolAdmin, body: { keyword: '超限', pageSize: 1 } })).data.total,
    ).toBe(0)
  }, 600_000)
})

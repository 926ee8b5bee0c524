import { ImportStatus, type ImportKind } from '@zhixiao/shared'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { importKindDef, registerImportKinds, type ImportKindDef } from '../src/modules/imports/kinds.js'
import { importRunner } from '../src/modules/imports/runner.js'
import { STUDENT_COLUMNS } from '../src/modules/people/columns.js'
import { call, createTestApp, makeWorld, staffOf, type Staff, type TestApp } from './helpers.js'
import { upload, xlsx } from './xlsx.js'

// The runner's batches overlap on PostgreSQL (the next batch is written on a second connection while the last one
// commits) but commit in file order. These tests wrap the real student kind to watch and steer its batches.
let t: TestApp
let s: Staff
const S = '/base/api/userInfo/studentInfo'
const L = '/base/api/commonImportLog'
let real: ImportKindDef
const overlaps = () => t.db.kind !== 'pglite'

/** What the wrapped kind does in each batch's write (by batch number from 0), before the real write runs. */
let hooks: { before?: (batch: number) => Promise<void>; after?: (batch: number) => Promise<void> } = {}
const events: string[] = []

/** Resolves when `event` has been seen; rejects after `ms` (a batch that waits for one that never comes). */
async function seen(event: string, ms: number): Promise<boolean> {
  const end = Date.now() + ms
  while (!events.includes(event)) {
    if (Date.now() > end) return false
    await new Promise((r) => setTimeout(r, 10))
  }
  return true
}

beforeAll(async () => {
  t = await createTestApp()
  s = await staffOf(t, await makeWorld(t))
  const g = await call(t, {
    url: '/base/api/grade/add',
    token: s.schoolAdmin,
    body: { name: '2026级', entryYear: 2026 },
  })
  await call(t, { url: '/base/api/class/add', token: s.schoolAdmin, body: { gradeId: g.data, name: '1班' } })
  real = importKindDef('student') // registered when the app was built
  const watched: ImportKindDef = {
    ...real,
    async prepare(ctx, trx, job) {
      const inner = await real.prepare(ctx, trx, job)
      let n = 0
      return {
        async write(trx2, rows) {
          const batch = n++
          events.push(`write ${batch}`)
          // The real write's in-memory checks run before its first await, as overlapBatches promises.
          const written = inner.write(trx2, rows)
          await hooks.before?.(batch)
          const rejected = await written
          events.push(`written ${batch}`)
          await hooks.after?.(batch)
          return rejected
        },
      }
    },
  }
  registerImportKinds({ student: watched } as Record<ImportKind, ImportKindDef>)
})
afterAll(async () => {
  registerImportKinds({ student: real } as Record<ImportKind, ImportKindDef>)
  await t.close()
})

/** A file of `n` students named `<prefix><i>`, with one repeat: the last row repeats row 0's student number. */
async function file(prefix: string, n: number) {
  const rows = Array.from({ length: n }, (_, i) => [`${prefix}${i}`, `${prefix}N${i}`, '2026级', '1班'])
  rows.push([`${prefix}重复`, `${prefix}N0`, '2026级', '1班'])
  return xlsx(
    STUDENT_COLUMNS.map((c) => c.header),
    rows,
  )
}

async function run(prefix: string, n: number) {
  events.length = 0
  const started = await upload(t, `${S}/importExcel`, s.schoolAdmin, await file(prefix, n))
  const id = started.data!.importLogId!
  await importRunner(t.ctx).idle()
  const job = (await call(t, { url: `${L}/log/detail?id=${id}`, token: s.schoolAdmin })).data
  const total = (await call(t, { url: `${S}/page`, token: s.schoolAdmin, body: { keyword: prefix, pageSize: 1 } })).data
    .total
  return { job, total }
}

describe('overlapping import batches', () => {
  it('writes the next batch before the last one commits on PostgreSQL, and keeps the file order', async () => {
    // Batch 0 holds its transaction open until batch 1's write has begun (or 5 s pass: PGlite writes one at a time).
    let overlapped = false
    hooks = {
      before: async (b) => {
        if (b === 0) overlapped = await seen('write 1', overlaps() ? 10_000 : 200)
      },
    }
    const { job, total } = await run('重叠', 3499)
    expect(overlapped).toBe(overlaps())
    // 500 + 1000 + 2000 rows: every row written once, the repeat of row 0's number (in the last batch) refused.
    expect(job).toMatchObject({ status: ImportStatus.DONE, processedCount: 3500, successCount: 3499, failCount: 1 })
    expect(total).toBe(3499)
    expect(events.filter((e) => e.startsWith('write'))).toEqual(['write 0', 'write 1', 'write 2'])
  })

  it('rolls back a batch written after one that failed, so the job keeps whole batches from the start', async () => {
    // Batch 1 fails, but only once batch 2 has been written beside it (PostgreSQL); batch 2 must not be kept.
    hooks = {
      after: async (b) => {
        if (b !== 1) return
        if (overlaps()) expect(await seen('written 2', 10_000)).toBe(true)
        throw new Error('batch 1 failed')
      },
    }
    const { job, total } = await run('回滚', 3499)
    hooks = {}
    expect(job).toMatchObject({ status: ImportStatus.FAILED, processedCount: 500 })
    expect(total).toBe(500)
    if (overlaps()) expect(events).toContain('written 2')
  })
})

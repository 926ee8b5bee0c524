// The import and export of many students (issue: 100k rows), against a running server: a real .xlsx uploaded
// over HTTP, the job polled as the progress panel does, then the list exported. Reports rows/s and the server
// process's resident memory (sampled from /proc) before and at its peak during each phase.
import fs from 'node:fs'
import ExcelJS from '../src/platform/exceljs.js'
import { postJson } from './lib.js'

export interface ImportBenchResult {
  rows: number
  fileMb: number
  importSeconds: number
  importRowsPerSecond: number
  exportSeconds: number
  exportRowsPerSecond: number
  rssBeforeMb: number
  rssPeakImportMb: number
  rssPeakExportMb: number
  failed: number
}

const CLASSES = 50

function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8')
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0)
  return kb / 1024
}

/** Samples the server's RSS every 100 ms while `work` runs; returns its result and the peak. */
async function sampled<T>(pid: number, work: () => Promise<T>): Promise<{ value: T; peakMb: number }> {
  let peak = rssMb(pid)
  const timer = setInterval(() => {
    peak = Math.max(peak, rssMb(pid))
  }, 100)
  try {
    const value = await work()
    return { value, peakMb: Math.max(peak, rssMb(pid)) }
  } finally {
    clearInterval(timer)
  }
}

async function studentsFile(rows: number, grade: string): Promise<Buffer> {
  const wb = new ExcelJS.Workbook()
  const ws = wb.addWorksheet('学生')
  ws.addRow(['姓名*', '学号*', '年级*', '班级*', '性别', '身份证号', '手机号', '入学日期', '登录名', '备注'])
  for (let i = 0; i < rows; i++)
    ws.addRow([
      `压测学生${i}`,
      `B${grade}${String(i).padStart(6, '0')}`,
      grade,
      `${(i % CLASSES) + 1}班`,
      i % 2 ? '女' : '男',
      '',
      '',
      '2026-09-01',
    ])
  return Buffer.from(await wb.xlsx.writeBuffer())
}

export async function benchImport(
  base: string,
  pid: number,
  rows: number,
  /** Called as each measured phase starts and when both are over (a profiler's marks). */
  phase: (p: 'import' | 'export' | 'done') => void | Promise<void> = () => {},
): Promise<ImportBenchResult> {
  const login = await postJson<{ data: { userToken?: string } }>(`${base}/base/api/auth/loginByUserPwd`, {
    userName: 'xxadmin',
    password: 'Demo@2026',
    loginType: 1,
  })
  const token = login.data.userToken
  if (!token) throw new Error('login as xxadmin failed; the import bench needs the demo seed')
  const auth = { authorization: `Bearer ${token}` }
  const call = async <T>(url: string, body?: unknown): Promise<T> => {
    const r = await fetch(
      base + url,
      body === undefined
        ? { headers: auth }
        : { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: JSON.stringify(body) },
    )
    const env = (await r.json()) as { code: number; msg: string; data: T }
    if (env.code !== 0) throw new Error(`${url}: ${env.msg}`)
    return env.data
  }
  const grade = `压测${Date.now().toString(36)}`
  const gradeId = await call<number>('/base/api/grade/add', { name: grade, entryYear: 2026 })
  for (let c = 1; c <= CLASSES; c++) await call('/base/api/class/add', { gradeId, name: `${c}班` })
  const file = await studentsFile(rows, grade)

  await phase('import')
  const rssBeforeMb = rssMb(pid)
  const started = Date.now()
  const imp = await sampled(pid, async () => {
    const form = new FormData()
    form.append('file', new Blob([file]), `${grade}.xlsx`)
    const r = await fetch(`${base}/base/api/userInfo/studentInfo/importExcel`, {
      method: 'POST',
      headers: auth,
      body: form,
    })
    const env = (await r.json()) as { code: number; msg: string; data: { importLogId: number } }
    if (env.code !== 0) throw new Error(`importExcel: ${env.msg}`)
    for (;;) {
      await new Promise((res) => setTimeout(res, 500))
      const t = await call<{ status: number; successCount: number; failCount: number; message: string | null }>(
        `/base/api/commonImportLog/log/detail?id=${env.data.importLogId}`,
      )
      if (t.status >= 2) {
        if (t.status !== 2) throw new Error(`import ended with status ${t.status}: ${t.message ?? ''}`)
        return t
      }
    }
  })
  const importSeconds = (Date.now() - started) / 1000

  // 100,000 minors are over the default limit of a masked export without approval (docs/privacy.md "Export
  // approval"): the district's admin lifts it, as imports.test.ts does, so the export measured is the export itself.
  const bureau = await postJson<{ data: { userToken?: string } }>(`${base}/base/api/auth/loginByUserPwd`, {
    userName: 'jyjadmin',
    password: 'Demo@2026',
    loginType: 1,
  })
  const lift = await fetch(`${base}/base/api/privacy/officer/save`, {
    method: 'POST',
    headers: { authorization: `Bearer ${bureau.data.userToken ?? ''}`, 'content-type': 'application/json' },
    body: JSON.stringify({ officerUserInfoId: null, minorRowLimit: null }),
  })
  const lifted = (await lift.json()) as { code: number; msg: string }
  if (lifted.code !== 0) throw new Error(`lifting the export limit: ${lifted.msg}`)

  await phase('export')
  const exportStarted = Date.now()
  const exp = await sampled(pid, async () => {
    const r = await fetch(`${base}/base/api/userInfo/studentInfo/export`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ keyword: '压测学生' }),
    })
    const body = Buffer.from(await r.arrayBuffer())
    if (!r.ok || body.readUInt32LE(0) !== 0x04034b50)
      throw new Error(`export answered ${r.status}: ${body.subarray(0, 200).toString()}`)
    return body.length
  })
  const exportSeconds = (Date.now() - exportStarted) / 1000
  await phase('done')

  return {
    rows,
    fileMb: file.length / 1048576,
    importSeconds,
    importRowsPerSecond: rows / importSeconds,
    exportSeconds,
    exportRowsPerSecond: rows / exportSeconds,
    rssBeforeMb,
    rssPeakImportMb: imp.peakMb,
    rssPeakExportMb: exp.peakMb,
    failed: imp.value.failCount,
  }
}

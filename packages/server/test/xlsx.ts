import ExcelJS from '../src/platform/exceljs.js'
import type { TestApp } from './helpers.js'

/** A real .xlsx made by the test: a header row, then the rows. */
export async function xlsx(header: string[], rows: (string | number)[][], sheet = 'Sheet1'): Promise<Buffer> {
  const wb = new ExcelJS.Workbook()
  const ws = wb.addWorksheet(sheet)
  ws.addRow(header)
  for (const r of rows) ws.addRow(r)
  return Buffer.from(await wb.xlsx.writeBuffer())
}

/** Posts a file as multipart field `file` (plus text fields), as the browser's upload does. */
export async function upload(t: TestApp, url: string, token: string, file: Buffer, name = 'data.xlsx', fields: Record<string, string> = {}) {
  const boundary = '----zx' + Math.random().toString(16).slice(2)
  const parts = Object.entries(fields).map(([k, v]) => Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`))
  const payload = Buffer.concat([
    ...parts,
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
    file, Buffer.from(`\r\n--${boundary}--\r\n`),
  ])
  const res = await t.app.inject({ method: 'POST', url, payload, headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}` } })
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each test reads its own shape of data
  return { status: res.statusCode, ...(res.json() as { code: number; msg: string; data: any }) }
}

/** Every row of the first sheet of a downloaded workbook, as text. */
export async function readXlsx(body: Buffer): Promise<string[][]> {
  const wb = new ExcelJS.Workbook()
  await wb.xlsx.load(body as unknown as ArrayBuffer)
  const rows: string[][] = []
  wb.worksheets[0]!.eachRow((r) => rows.push((r.values as unknown[]).slice(1).map((v) => (v == null ? '' : String(v)))))
  return rows
}

// Profiling aid: the time and memory of reading a 100,000-student sheet on its own (node --expose-gc).
import ExcelJS from '../src/platform/exceljs.js'
import { readSheet } from '../src/platform/excel.js'
import { STUDENT_COLUMNS } from '../src/modules/people/columns.js'

const rows = Number(process.env.ROWS ?? 100_000)
const wb = new ExcelJS.Workbook()
const ws = wb.addWorksheet('学生')
ws.addRow(['姓名*', '学号*', '年级*', '班级*', '性别', '身份证号', '手机号', '入学日期', '登录名', '备注'])
for (let i = 0; i < rows; i++)
  ws.addRow([
    `压测学生${i}`,
    `B压测${String(i).padStart(6, '0')}`,
    '压测',
    `${(i % 50) + 1}班`,
    i % 2 ? '女' : '男',
    '',
    '',
    '2026-09-01',
  ])
const file = Buffer.from(await wb.xlsx.writeBuffer())
const gc = (globalThis as { gc?: () => void }).gc!
gc()
const mb = () => ({ rss: process.memoryUsage().rss / 1048576, heap: process.memoryUsage().heapUsed / 1048576 })
const before = mb()
const t = performance.now()
const read = await readSheet(file, STUDENT_COLUMNS, 100_000)
const ms = performance.now() - t
const peak = mb()
gc()
const held = mb()
console.log(JSON.stringify({ rows: read.length, ms: Math.round(ms), before, peak, held }))
gc()
const b2 = mb()
const t2 = performance.now()
const slow = await readSheet(file, STUDENT_COLUMNS, 100_000, 'exceljs')
console.log(
  JSON.stringify({
    reader: 'exceljs',
    ms: Math.round(performance.now() - t2),
    peak: mb(),
    b2,
    same: JSON.stringify(slow) === JSON.stringify(read),
  }),
)

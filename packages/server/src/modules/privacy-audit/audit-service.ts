import { type AuditPackQuery } from '@zhixiao/shared'
import type { AppContext, AuthInfo } from '../../platform/context.js'
import ExcelJS from '../../platform/exceljs.js'
import { recordOp } from '../../platform/op-log.js'
import './builtin-sections.js'
import { findTenantName } from './queries.js'
import { auditSections, type AuditSheet } from './sections.js'

const TITLE = '未成年人个人信息保护合规审计'
/** Excel's limit on a sheet name. */
const SHEET_NAME_MAX = 31

function addSheet(wb: InstanceType<typeof ExcelJS.Workbook>, s: AuditSheet): void {
  const ws = wb.addWorksheet(s.name.slice(0, SHEET_NAME_MAX))
  ws.addRow([s.name]).font = { bold: true, size: 14 }
  ws.addRow([s.note ?? ''])
  const header = ws.addRow(s.columns.map((c) => c.header))
  header.font = { bold: true }
  header.eachCell((c) => {
    c.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFE6F0FF' } }
  })
  for (const r of s.rows) ws.addRow(s.columns.map((c) => r[c.key] ?? ''))
  s.columns.forEach((c, i) => {
    ws.getColumn(i + 1).width = c.width ?? 12
  })
  ws.views = [{ state: 'frozen', ySplit: 3 }]
}

/**
 * The year's audit pack of minors' personal information (未成年人网络保护条例 art. 37): a first sheet 概览 with every
 * section's counts, then each section's sheets. The route holds the page code and the top-org rule. Counts and org
 * and app names only: no person's data is in the file. Its generation is an operation-log line.
 */
export async function auditPack(ctx: AppContext, auth: AuthInfo, q: AuditPackQuery): Promise<Buffer> {
  const year = q.year
  const { tenantName, parts } = await ctx.db.tenant(auth.tenantId, async (trx) => {
    const parts = []
    for (const s of auditSections()) parts.push(await s.build({ trx, year }))
    const tenantName = (await findTenantName(trx, auth.tenantId))?.name ?? ''
    await recordOp(trx, auth, { module: '年度合规审计', action: '生成审计包', target: `${year}年`, important: true })
    return { tenantName, parts }
  })
  const wb = new ExcelJS.Workbook()
  wb.creator = 'Zhixiao'
  wb.title = `${tenantName} ${year}年${TITLE}`
  const generatedAt = ctx.clock.now().toLocaleString('zh-CN', { timeZone: 'Asia/Shanghai', hour12: false })
  addSheet(wb, {
    name: '概览',
    note: `${tenantName}，审计期间：${year}-01-01 至 ${year}-12-31，生成时间：${generatedAt}`,
    columns: [
      { header: '项目', key: 'label', width: 40 },
      { header: '数值', key: 'value', width: 16 },
    ],
    rows: parts.flatMap((p) => p.summary.map(([label, value]) => ({ label, value }))),
  })
  for (const p of parts) for (const s of p.sheets) addSheet(wb, s)
  return Buffer.from(await wb.xlsx.writeBuffer())
}

export const auditPackName = (year: number) => `${year}年${TITLE}.xlsx`

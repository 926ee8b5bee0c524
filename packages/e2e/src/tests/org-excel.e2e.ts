import ExcelJS from 'exceljs'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { assert, signIn, test } from '../harness.js'

const HEADER = [
  '机构名称*',
  '上级机构名称*',
  '机构编码',
  '类别（机构/部门）',
  '单位属性',
  '学段类型（Z12/Z3）',
  '地址',
  '联系人',
  '联系电话',
  '备注',
]

async function sheet(dir: string, name: string, rows: string[][]): Promise<string> {
  const wb = new ExcelJS.Workbook()
  const ws = wb.addWorksheet('机构导入')
  ws.addRow(HEADER)
  for (const r of rows) ws.addRow(r)
  const file = path.join(dir, name)
  await wb.xlsx.writeFile(file)
  return file
}

test('organisation setup imports schools from Excel (a file with a bad row adds nothing and lists why) and exports them', async ({
  newPage,
  baseUrl,
}) => {
  const run = Date.now().toString(36)
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zx-org-'))
  const page = await newPage()
  await signIn(page, baseUrl, 'jyjadmin')
  await page.goto(`${baseUrl}/#/base-organization/orgSet`)
  const screen = page.locator('[data-page="/base-organization/orgSet"]')
  await screen.locator('.ant-tree').getByText('示范区教育局').waitFor()

  const bad = await sheet(dir, 'bad.xlsx', [
    [`导入小学${run}`, '示范区教育局', '', '机构', '8', 'Z12'],
    [`导入中学${run}`, '不存在的上级', '', '机构', '9', 'Z12'],
  ])
  await page.getByTestId('org-import-file').setInputFiles(bad)
  const errors = page.locator('.ant-modal').filter({ hasText: '未导入任何数据' })
  await errors.locator('.ant-table-row').filter({ hasText: '3' }).waitFor()
  await errors.getByRole('button', { name: /知道了|确\s*定|OK/ }).click()
  assert(
    (await screen.locator('.ant-tree').getByText(`导入小学${run}`).count()) === 0,
    'nothing is added from a file with a bad row',
  )

  const good = await sheet(dir, 'good.xlsx', [[`导入小学${run}`, '示范区教育局', '', '机构', '8', 'Z12']])
  await page.getByTestId('org-import-file').setInputFiles(good)
  await page.getByText('导入成功').first().waitFor()
  await screen.locator('.ant-tree').getByText(`导入小学${run}`).waitFor()

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    screen.getByRole('button', { name: '导出' }).click(),
  ])
  const saved = path.join(dir, 'export.xlsx')
  await download.saveAs(saved)
  const wb = new ExcelJS.Workbook()
  await wb.xlsx.readFile(saved)
  const names: string[] = []
  wb.worksheets[0]!.eachRow((r, i) => {
    if (i > 1) names.push(String(r.getCell(1).value))
  })
  assert(
    names.includes(`导入小学${run}`) && names.includes('示范区第二中学'),
    `export lists the schools: ${names.join(',')}`,
  )
})

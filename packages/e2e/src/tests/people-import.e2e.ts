import ExcelJS from 'exceljs'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { assert, signIn, tableRow, test } from '../harness.js'

/** Calls the real API as the given user (setup only; what the test is about happens in the browser). */
async function api(base: string, userName: string) {
  const login = await fetch(`${base}/base/api/auth/loginByUserPwd`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ userName, password: 'Demo@2026', loginType: 1, version: 2, needRandomOrg: false }),
  }).then((r) => r.json() as Promise<{ data: { userToken: string } }>)
  const token = login.data.userToken
  return async (url: string, body: unknown) => {
    const r = await fetch(`${base}${url}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
    })
    const env = (await r.json()) as { code: number; msg: string; data: number }
    assert(env.code === 0, `${url}: ${env.msg}`)
    return env.data
  }
}

test('an admin imports a class of students from a file, watches the panel reach 100%, sees them listed and exports them again', async ({
  newPage,
  baseUrl,
}) => {
  const run = Date.now().toString(36)
  const grade = `导入${run}级`
  const post = await api(baseUrl, 'xxadmin')
  const gradeId = await post('/base/api/grade/add', { name: grade, entryYear: 2026 })
  await post('/base/api/class/add', { gradeId, name: '1班' })

  // A real workbook in the template's columns: 40 students of one class.
  const wb = new ExcelJS.Workbook()
  const ws = wb.addWorksheet('学生')
  ws.addRow(['姓名*', '学号*', '年级*', '班级*', '性别', '身份证号', '手机号', '入学日期', '登录名', '备注'])
  const names = Array.from({ length: 40 }, (_, i) => `学生${run}${String(i + 1).padStart(2, '0')}`)
  names.forEach((n, i) => ws.addRow([n, `${run}${String(i + 1).padStart(3, '0')}`, grade, '1班', i % 2 ? '女' : '男']))
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'zx-import-')), `${grade}1班.xlsx`)
  await wb.xlsx.writeFile(file)

  const page = await newPage()
  await signIn(page, baseUrl, 'xxadmin')
  await page.goto(`${baseUrl}/#/base-userAccount/students`)
  const screen = page.locator('[data-page="/base-userAccount/students"]')
  await page.getByTestId('student-import-file').setInputFiles(file)
  await page.getByText('导入任务已创建').first().waitFor()

  const task = page
    .getByTestId('import-panel')
    .getByTestId('import-task')
    .filter({ hasText: `${grade}1班.xlsx` })
  await task.getByText('100%').waitFor({ timeout: 30_000 })
  await task.getByText('成功 40 条，失败 0 条').waitFor()

  await screen.getByPlaceholder('姓名或学号').fill(`学生${run}`)
  await screen.getByPlaceholder('姓名或学号').press('Enter')
  await screen.getByText('共 40 条').waitFor()
  await tableRow(screen, names[0]!).getByText('1班').waitFor()

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    screen.getByRole('button', { name: '导出' }).click(),
  ])
  const saved = path.join(path.dirname(file), 'export.xlsx')
  await download.saveAs(saved)
  const out = new ExcelJS.Workbook()
  await out.xlsx.readFile(saved)
  const rows: string[] = []
  out.worksheets[0]!.eachRow((r, i) => {
    if (i > 1) rows.push(String(r.getCell(1).value))
  })
  assert(rows.length === 40, `export holds ${rows.length} rows, expected 40`)
  assert(
    names.every((n) => rows.includes(n)),
    'every imported student is in the export',
  )
  assert(download.suggestedFilename().endsWith('.xlsx'), `export file name ${download.suggestedFilename()}`)
})

import type { BrowserContext, Page } from 'playwright-core'
import { devices } from 'playwright-core'
import { orgSetupContracts, parentContracts, roleContracts, teacherContracts } from '@zhixiao/shared'
import { api, assert, callAs, signIn, signInFirstTime, test, tokenOf, watchPageErrors } from '../harness.js'

const STAMP = String(Date.now()).slice(-7)
/** A generated student of 第一实验小学 and her mother, made by this journey (not 王小明: lane A reads him). */
const STUDENT = '转学测试生'
const JOB_NO = `ZX${STAMP}`
const PARENT_PHONE = `136${STAMP}0`.slice(0, 11)
const RECEIVER_PHONE = `135${STAMP}1`.slice(0, 11)
const NEW_PASSWORD = 'Transfer@2026'
/** The mother's 孩子信息查看记录 on her phone names the child's school (and class). */
async function childSchool(page: Page, baseUrl: string, schoolName: string): Promise<void> {
  await page.goto(`${baseUrl}/#/mobile/childAccess`)
  // A hash change keeps the app and its cached answers: load it afresh, as opening the screen again would.
  await page.reload()
  const screen = page.locator('[data-page="/mobile/childAccess"]')
  await screen.waitFor()
  await screen.getByTestId('child-access').waitFor()
  const line = await screen
    .getByTestId('child-school')
    .innerText({ timeout: 10_000 })
    .catch(() => '')
  assert(
    line.startsWith(`${STUDENT}：`) && line.includes(schoolName),
    `the child's school: "${line}" (screen: ${(await screen.innerText()).slice(0, 300)})`,
  )
}
const OK = (label: string) => new RegExp(`^${label.split('').join(' ?')}$`)

/**
 * Issue 27 points 5 and 8 (docs/school-year.md "Transfers"): the admin of the district's 初中 applies to take in a
 * student of 第一实验小学 (转入申请), xxadmin agrees (转出审核), jyjadmin approves (教育局审核); the student's mother
 * sees on her phone the child's school before and, after signing in again, after.
 */
test('transfers: a student moves from 第一实验小学 to the 初中 across the three steps; her mother sees it on a phone', async ({
  browser,
  baseUrl,
}) => {
  const school = await tokenOf(baseUrl, 'xxadmin')
  const bureau = await tokenOf(baseUrl, 'jyjadmin')
  // The student in 王小明's class, and her mother (login name: her phone; the initial password).
  const list = await api<{ list: { classId: number }[] }>(baseUrl, '/base/api/userInfo/studentInfo/page', {
    token: school,
    body: { keyword: '王小明', pageIndex: 1, pageSize: 5 },
  })
  const classId = list.data.list[0]?.classId
  assert(classId, `王小明's class: ${list.msg}`)
  const added = await api<number>(baseUrl, '/base/api/userInfo/studentInfo/add', {
    token: school,
    body: { trueName: STUDENT, jobNo: JOB_NO, classId },
  })
  assert(added.code === 0, `the student is added: ${added.msg}`)
  await callAs(
    baseUrl,
    parentContracts.add,
    { trueName: '转学测试家长', phone: PARENT_PHONE, childId: added.data, relation: '母亲' },
    school,
  )
  // The receiving school's admin: a teacher of the 初中 given the built-in admin role by jyjadmin.
  const orgs = await api<{ orgId: number; name: string; unitAttr: number }[]>(baseUrl, orgSetupContracts.all.path, {
    token: bureau,
  })
  const middle = orgs.data.find((o) => o.name !== '第一实验小学' && /中学|初中/.test(o.name))
  assert(middle, `the district has a 初中: ${orgs.data.map((o) => o.name).join('、')}`)
  const receiverId = await callAs(
    baseUrl,
    teacherContracts.add,
    { orgId: middle.orgId, trueName: '转入学校管理员', phone: RECEIVER_PHONE, userName: `zr${STAMP}` },
    bureau,
  )
  // A POST without a body: api() sends an empty one (callAs would make it a GET).
  const roles = await api<{ id: number; code: string }[]>(baseUrl, roleContracts.all.path, { body: {}, token: bureau })
  const admin = roles.data.find((r) => r.code === 'admin')
  assert(admin, 'the built-in admin role')
  await callAs(baseUrl, roleContracts.addMembers, { roleId: admin.id, userInfoIds: [Number(receiverId)] }, bureau)

  const contexts: BrowserContext[] = []
  const desk = async () => {
    const c = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' })
    c.setDefaultTimeout(30_000)
    contexts.push(c)
    return c.newPage()
  }
  try {
    // ---- 0. The mother on her phone: her child at 第一实验小学.
    const phoneCtx = await browser.newContext({ ...devices['iPhone 13'], locale: 'zh-CN' })
    phoneCtx.setDefaultTimeout(30_000)
    contexts.push(phoneCtx)
    const mum = await phoneCtx.newPage()
    await signInFirstTime(mum, baseUrl, PARENT_PHONE, NEW_PASSWORD)
    await childSchool(mum, baseUrl, '第一实验小学')

    // ---- 1. The 初中's admin finds the student and applies.
    const rec = await desk()
    const recErrors = watchPageErrors(rec)
    await signInFirstTime(rec, baseUrl, `zr${STAMP}`, NEW_PASSWORD)
    await rec.goto(`${baseUrl}/#/base-transfer/index`)
    const recPage = rec.locator('[data-page="/base-transfer/index"]')
    await recPage.getByLabel('学生姓名').fill(STUDENT)
    await recPage.getByLabel('学籍号或身份证号').fill(JOB_NO)
    await recPage.getByRole('button', { name: OK('查找') }).click()
    const candidate = recPage.getByTestId('transfer-candidate').filter({ hasText: '第一实验小学' })
    await candidate.waitFor()
    assert(!(await candidate.innerText()).includes(JOB_NO), 'the 学号 is masked when found')
    await candidate.getByRole('button', { name: '为该学生申请转入' }).click()
    await recPage.getByLabel(/转学原因/).fill('随父母工作调动（E2E）')
    await recPage.getByRole('button', { name: OK('提交转入申请') }).click()
    await rec.getByText('已提交转入申请，待转出学校审核').first().waitFor()
    const mine = recPage.getByTestId('transfer-card').filter({ hasText: STUDENT }).first()
    await mine.getByText('待转出审核').waitFor()
    await mine.getByText('剩余 10 个工作日', { exact: false }).waitFor()
    recErrors()

    // ---- 2. xxadmin agrees on 转出审核.
    const out = await desk()
    const outErrors = watchPageErrors(out)
    await signIn(out, baseUrl, 'xxadmin')
    await out.goto(`${baseUrl}/#/base-transfer/index`)
    const outPage = out.locator('[data-page="/base-transfer/index"]')
    await outPage.getByRole('tab', { name: '转出审核' }).click()
    const toAgree = outPage.getByTestId('transfer-card').filter({ hasText: STUDENT }).first()
    await toAgree.getByText('剩余 10 个工作日', { exact: false }).waitFor()
    await toAgree.getByRole('button', { name: '同意转出' }).click()
    await out.getByText('已同意转出，待教育局审核').first().waitFor()
    outErrors()

    // ---- 3. jyjadmin approves on 教育局审核: effective today.
    const jyj = await desk()
    const jyjErrors = watchPageErrors(jyj)
    await signIn(jyj, baseUrl, 'jyjadmin')
    await jyj.goto(`${baseUrl}/#/base-transfer/index`)
    const jyjPage = jyj.locator('[data-page="/base-transfer/index"]')
    const toApprove = jyjPage.getByTestId('transfer-card').filter({ hasText: STUDENT }).first()
    await toApprove.getByText('待教育局审核').waitFor()
    await toApprove.getByRole('button', { name: OK('批准') }).click()
    await jyj.getByText('已批准').first().waitFor()
    await toApprove.getByText(/已转入/).waitFor()
    jyjErrors()

    // ---- 4. The sending school keeps a read-only record of her period there.
    await out.reload()
    await outPage.getByRole('tab', { name: '转出学生' }).click()
    await outPage.getByTestId('transferred-out-card').filter({ hasText: STUDENT }).getByText(/转至/).waitFor()

    // ---- 5. The mother's session ended with the move: she signs in again and sees the new school.
    await signIn(mum, baseUrl, PARENT_PHONE, NEW_PASSWORD)
    await childSchool(mum, baseUrl, middle.name)
  } finally {
    for (const c of contexts) await c.close()
  }
})

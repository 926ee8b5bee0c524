import { RETENTION_DEFAULTS } from '@zhixiao/shared'
import { api, assert, signIn, test, tokenOf, watchPageErrors } from '../harness.js'

interface Student {
  id: number
  trueName: string
  jobNo: string | null
  phone: string | null
  sex: number | null
  idCard: string | null
  enteredOn: string | null
  remark: string | null
  className: string | null
  parentCount: number
}
interface Detail extends Student {
  archived: boolean
  parents: { parentId: number }[]
}

/**
 * Issue 26 point 6 (docs/privacy.md "Retention and requests"): a generated pupil of xxadmin's school with a phone and
 * a bound parent graduates (a 毕业 change record with effect leave, which graduates like the roll-over: the guardian
 * binding ends at once, the phone stays); jyjadmin sets contact and family to 0 days on 个人信息保留期限 and runs
 * 立即执行; the graduate's phone is gone, the name and student number remain, and 清理记录 names the graduate with
 * the two domains.
 */
test('privacy retention: a graduate’s binding ends at graduation, the phone is scrubbed by 立即执行, the name and 学号 stay', async ({
  browser,
  baseUrl,
}) => {
  const school = await tokenOf(baseUrl, 'xxadmin')
  const bureau = await tokenOf(baseUrl, 'jyjadmin')
  // A generated pupil: not 王小明 and not of 三年级(2)班, which earlier journeys of this lane use.
  const page = await api<{ list: Student[] }>(baseUrl, '/base/api/userInfo/studentInfo/page', {
    token: school,
    body: { pageIndex: 1, pageSize: 100 },
  })
  const pupil = page.data.list.find(
    (s) => s.trueName !== '王小明' && s.className !== '三年级(2)班' && s.parentCount > 0,
  )
  assert(pupil, `a pupil with a parent: ${page.msg}`)
  const detail = async () =>
    (await api<Detail>(baseUrl, `/base/api/userInfo/studentInfo/detail?id=${pupil.id}`, { token: school })).data
  // Generated pupils have no phone of their own: 编辑学生 gives this one a phone to scrub.
  const before = await detail()
  const edited = await api(baseUrl, '/base/api/userInfo/studentInfo/update', {
    token: school,
    body: {
      id: pupil.id,
      trueName: before.trueName,
      jobNo: before.jobNo,
      sex: before.sex,
      idCard: before.idCard,
      enteredOn: before.enteredOn,
      remark: before.remark,
      phone: '13712345678',
    },
  })
  assert(edited.code === 0, `the pupil gets a phone: ${edited.msg}`)

  // ---- 1. The pupil graduates: a 毕业 change record with effect leave archives the membership and ends the binding.
  const types = await api<{ list: { id: number; name: string }[] }>(baseUrl, '/base/api/dict/page', {
    token: bureau,
    body: { dictType: 'studentChangeType', pageIndex: 1, pageSize: 100 },
  })
  let graduate = types.data.list.find((d) => d.name === '毕业')?.id
  if (!graduate) {
    const added = await api<number>(baseUrl, '/base/api/dict/add', {
      token: bureau,
      body: { dictType: 'studentChangeType', name: '毕业', code: 'BY' },
    })
    assert(added.code === 0, `毕业 added: ${added.msg}`)
    graduate = added.data
  }
  const changed = await api(baseUrl, '/base/api/userInfo/change/add', {
    token: school,
    body: { userInfoId: pupil.id, changeTypeId: graduate, effect: 'leave', changedOn: '2026-07-01', remark: '毕业' },
  })
  assert(changed.code === 0, `the pupil graduates: ${changed.msg}`)
  const left = await detail()
  assert(left.archived && left.phone, 'archived, with the phone still there')
  assert(left.parents.length === 0, `the guardian binding ended at graduation: ${left.parents.length}`)

  const context = await browser.newContext({
    viewport: { width: 1440, height: 900 },
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
  })
  context.setDefaultTimeout(30_000)
  try {
    // ---- 2. jyjadmin: contact and family due at once, then 立即执行.
    const desk = await context.newPage()
    const errors = watchPageErrors(desk)
    await signIn(desk, baseUrl, 'jyjadmin')
    await desk.goto(`${baseUrl}/#/base-privacyLog/retention`)
    const screen = desk.locator('[data-page="/base-privacyLog/retention"]')
    await screen.getByRole('heading', { name: '个人信息保留期限' }).waitFor()
    const contact = screen.getByLabel('联系方式（手机号、邮箱、住址）')
    await contact.waitFor()
    // The form shows the tenant's periods once loaded (the defaults on a fresh demo).
    await desk.waitForFunction((el) => (el as HTMLInputElement | null)?.value !== '', await contact.elementHandle(), {
      timeout: 30_000,
    })
    await contact.fill('0')
    await screen.getByLabel('亲属关系（家长绑定、加入申请中的孩子信息）').fill('0')
    await screen.getByRole('button', { name: /^保\s?存$/ }).click()
    await desk.getByText('保存成功').first().waitFor()
    await screen.getByTestId('retention-run').click()
    await desk
      .locator('.ant-popconfirm')
      .getByRole('button', { name: /立即执行/ })
      .click()
    await desk
      .getByText(/已清理\d+人的到期信息/)
      .first()
      .waitFor()

    // ---- 3. 清理记录 names the graduate and the two domains, never a value.
    await screen.getByRole('tab', { name: '清理记录' }).click()
    const card = screen.getByTestId('journal-card').filter({ hasText: pupil.trueName }).first()
    await card.waitFor()
    const cardText = await card.innerText()
    assert(cardText.includes('联系方式') && cardText.includes('亲属关系'), `the journal names the domains: ${cardText}`)
    assert(!cardText.includes('13712345678'), 'the journal holds no phone')
    errors()
  } finally {
    await context.close()
  }

  // ---- 4. The record: phone gone (the binding went at graduation); the name and the student number stay.
  const after = await detail()
  assert(after.phone === null, `the phone is scrubbed: ${after.phone}`)
  assert(after.parents.length === 0, `the guardian binding is gone: ${after.parents.length}`)
  assert(after.trueName === pupil.trueName && after.jobNo === pupil.jobNo, 'the name and 学号 stay')
  // The demo goes back to the default periods for whatever runs after.
  const restored = await api(baseUrl, '/base/api/privacy/retention/policy/save', {
    token: bureau,
    body: RETENTION_DEFAULTS,
  })
  assert(restored.code === 0, `defaults restored: ${restored.msg}`)
})

import { api, assert, test, tokenOf, watchPageErrors } from '../harness.js'

// Messages (docs/messages.md "Messages and service accounts"): the demo parent asks (through the API, to stay lean) to
// join the demo middle school; the bureau admin approves; the parent signs in, the header's bell shows the unread
// message, the message centre lists it, and marking it read brings the count down.
test('messages: an approved join request reaches the parent’s bell and message centre; reading it lowers the count', async ({
  newPage,
  baseUrl,
}) => {
  const bureau = await tokenOf(baseUrl, 'jyjadmin')
  type Org = { orgId: number; name: string; orgType: string; children?: Org[] }
  const orgs = (await api(baseUrl, '/base/api/organizationUnit/all', { token: bureau })).data as Org[]
  const flat = (list: Org[]): Org[] => list.flatMap((o) => [o, ...flat(o.children ?? [])])
  const middle = flat(orgs).find((o) => o.orgType === 'org' && o.name.includes('中学'))
  assert(middle, `the demo district has a middle school: ${JSON.stringify(orgs).slice(0, 300)}`)
  const parent = await tokenOf(baseUrl, 'xiaomingmama')
  const asked = await api(baseUrl, '/base/api/userInfo/joinAudit/apply', {
    token: parent,
    body: { orgId: middle.orgId, reason: '二孩入学' },
  })
  assert(asked.code === 0, `the parent asks to join: ${asked.msg}`)
  const before = (await api(baseUrl, '/base/api/message/unreadCount', { token: parent })).data as number
  const decided = await api(baseUrl, '/base/api/userInfo/joinAudit/decide', {
    token: bureau,
    body: { id: asked.data, approve: true },
  })
  assert(decided.code === 0, `the bureau approves: ${decided.msg}`)

  const page = await newPage()
  const noErrors = watchPageErrors(page)
  await page.goto(`${baseUrl}/#/redirect/login`)
  await page.getByPlaceholder('请输入用户名').fill('xiaomingmama')
  await page.getByPlaceholder('请输入密码').fill('Demo@2026')
  await page.getByRole('button', { name: '登录', exact: true }).click()
  // A member of two schools now: the org choice comes first.
  await page.getByText(middle.name).first().click()
  await page.getByRole('button', { name: '确定' }).click()
  const bell = page.getByTestId('message-bell').first()
  await bell.waitFor()
  await page.waitForFunction(
    (n) => Number(document.querySelector('[data-testid="message-bell"]')?.getAttribute('data-unread')) === n,
    before + 1,
  )
  await bell.click()
  await page.locator('[data-page="/portal/messages"]').waitFor()
  const item = page.getByTestId('message-item').filter({ hasText: '加入申请已通过' }).first()
  await item.waitFor()
  assert((await item.getByTestId('message-content').innerText()).includes(middle.name), 'the message names the school')
  await item.getByTestId('message-mark-read').click()
  await page.waitForFunction(
    (n) => Number(document.querySelector('[data-testid="message-bell"]')?.getAttribute('data-unread')) === n,
    before,
  )
  // The list shows it read once it reloads.
  await page
    .locator('[data-testid="message-item"][data-read="true"]')
    .filter({ hasText: '加入申请已通过' })
    .first()
    .waitFor()
  noErrors()
})

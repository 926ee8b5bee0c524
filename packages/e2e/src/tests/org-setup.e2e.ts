import { assert, signIn, test } from '../harness.js'

test('the bureau admin adds a school in organisation setup; a school admin of another school cannot see it', async ({
  newPage,
  baseUrl,
}) => {
  const page = await newPage()
  await signIn(page, baseUrl, 'jyjadmin')
  await page.goto(`${baseUrl}/#/base-organization/orgSet`)
  const screen = page.locator('[data-page="/base-organization/orgSet"]')
  await screen.getByText('示范区第二中学').first().waitFor()
  await screen.getByRole('button', { name: '新增' }).click()
  const dialog = page.locator('.ant-modal')
  await dialog.getByPlaceholder('请输入机构名称').fill('示范区第三小学')
  await dialog.getByPlaceholder('请输入机构编码').fill('XX003')
  await dialog.getByRole('button', { name: '确定' }).click()
  await page.getByText('新增成功').first().waitFor()
  await screen.locator('.ant-table').getByText('示范区第三小学').waitFor()
  await screen.locator('.ant-tree').getByText('示范区第三小学').waitFor()

  // A duplicate name is refused with the server's message and nothing is added.
  await screen.getByRole('button', { name: '新增' }).click()
  await dialog.getByPlaceholder('请输入机构名称').fill('示范区第三小学')
  await dialog.getByRole('button', { name: '确定' }).click()
  await page.getByText('同一上级下已存在同名机构').first().waitFor()

  const other = await newPage()
  await signIn(other, baseUrl, 'xxadmin')
  await other.goto(`${baseUrl}/#/base-organization/orgSet`)
  const theirs = other.locator('[data-page="/base-organization/orgSet"]')
  await theirs.locator('.ant-tree').getByText('示范区第一实验小学').waitFor()
  assert((await theirs.getByText('示范区第三小学').count()) === 0, 'another school admin sees the new school')
  assert((await theirs.getByText('示范区第二中学').count()) === 0, 'a school admin sees a sibling school')
})

test('a teacher without the page code cannot open organisation setup', async ({ newPage, baseUrl }) => {
  const page = await newPage()
  await signIn(page, baseUrl, 'zhanglaoshi')
  await page.goto(`${baseUrl}/#/base-organization/orgSet`)
  await page.waitForURL(/#\/404/)
})

import { PortalMsg } from '@zhixiao/shared'
import { assert, pick, signIn, test } from '../harness.js'

test('a javascript: footer link is refused on save with 链接必须以http或/开头, and the portal footer never shows it', async ({
  newPage,
  baseUrl,
}) => {
  const page = await newPage()
  await signIn(page, baseUrl, 'xxadmin')
  await page.goto(`${baseUrl}/#/menhu-port/maintain/mainPage`)
  await page.getByTestId('mh-config-form').waitFor()
  const footer = page.getByTestId('footer-editor')
  await footer.getByRole('button', { name: '添加分组' }).click()
  await footer.getByRole('button', { name: '添加项' }).last().click()
  const row = footer.getByTestId('footer-item-row').last()
  await row.getByPlaceholder('文字或图片地址').fill('领取奖品')
  await pick(page, row.locator('.ant-select').nth(1), '链接')
  await row.getByPlaceholder('链接或悬浮图片地址').fill('javascript:alert(document.cookie)')
  await page.getByTestId('mh-config-save').click()
  await page.locator('.ant-message').getByText(PortalMsg.URL_HTTP).first().waitFor()

  // Nothing was stored: the portal's footer (read by visitors too) has no such item.
  await page.goto(`${baseUrl}/#/portal/home`)
  await page.getByTestId('portal-header').waitFor()
  const stored = await page.evaluate(async () => {
    const r = await fetch('/base/api/tenant/getTenantBottomBaseInfo?orgId=0')
    return r.headers.get('cache-control')
  })
  assert(stored === 'no-store', `API answers are not cached (got ${stored})`)
  assert((await page.getByText('领取奖品').count()) === 0, 'the refused footer item is not shown')
})

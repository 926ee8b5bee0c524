import type { Page } from 'playwright-core'
import { assert, openLauncher, pick, signIn, test } from '../harness.js'

async function toast(page: Page, text: string): Promise<void> {
  await page.locator('.ant-message').getByText(text).first().waitFor()
}

test('red dots: xxadmin marks 演示子应用 on /menhu-reddot; zhanglaoshi sees the dot in the launcher until opening it once; the class home follows its config; the outer-portal limit shuts the open portal', async ({
  browser,
  baseUrl,
  newPage,
}) => {
  const admin = await newPage()
  await signIn(admin, baseUrl, 'xxadmin')
  await admin.goto(`${baseUrl}/#/menhu-reddot`)
  await admin.getByTestId('redot-rules').waitFor()
  await admin.getByTestId('redot-add').click()
  const modal = admin.locator('.ant-modal:visible')
  await modal.getByLabel('规则名称').fill('演示子应用上新')
  await pick(admin, modal.getByLabel('应用', { exact: true }), '演示子应用', '演示')
  await modal
    .getByRole('button', { name: '确 定' })
    .or(modal.getByRole('button', { name: '确定' }))
    .click()
  await admin.getByTestId('redot-rules').getByText('应用：演示子应用').waitFor()
  await admin.getByTestId('redot-save').click()
  await toast(admin, '保存成功')

  // The class home config: 班主任 switched off for the school.
  await admin.goto(`${baseUrl}/#/menhu-port/class-home`)
  await admin.getByTestId('class-home-blocks').locator('[data-block="headTeacher"]').getByRole('checkbox').uncheck()
  await admin.getByTestId('class-home-save').click()
  await toast(admin, '保存成功')

  const teacherContext = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' })
  try {
    const teacher = await teacherContext.newPage()
    await signIn(teacher, baseUrl, 'zhanglaoshi')
    // The 应用 button carries a dot for the app inside; the tile shows its own.
    await teacher.getByTestId('app-launcher-trigger').locator('[data-red-dot]').waitFor()
    let launcher = await openLauncher(teacher)
    const tile = launcher.locator('[data-app="demo_subapp"]')
    await tile.locator('[data-red-dot="dot"]').waitFor()
    await tile.click()
    await teacher.waitForURL(/#\/dynamic/)
    // Opened once: gone, and still gone after a reload (the server keeps it).
    await teacher.reload()
    await teacher.getByTestId('portal-header').waitFor()
    launcher = await openLauncher(teacher)
    await launcher.locator('[data-app="demo_subapp"]').waitFor()
    assert(
      (await launcher.locator('[data-app="demo_subapp"] [data-red-dot]').count()) === 0,
      'the dot is gone after opening the app once',
    )
    await teacher.keyboard.press('Escape')

    // /portal/class follows ClassHomeConfig: the head teacher's class shows, the 班主任 block does not.
    await teacher.goto(`${baseUrl}/#/portal/class`)
    await teacher
      .getByTestId('class-home')
      .locator('[data-block="classInfo"] [data-testid="class-name"]')
      .first()
      .waitFor()
    assert(
      (await teacher.locator('[data-block="headTeacher"]').count()) === 0,
      'the switched-off 班主任 block is not shown',
    )
  } finally {
    await teacherContext.close()
  }

  // Outer-portal limit: only listed staff (none listed) — the admin's own open portal refuses them; everyone again reopens it.
  await admin.goto(`${baseUrl}/#/menhu-port/outer-limit`)
  await admin.getByTestId('outer-limit-type').getByText('仅指定人员').click()
  await admin.getByTestId('outer-limit-save').click()
  await toast(admin, '保存成功')
  await admin.goto(`${baseUrl}/#/openPortal`)
  await admin.getByTestId('open-portal-denied').getByText('您无权访问该公共门户').waitFor()
  await admin.goto(`${baseUrl}/#/menhu-port/outer-limit`)
  await admin.getByTestId('outer-limit-type').getByText('所有人（含未登录访客）').click()
  await admin.getByTestId('outer-limit-save').click()
  await toast(admin, '保存成功')
  await admin.goto(`${baseUrl}/#/openPortal`)
  await admin.locator('[data-page="/openPortal"] .ant-layout-content').waitFor()
  await admin.getByTestId('open-portal-denied').waitFor({ state: 'detached' })
})

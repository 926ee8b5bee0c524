import { assert, signIn, test, watchPageErrors } from '../harness.js'

test('assistant: zhanglaoshi opens the AI helper, asks the teacher leave quick question, reads the streamed how-to, then the chat is over; history stays after a reload; full width at 375 px', async ({
  baseUrl,
  newPage,
}) => {
  const page = await newPage()
  const errors = watchPageErrors(page)
  await signIn(page, baseUrl, 'zhanglaoshi')
  await page.getByTestId('assistant-open').click()
  await page.getByTestId('assistant-messages').getByText('您好，有什么可以帮到您？').waitFor()
  const input = page.getByTestId('assistant-input')
  // Blank input is not sent.
  await page.getByTestId('assistant-send').click()
  assert((await page.getByTestId('assistant-right').count()) === 0, 'a blank message is not sent')

  await page.getByTestId('assistant-quick').filter({ hasText: '老师如何请假？' }).click()
  await page.getByTestId('assistant-right').filter({ hasText: '老师如何请假？' }).waitFor()
  const reply = page.getByTestId('assistant-left').last()
  await reply.filter({ hasText: '返岗后在“我的请假”中点击“销假”' }).waitFor()
  assert((await reply.textContent())?.includes('来源：帮助文档《老师如何请假》'), 'the reply names its help article')
  // The end marker ends the conversation: the 4-row input is disabled and says so.
  await page.locator('[data-testid="assistant-input"][placeholder="对话已结束"]').waitFor()
  assert(await input.isDisabled(), 'the input is disabled after the conversation ends')
  assert((await input.getAttribute('rows')) === '4', 'the chat textarea has 4 rows')

  // History is kept per user in this browser.
  await page.reload()
  await page.getByTestId('assistant-open').click()
  await page.getByTestId('assistant-right').filter({ hasText: '老师如何请假？' }).waitFor()

  await page.setViewportSize({ width: 375, height: 740 })
  // The drawer re-sizes on the resize event: wait for it, then check it fills the screen without spilling over.
  await page.waitForFunction(
    () => (document.querySelector('[data-testid="assistant-drawer"]')?.getBoundingClientRect().width ?? 999) <= 375,
  )
  const box = await page.getByTestId('assistant-drawer').boundingBox()
  assert(box && box.width >= 370, `the drawer fills a 375 px phone (got ${box?.width})`)
  errors()
})

import type { Page } from 'playwright-core'
import { assert, signIn, signInSuperAdmin, tableRow, test } from '../harness.js'

type Answer = {
  code: number
  msg: string
  data: { userToken?: string; list?: { tenantId: number; uniqueName: string }[] } & number
}
const json = (r: Response) => r.json() as Promise<Answer>

async function tokenOf(base: string, userName: string, password: string, loginType = 1): Promise<string> {
  const r = await fetch(`${base}/base/api/auth/loginByUserPwd`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ userName, password, loginType, version: 2, needRandomOrg: false }),
  }).then(json)
  assert(r.data.userToken, `login of ${userName}: ${r.msg}`)
  return r.data.userToken
}
const post = (base: string, token: string, url: string, body: unknown) =>
  fetch(`${base}${url}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  }).then(json)

/** The uniqueIds of the login state's list `key` (000 §3: dataCenter, lowCodeApp), as persisted in localStorage. */
const stored = (page: Page, key: 'dataCenter' | 'lowCodeApp') =>
  page.evaluate(
    (k) =>
      (
        (JSON.parse(localStorage.getItem('zx-login') ?? '{}') as { state?: Record<string, { uniqueId: string }[]> })
          .state?.[k] ?? []
      ).map((a) => a.uniqueId),
    key,
  )

/** The uniqueIds the page lists, in order. */
const listed = async (page: Page, kind: string) => {
  const list = page.getByTestId(`dc-list-${kind}`)
  await list.waitFor()
  return list.locator('[data-app]').evaluateAll((els) => els.map((e) => e.getAttribute('data-app')))
}

test('data centre: the low-code and data-centre lists show exactly the apps a teacher may open, and one opens', async ({
  baseUrl,
  newPage,
}) => {
  // The district registers apps: two that qualify, and three that must stay out (app type 7, a permission the
  // teacher lacks, an id of neither list).
  const district = await tokenOf(baseUrl, 'jyjadmin', 'Demo@2026')
  const ids: number[] = []
  const register = async (b: Record<string, unknown>) => {
    const r = await post(baseUrl, district, '/base/mobileApp/save', b)
    assert(r.code === 0, `register ${String(b.uniqueId)}: ${r.msg}`)
    ids.push(r.data)
  }
  await register({ name: 'ICT发布', uniqueId: 'ict_pub', appType: 4, entryUrl: 'https://ict.example.invalid/' })
  await register({ name: '课表中心', uniqueId: 'schedule', appType: 3, reqUri: '/portal/systemCenter' })
  await register({ name: '剪辑中心', uniqueId: 'clipCenter', appType: 7, entryUrl: 'https://clip.example.invalid/' })
  await register({
    name: '监控中心',
    uniqueId: 'monitorCenter',
    appType: 4,
    entryUrl: 'https://mon.example.invalid/',
    permissionName: 'dc_e2e_monitor',
  })
  await register({
    name: '报表中心',
    uniqueId: 'report_center_x',
    appType: 4,
    entryUrl: 'https://rep.example.invalid/',
  })
  const platform = await tokenOf(baseUrl, 'administrator', 'Admin@2026')
  const tenants = await fetch(`${baseUrl}/base/api/dataCenter/warehouse/list?keyword=demo-district`, {
    headers: { authorization: `Bearer ${platform}` },
  }).then(json)
  const tenantId = tenants.data.list?.find((t) => t.uniqueName === 'demo-district')?.tenantId
  assert(tenantId, 'the demo tenant is listed for the data warehouse switch')
  try {
    const page = await newPage()
    await signIn(page, baseUrl, 'zhanglaoshi')
    await page.goto(`${baseUrl}/#/lowCodeApplication/index`)
    const low = await listed(page, 'lowCode')
    assert(JSON.stringify(low) === JSON.stringify(['ict_pub']), `low-code list: ${JSON.stringify(low)}`)
    assert(
      JSON.stringify(await stored(page, 'lowCodeApp')) === JSON.stringify(low),
      'the login state keeps the low-code list as loaded',
    )
    // The data centre waits for the platform administrator.
    await page.getByRole('tab', { name: '大数据中心' }).click()
    await page.getByTestId('warehouse-off').waitFor()
    // The platform administrator turns it on on /dataWare/house/index.
    const admin = await newPage()
    await signInSuperAdmin(admin, baseUrl)
    await admin.goto(`${baseUrl}/#/dataWare/house/index`)
    const row = tableRow(admin.locator('[data-page="/dataWare/house/index"]'), 'demo-district')
    await row.getByText('未开通').waitFor()
    await row.getByRole('button', { name: '开通' }).click()
    await admin
      .locator('.ant-modal-confirm')
      .getByRole('button', { name: /确\s*定|OK/ })
      .click()
    await row.getByText('已开通').waitFor()
    // The pages share one cookie jar: the teacher signs in again.
    await admin.close()
    await signIn(page, baseUrl, 'zhanglaoshi')
    await page.goto(`${baseUrl}/#/lowCodeApplication/index?type=dataCenter`)
    const data = await listed(page, 'dataCenter')
    assert(JSON.stringify(data) === JSON.stringify(['schedule']), `data-centre list: ${JSON.stringify(data)}`)
    assert(
      JSON.stringify(await stored(page, 'dataCenter')) === JSON.stringify(data),
      'the login state keeps the data-centre list as loaded',
    )
    await page.getByTestId('dc-list-dataCenter').locator('[data-app="schedule"]').click()
    await page.waitForURL(/#\/portal\/systemCenter/)
  } finally {
    await post(baseUrl, platform, '/base/api/dataCenter/warehouse/set', { tenantId, enabled: false })
    for (const id of ids)
      await fetch(`${baseUrl}/base/mobileApp/delete?id=${id}`, { headers: { authorization: `Bearer ${district}` } })
  }
})

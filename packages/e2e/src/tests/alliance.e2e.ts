import {
  api,
  assert,
  openUserMenuItem,
  signIn,
  signInPickingOrg,
  tableRow,
  test,
  tokenOf,
  watchPageErrors,
} from '../harness.js'

// School alliances (docs/alliance.md): the district founds one, a school applies in 我的联盟, the district approves
// it in 联盟成员, the school's administrator sees the alliance portal (also at phone width) and leaves with 离开联盟.

// Runs first: the demo alliance is then the only one jyjadmin runs.
test('alliance: the demo alliance — jyjadmin sees its member and the waiting application; lilaoshi at the member school opens its home from the header', async ({
  baseUrl,
  newPage,
}) => {
  const managed = await api<{ orgId: number; name: string }[]>(baseUrl, '/base/api/juxiao/getManagedList', {
    token: await tokenOf(baseUrl, 'jyjadmin'),
  })
  const demo = managed.data.find((a) => a.name === '示范区城乡教育联盟')
  assert(demo, `the demo alliance is seeded: ${JSON.stringify(managed.data)}`)

  const admin = await newPage()
  const adminErrors = watchPageErrors(admin)
  await signIn(admin, baseUrl, 'jyjadmin')
  await admin.goto(`${baseUrl}/#/allianceManage/allianceUser?orgId=${demo.orgId}`)
  await tableRow(admin.getByTestId('alliance-member-table'), '示范区第二中学').waitFor()
  await admin.getByRole('tab', { name: '加入申请' }).click()
  await tableRow(admin.getByTestId('alliance-member-table'), '示范职业技术学院')
    .getByRole('button', { name: '通过' })
    .waitFor()
  // 联盟设置 keeps the alliance's own header (saved on the alliance org): the members' alliance header shows it.
  await admin.goto(`${baseUrl}/#/allianceManage/setting?orgId=${demo.orgId}`)
  const header = admin.getByTestId('alliance-header-config')
  await header.getByLabel('系统名称').fill('城乡联盟门户')
  await header.getByTestId('alliance_mh_sys_config-save').click()
  await admin.locator('.ant-message').getByText('保存成功').first().waitFor()
  adminErrors()
  await admin.close()

  const teacher = await newPage()
  const teacherErrors = watchPageErrors(teacher)
  await signInPickingOrg(teacher, baseUrl, 'lilaoshi', '示范区第二中学')
  await teacher.getByTestId('alliance-entry').click()
  await teacher.waitForURL(/#\/alliancePortal\/home\?orgId=/)
  await teacher.getByTestId('alliance-home').waitFor()
  assert(
    (await teacher.getByTestId('alliance-name').textContent())?.includes('示范区城乡教育联盟'),
    'the home names the demo alliance',
  )
  await teacher.getByTestId('alliance-members').getByText('示范区第二中学').waitFor()
  await teacher.getByTestId('alliance-header').getByText('城乡联盟门户').waitFor()
  teacherErrors()
})

test('alliance: a school applies, is approved, sees the alliance portal and leaves it with 离开联盟', async ({
  baseUrl,
  newPage,
}) => {
  const district = await tokenOf(baseUrl, 'jyjadmin')
  const name = `城区学校联盟${Date.now() % 100000}`
  const founded = await api<{ orgId: number }>(baseUrl, '/base/api/juxiao/registerPage', {
    token: district,
    body: { name, intro: '城区学校共建共享', needAudit: true },
  })
  assert(founded.code === 0, `registerPage: ${founded.msg}`)
  const allianceId = founded.data.orgId
  const saved = await api(baseUrl, '/base/api/juxiao/setJuxiaoSetting', {
    token: district,
    body: {
      orgId: allianceId,
      intro: '城区学校共建共享',
      culture: '携手同行',
      needAudit: true,
      openToTenants: false,
      apps: [{ name: '联盟教研', url: 'https://jy.example.invalid/' }],
    },
  })
  assert(saved.code === 0, `setJuxiaoSetting: ${saved.msg}`)

  // The school's administrator applies from 我的联盟.
  const school = await newPage()
  const schoolErrors = watchPageErrors(school)
  await signIn(school, baseUrl, 'xxadmin')
  await school.goto(`${baseUrl}/#/allianceManage/join`)
  await school.getByTestId(`apply-${allianceId}`).click()
  await school.getByTestId('apply-ok').click()
  await school.getByText('申请已提交，请等待联盟管理员审核').waitFor()
  await school.getByTestId('my-alliances').getByText('待审核').waitFor()

  // The district approves it in 联盟成员 → 加入申请.
  const admin = await newPage()
  await signIn(admin, baseUrl, 'jyjadmin')
  await admin.goto(`${baseUrl}/#/allianceManage/allianceUser?orgId=${allianceId}`)
  await admin.getByRole('tab', { name: '加入申请' }).click()
  const row = tableRow(admin.getByTestId('alliance-member-table'), '第一实验小学')
  await row.getByRole('button', { name: '通过' }).click()
  await admin.getByText('已通过').waitFor()
  await admin.getByRole('tab', { name: '成员单位' }).click()
  await tableRow(admin.getByTestId('alliance-member-table'), '第一实验小学').waitFor()

  // The school enters the alliance portal: the alliance with its mark, introduction, members and shared apps.
  await admin.close()
  // The pages share the sign-in cookie: the school signs in again after the district did.
  await signIn(school, baseUrl, 'xxadmin')
  await school.goto(`${baseUrl}/#/allianceManage/join`)
  await school.getByTestId(`enter-${allianceId}`).click()
  await school.waitForURL(/#\/alliancePortal\/home\?orgId=/)
  await school.getByTestId('alliance-home').waitFor()
  assert((await school.getByTestId('alliance-name').textContent())?.includes(name), 'the portal names the alliance')
  await school.getByTestId('alliance-header').getByTestId('alliance-mark').waitFor()
  await school.getByTestId('alliance-intro').getByText('城区学校共建共享').waitFor()
  await school.getByTestId('alliance-members').getByText('第一实验小学').waitFor()
  await school.getByTestId('alliance-apps-link').click()
  await school.waitForURL(/#\/alliancePortal\/systemNav\/index/)
  await school.getByTestId('alliance-app-tiles').getByText('联盟教研').waitFor()

  // At phone width the portal fits the screen.
  const phone = await newPage({ width: 375, height: 812 })
  await phone.goto(`${baseUrl}/#/alliancePortal/home?orgId=${allianceId}`)
  await phone.getByTestId('alliance-home').waitFor()
  const overflow = await phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
  assert(overflow <= 0, `the alliance portal overflows 375 px by ${overflow}px`)
  await phone.goto(`${baseUrl}/#/allianceManage/join`)
  await phone.getByTestId(`enter-${allianceId}`).waitFor()
  const joinOverflow = await phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
  assert(joinOverflow <= 0, `我的联盟 overflows 375 px by ${joinOverflow}px`)
  await phone.close()

  // 离开联盟 in the alliance header's user menu ends the membership through the server.
  await school.goto(`${baseUrl}/#/alliancePortal/home?orgId=${allianceId}`)
  await school.getByTestId('alliance-home').waitFor()
  await openUserMenuItem(school, '离开联盟')
  await school.getByTestId('leave-alliance-ok').click()
  await school.getByText('已离开联盟').waitFor()
  await school.waitForURL(/#\/portal\//)
  const left = await api(baseUrl, '/base/api/juxiao/getJoinedAndAuditingList', {
    token: await tokenOf(baseUrl, 'xxadmin'),
  })
  assert(
    left.code === 0 &&
      Array.isArray(left.data) &&
      !left.data.some((m: { allianceOrgId: number }) => m.allianceOrgId === allianceId),
    `still a member: ${JSON.stringify(left.data)}`,
  )
  // The portal no longer opens for the school.
  await school.goto(`${baseUrl}/#/alliancePortal/home?orgId=${allianceId}`)
  await school.getByTestId('alliance-none').waitFor()
  schoolErrors()
})

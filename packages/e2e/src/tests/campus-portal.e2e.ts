import { api, assert, signIn, test, tokenOf } from '../harness.js'

const CAMPUS = '/sc-mobile-api/api/h5/faculty/campusPro'

test('campus portal: at 375 px a teacher sees the class the admin made them head of, the school totals, a new notice and weather off', async ({
  baseUrl,
  newPage,
}) => {
  // The school admin makes 张老师 head teacher of 一年级(1)班 and publishes a notice.
  const admin = await tokenOf(baseUrl, 'xxadmin')
  const cls = await api<{ list: { id: number; name: string; gradeName: string }[] }>(baseUrl, '/base/api/class/page', {
    token: admin,
    body: { keyword: '(1)班', pageSize: 50 },
  })
  const klass = cls.data.list.find((c) => c.gradeName === '一年级' && c.name === '(1)班')
  assert(klass, `the demo class: ${JSON.stringify(cls)}`)
  const teachers = await api<{ list: { id: number; userName: string }[] }>(
    baseUrl,
    '/base/api/userInfo/teacherInfo/page',
    { token: admin, body: { keyword: 'zhanglaoshi', pageSize: 20 } },
  )
  const zhang = teachers.data.list.find((x) => x.userName === 'zhanglaoshi')
  assert(zhang, `张老师: ${JSON.stringify(teachers.msg)}`)
  const set = await api<null>(baseUrl, '/base/api/class/setTeachers', {
    token: admin,
    body: { classId: klass.id, headTeacherId: zhang.id, teacherIds: [] },
  })
  assert(set.code === 0, `class teachers saved: ${set.msg}`)
  const types = await api<{ id: number; name: string }[]>(baseUrl, '/base/portal/module/getCMSTypeList', {
    token: admin,
  })
  const noticeType = types.data.find((x) => x.name === '通知公告')?.id
  const title = `校园门户测试通知${Date.now() % 100000}`
  const news = await api<number>(baseUrl, '/base/api/cms2/news/add', {
    token: admin,
    body: { title, noticeType, content: '<p>返校安排</p>' },
  })
  assert(news.code === 0, `news added: ${news.msg}`)
  assert(
    (await api<null>(baseUrl, '/base/api/cms2/news/publish', { token: admin, body: { id: news.data } })).code === 0,
    'news published',
  )

  // What the calls answer for 张老师, which the page must show.
  const teacher = await tokenOf(baseUrl, 'zhanglaoshi')
  const totals = (
    await api<{ students: number; teachers: number; classes: number }>(baseUrl, `${CAMPUS}/getTotalStatistic`, {
      token: teacher,
    })
  ).data
  const mine = (
    await api<{ list: { classId: number; studentCount: number }[] }>(baseUrl, `${CAMPUS}/getTeacherClass`, {
      token: teacher,
    })
  ).data.list
  const row = mine.find((c) => c.classId === klass.id)
  assert(row && totals.students > 0, `figures: ${JSON.stringify({ totals, mine })}`)

  const phone = await newPage({ width: 375, height: 812 })
  await signIn(phone, baseUrl, 'zhanglaoshi')
  await phone.goto(`${baseUrl}/#/mobile/campus`)
  await phone.getByTestId('campus-total-students').getByText(String(totals.students), { exact: true }).waitFor()
  await phone.getByTestId('campus-total-teachers').getByText(String(totals.teachers), { exact: true }).waitFor()
  await phone.getByTestId('campus-total-classes').getByText(String(totals.classes), { exact: true }).waitFor()
  const classes = phone.getByTestId('campus-classes')
  await classes.getByText('一年级 (1)班').waitFor()
  await classes.locator('.ant-list-item').filter({ hasText: '一年级 (1)班' }).getByText('班主任').waitFor()
  await classes
    .locator('.ant-list-item')
    .filter({ hasText: '一年级 (1)班' })
    .getByText(`${row.studentCount}名学生`)
    .waitFor()
  await phone.getByTestId('campus-notices').getByText(title).waitFor()
  // Weather is off by default: a clear line, no figure.
  await phone.getByTestId('campus-weather-msg').getByText('未开启天气服务', { exact: false }).waitFor()
  assert((await phone.getByTestId('campus-temp').count()) === 0, 'no temperature while weather is off')
  // The page fits the phone: nothing wider than the screen.
  const width = await phone.evaluate(() => document.documentElement.scrollWidth)
  assert(width <= 375, `the page fits 375 px (scrollWidth ${width})`)
  // The closed sign-in entry says where to go (001 §8), on the page before anyone clicks, and again when clicked.
  await phone.getByTestId('campus-backsign-note').getByText('本平台不办理返岗签到', { exact: false }).waitFor()
  await phone.getByTestId('campus-backsign').click()
  await phone.getByText('此入口已关闭，请到教师考勤模块查看，若无教师考勤模块，请联系管理员授权！').waitFor()
})

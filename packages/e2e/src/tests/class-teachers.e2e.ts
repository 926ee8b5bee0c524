import { api, assert, pickMany, signIn, test, tokenOf } from '../harness.js'

/** Every wait of this journey's own (the page's default is the harness's 30 s). */
const WAIT_MS = 20_000

interface TeacherRow {
  name?: string
  classes?: { id: number; is_head: boolean; subjects: { id: number; name: string; code: string | null }[] }[]
}

/**
 * Issue 24 point 4 ("teachers with their classes and subjects"; docs/open-platform.md, docs/campus.md): xxadmin opens
 * 班级教师 of 王小明's class (三年级(2)班), where the demo has 张老师 head teacher teaching 语文 and 李老师 teaching
 * 数学; she gives 李老师 科学 as well and saves. An app's server, reading the directory with its own
 * client-credentials token, finds 科学 beside 数学 on 李老师's class. The journey puts the class back as it found it.
 */
test('class teachers: xxadmin gives 李老师 a second subject in 三年级(2)班; the directory app reads it on her class', async ({
  baseUrl,
  newPage,
}) => {
  const admin = await tokenOf(baseUrl, 'xxadmin')
  const me = await api<{ orgId: number; tenantId: number }>(baseUrl, '/base/api/account/user/current/detail', {
    token: admin,
  })
  const cls = await api<{ list: { id: number; name: string; gradeName: string }[] }>(baseUrl, '/base/api/class/page', {
    token: admin,
    body: { keyword: '(2)班', pageSize: 50 },
  })
  const klass = cls.data.list.find((c) => c.gradeName === '三年级' && c.name === '(2)班')
  assert(klass, `王小明's class: ${cls.msg}`)
  type Screen = {
    teachers: { userInfoId: number; trueName: string; isHead: boolean; subjects: { id: number }[] }[]
  }
  const before = await api<Screen>(baseUrl, `/base/api/class/teachers?classId=${klass.id}`, { token: admin })
  assert(before.code === 0, `the class's teachers: ${before.msg}`)

  // An app of the district with server credentials and zx:school (registered the way 应用管理 does).
  const bureau = await tokenOf(baseUrl, 'jyjadmin')
  const uniqueId = `e2e_subjects_${Math.random().toString(36).slice(2, 8)}`
  const saved = await api<number>(baseUrl, '/base/mobileApp/save', {
    token: bureau,
    body: {
      name: `排课E2E${uniqueId.slice(-4)}`,
      uniqueId,
      reqUri: `/dynamic/${uniqueId}`,
      entryUrl: 'https://timetable.example.com/',
      userTypes: [1002],
    },
  })
  assert(saved.code === 0, `app save: ${saved.msg}`)
  const client = await api<{ client: { clientId: string }; secret: { clientSecret: string } | null }>(
    baseUrl,
    '/base/api/app/client/save',
    {
      token: bureau,
      body: {
        appId: saved.data,
        protocol: 'oidc',
        redirectUris: ['https://timetable.example.com/callback'],
        clientCredentials: true,
        scopes: ['profile', 'zx:school', 'directory'],
      },
    },
  )
  assert(client.code === 0 && client.data.secret, `client save: ${client.msg}`)
  const basic = Buffer.from(`${client.data.client.clientId}:${client.data.secret.clientSecret}`).toString('base64')
  const tokenRes = await fetch(`${baseUrl}/t/${me.data.tenantId}/oidc/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: `Basic ${basic}` },
    body: new URLSearchParams({ grant_type: 'client_credentials', scope: 'directory' }).toString(),
    signal: AbortSignal.timeout(WAIT_MS),
  })
  const appToken = ((await tokenRes.json()) as { access_token?: string }).access_token
  assert(appToken, `the app's token: ${tokenRes.status}`)
  const subjectsOfLi = async () => {
    const r = await api<{ items: TeacherRow[] }>(baseUrl, `/open/v1/teachers?school_id=${me.data.orgId}&limit=1000`, {
      token: appToken,
    })
    assert(r.code === 0, `directory read: ${r.msg}`)
    const li = r.data.items.find((x) => x.name === '李老师')
    return li?.classes?.find((c) => c.id === klass.id)?.subjects.map((s) => s.name)
  }
  const seeded = await subjectsOfLi()
  assert(
    JSON.stringify(seeded) === JSON.stringify(['数学']),
    `the demo's 李老师 teaches 数学 there: ${JSON.stringify(seeded)}`,
  )

  try {
    const page = await newPage()
    await signIn(page, baseUrl, 'xxadmin')
    await page.goto(`${baseUrl}/#/base-school/classTeachers?classId=${klass.id}`)
    const view = page.locator('[data-page="/base-school/classTeachers"]')
    const zhang = view.getByLabel('张老师（班主任）的任教学科')
    await zhang.waitFor({ timeout: WAIT_MS })
    const zhangItem = view.locator('.ant-form-item').filter({ hasText: '张老师（班主任）的任教学科' })
    await zhangItem.locator('.ant-select-selection-item').filter({ hasText: '语文' }).waitFor({ timeout: WAIT_MS })
    const li = view.getByLabel('李老师的任教学科')
    const liItem = view.locator('.ant-form-item').filter({ hasText: '李老师的任教学科' })
    await liItem.locator('.ant-select-selection-item').filter({ hasText: '数学' }).waitFor({ timeout: WAIT_MS })
    await pickMany(page, li, '科学')
    await liItem.locator('.ant-select-selection-item').filter({ hasText: '科学' }).waitFor({ timeout: WAIT_MS })
    await view.getByRole('button', { name: /保\s*存/ }).click()
    await page.getByText('保存成功').waitFor({ timeout: WAIT_MS })

    const after = await subjectsOfLi()
    assert(
      JSON.stringify(after) === JSON.stringify(['数学', '科学']),
      `the directory names both of 李老师's subjects in the class: ${JSON.stringify(after)}`,
    )
  } finally {
    // The class as the journey found it: the same teachers with the same subjects.
    const t = before.data.teachers
    const restored = await api<null>(baseUrl, '/base/api/class/setTeachers', {
      token: admin,
      body: {
        classId: klass.id,
        headTeacherId: t.find((x) => x.isHead)?.userInfoId ?? null,
        teacherIds: t.filter((x) => !x.isHead).map((x) => x.userInfoId),
        teacherSubjects: t.map((x) => ({ userInfoId: x.userInfoId, subjectIds: x.subjects.map((s) => s.id) })),
      },
    })
    assert(restored.code === 0, `class restored: ${restored.msg}`)
  }
})

import ExcelJS from 'exceljs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO_PASSWORD, seedDemoDistrict } from '../../server/src/db/seed/demo.js'
import { runWebhooks } from '../../server/src/modules/webhooks/dispatch.js'
import { loginToken, TEST_PASSWORD_PARAMS, type TestApp } from '../../server/test/helpers.js'
import type {
  ExamDetail,
  ExamSummary,
  Grid,
  ImportProblemView,
  Me,
  ResultDetail,
  ResultItem,
  StatsAnswer,
} from '../src/grades/api-types.js'
import { gradesApp } from '../src/grades/index.js'
import type { RunningApps } from '../src/kit/server.js'
import { Browser, freePort, registerSchoolApp, signIn, startApps, startHub } from './harness.js'

/**
 * 成绩管理 against the real hub with the demo district seeded: the demo exams, the scoping rules (who creates,
 * enters, sees what), the Excel import with a bad row, publishing with its message and red dots, the statistics —
 * and that no answer a student or a guardian receives holds a rank.
 */
let t: TestApp
let base: string
let apps: RunningApps
let tenantId: number
const as: Record<string, Browser> = {}

type Db = TestApp['db']
/** Lets a generated demo account sign in with the demo password (they must otherwise set their own first). */
async function usable(db: Db, userName: string) {
  await db.tenant(tenantId, async (trx) => {
    const { password_hash } = await trx
      .selectFrom('account')
      .select('password_hash')
      .where('user_name', '=', 'xiaomingmama')
      .executeTakeFirstOrThrow()
    await trx
      .updateTable('account')
      .set({ must_reset: false, password_changed_at: new Date(), password_hash })
      .where('user_name', '=', userName)
      .execute()
  })
}

/** Every key of a JSON value, at any depth. */
function keysOf(v: unknown): string[] {
  if (Array.isArray(v)) return v.flatMap(keysOf)
  if (v && typeof v === 'object') return Object.entries(v).flatMap(([k, x]) => [k, ...keysOf(x)])
  return []
}
const noRank = (v: unknown) => expect(keysOf(v).filter((k) => /rank|排名|名次/i.test(k))).toEqual([])

/** The grades app's id at the hub (its badges are rows of the hub's app_badge). */
let appId: number

/** The red dot the hub holds for a person in this app (what the portal shows). */
async function hubBadge(userName: string): Promise<number | undefined> {
  const row = await t.db.tenant(tenantId, (trx) =>
    trx
      .selectFrom('app_badge as b')
      .innerJoin('user_info as u', 'u.id', 'b.user_info_id')
      .innerJoin('account as a', 'a.id', 'u.account_id')
      .select('b.count')
      .where('b.app_id', '=', appId)
      .where('a.user_name', '=', userName)
      .executeTakeFirst(),
  )
  return row?.count
}

let others: { parent: string; childName: string; head: string; headClassId: number }

beforeAll(async () => {
  ;({ t, base } = await startHub())
  await seedDemoDistrict(t.db, TEST_PASSWORD_PARAMS, t.clock.now())
  const tenant = await t.db.platform((trx) =>
    trx.selectFrom('tenant').select('id').where('unique_name', '=', 'demo-district').executeTakeFirstOrThrow(),
  )
  tenantId = tenant.id
  // Another parent: of a classmate of 王小明 (their child has results in the same exams). Another head teacher: a
  // teacher of the primary school made head of 三年级(1)班 (the demo names only 张老师 as a head).
  others = await t.db.tenant(tenantId, async (trx) => {
    const xiaoming = await trx
      .selectFrom('user_info as u')
      .innerJoin('account as a', 'a.id', 'u.account_id')
      .select(['u.class_id', 'u.org_id'])
      .where('a.user_name', '=', 'xiaoming')
      .executeTakeFirstOrThrow()
    const parent = await trx
      .selectFrom('parent_child as pc')
      .innerJoin('user_info as c', 'c.id', 'pc.child_id')
      .innerJoin('user_info as p', 'p.id', 'pc.parent_id')
      .innerJoin('account as a', 'a.id', 'p.account_id')
      .select(['a.user_name', 'c.true_name as child'])
      .where('c.class_id', '=', xiaoming.class_id)
      .where('c.true_name', '<>', '王小明')
      .orderBy('c.job_no')
      .executeTakeFirstOrThrow()
    const cls = await trx
      .selectFrom('school_class as c')
      .innerJoin('grade as g', 'g.id', 'c.grade_id')
      .select('c.id')
      .where('g.name', '=', '三年级')
      .where('c.name', '=', '(1)班')
      .where('c.org_id', '=', xiaoming.org_id)
      .executeTakeFirstOrThrow()
    // The demo gives every class a 班主任 (class_teacher.is_head): 三年级(1)班's is a generated teacher.
    const teacher = await trx
      .selectFrom('class_teacher as ct')
      .innerJoin('user_info as u', 'u.id', 'ct.user_info_id')
      .innerJoin('account as a', 'a.id', 'u.account_id')
      .select(['u.id', 'a.user_name'])
      .where('ct.class_id', '=', cls.id)
      .where('ct.is_head', '=', true)
      .executeTakeFirstOrThrow()
    return { parent: parent.user_name, childName: parent.child, head: teacher.user_name, headClassId: cls.id }
  })
  await usable(t.db, others.parent)
  await usable(t.db, others.head)

  const bureau = await loginToken(t, 'jyjadmin', DEMO_PASSWORD)
  const port = await freePort()
  const appsUrl = `http://127.0.0.1:${port}`
  const client = await registerSchoolApp(t, tenantId, bureau, 'grades', appsUrl)
  appId = client.appId
  await runWebhooks(t.ctx)
  // demo: the kit's first sync seeds the grades demo (two published exams of 张老师's).
  apps = await startApps(base, tenantId, port, { grades: client }, [gradesApp], { demo: true })
  for (const [who, userName] of [
    ['zhang', 'zhanglaoshi'],
    ['admin', 'xxadmin'],
    ['xiaoming', 'xiaoming'],
    ['mama', 'xiaomingmama'],
    ['otherParent', others.parent],
    ['otherHead', others.head],
  ] as const)
    as[who] = await signIn(base, appsUrl, 'grades', await loginToken(t, userName, DEMO_PASSWORD))
}, 300_000)

afterAll(async () => {
  await apps?.close()
  await t?.close()
})

const api = <T>(who: string, path: string, body?: unknown) => as[who]!.api<T>('grades', path, body)
const ok = async <T>(who: string, path: string, body?: unknown): Promise<T> => {
  const r = await api<T>(who, path, body)
  expect(r, `${who} ${path}: ${r.msg}`).toMatchObject({ status: 200, code: 0 })
  return r.data
}
const subOf = async (who: string) => (await ok<{ sub: string }>(who, '/me')).sub

async function demoExams(): Promise<ExamSummary[]> {
  return (await ok<ExamSummary[]>('zhang', '/exams')).filter((x) => ['第一次月考', '期中考试'].includes(x.name))
}

describe('the demo', () => {
  it('gives 张老师 two published exams of his class and one more of the grade, 语文 数学 英语 out of 100', async () => {
    const exams = await demoExams()
    expect(exams.map((x) => x.name)).toEqual(['期中考试', '第一次月考'])
    for (const x of exams) {
      expect(x).toMatchObject({ status: 'published', mine: true, createdByName: '张老师' })
      expect(x.classes.map((c) => c.name)).toEqual(expect.arrayContaining(['三年级(2)班']))
      expect(x.classes).toHaveLength(2)
      expect(x.subjects.map((s) => [s.name, s.fullMarks, s.passLine, s.excellentLine])).toEqual([
        ['语文', 100, 60, 85],
        ['数学', 100, 60, 85],
        ['英语', 100, 60, 85],
      ])
    }
  })

  it('gives 王小明 scores in both, unread, with a red dot of 2', async () => {
    const list = await ok<ResultItem[]>('xiaoming', '/results')
    expect(list.map((r) => [r.name, r.className, r.unread])).toEqual([
      ['期中考试', '三年级(2)班', true],
      ['第一次月考', '三年级(2)班', true],
    ])
    const [badge] = await apps.apps.grades!.db.query<{ count: number }>(
      'SELECT count FROM grades_badge WHERE sub = $1',
      [await subOf('xiaoming')],
    )
    expect(badge?.count).toBe(2)
  })
})

describe('a student and a parent see their own results, never a rank', () => {
  it('shows 王小明 his scores and total; opening one marks it read and lowers the red dot', async () => {
    const list = await ok<ResultItem[]>('xiaoming', '/results')
    const r = await api<ResultDetail>('xiaoming', `/results/${list[1]!.examId}`)
    expect(r.code).toBe(0)
    noRank(r)
    expect(r.data.student.name).toBe('王小明')
    expect(r.data.subjects.map((s) => s.name)).toEqual(['语文', '数学', '英语'])
    for (const s of r.data.subjects) expect(s.score).toBeGreaterThan(0)
    expect(r.data.total).toBe(r.data.subjects.reduce((a, s) => a + (s.score ?? 0), 0))
    expect(r.data.totalFull).toBe(300)
    const after = await ok<ResultItem[]>('xiaoming', '/results')
    noRank(after)
    expect(after.map((x) => x.unread)).toEqual([true, false])
    const [badge] = await apps.apps.grades!.db.query<{ count: number }>(
      'SELECT count FROM grades_badge WHERE sub = $1',
      [await subOf('xiaoming')],
    )
    expect(badge?.count).toBe(1)
  })

  it("shows 王小明's mother his results (her own unread marks), and refuses another parent (403)", async () => {
    const me = await ok<Me>('mama', '/profile')
    noRank(me)
    const child = me.children.find((c) => c.name === '王小明')!
    expect(child).toBeDefined()
    const list = await ok<ResultItem[]>('mama', `/results?child=${child.sub}`)
    noRank(list)
    expect(list.map((x) => x.unread)).toEqual([true, true]) // her reads are hers, not her son's
    const detail = await api<ResultDetail>('mama', `/results/${list[0]!.examId}?child=${child.sub}`)
    expect(detail.code).toBe(0)
    noRank(detail)
    expect(await api('mama', '/results')).toMatchObject({ status: 400, msg: '请选择孩子' })

    const other = await ok<Me>('otherParent', '/profile')
    expect(other.children.map((c) => c.name)).toContain(others.childName)
    expect(other.children.map((c) => c.name)).not.toContain('王小明')
    expect(await api('otherParent', `/results?child=${child.sub}`)).toMatchObject({ status: 403, code: 403 })
    expect(await api('otherParent', `/results/${list[0]!.examId}?child=${child.sub}`)).toMatchObject({
      status: 403,
      msg: '只能查看您自己孩子的成绩',
    })
    const own = other.children.find((c) => c.name === others.childName)!
    const theirs = await ok<ResultItem[]>('otherParent', `/results?child=${own.sub}`)
    expect(theirs).toHaveLength(2)
    const d = await ok<ResultDetail>('otherParent', `/results/${theirs[0]!.examId}?child=${own.sub}`)
    expect(d.student.name).toBe(others.childName)
    noRank(d)
  })

  it("refuses students the teachers' calls (403)", async () => {
    const [exam] = await demoExams()
    for (const path of [
      '/exams',
      `/exams/${exam!.id}`,
      `/exams/${exam!.id}/stats`,
      `/exams/${exam!.id}/grid?classId=1`,
    ])
      expect(await api('xiaoming', path), path).toMatchObject({ status: 403 })
    expect(
      await api('xiaoming', '/exams', { name: 'x', date: '2026-11-01', classIds: [1], subjects: [] }),
    ).toMatchObject({
      code: 400,
    })
  })
})

describe('a teacher sets an exam, enters scores, imports a sheet and publishes', () => {
  let examId: number
  let ownClass: number
  let otherClass: number
  const subjects = [
    { name: '语文', fullMarks: 100 },
    { name: '数学', fullMarks: 120, passLine: 72, excellentLine: 102 },
  ]

  it('creates exams only for classes the teacher teaches (403 otherwise), with clear messages for bad input', async () => {
    const me = await ok<Me>('zhang', '/profile')
    const head = me.classes.find((c) => c.isHead)!
    expect(head.name).toBe('三年级(2)班')
    ownClass = head.id
    otherClass = others.headClassId
    const body = { name: '单元测验', date: '2026-11-20', classIds: [ownClass], subjects }
    expect(await api('zhang', '/exams', { ...body, classIds: [ownClass, otherClass] })).toMatchObject({
      status: 403,
      msg: '只能为您任教的班级创建考试',
    })
    expect(await api('zhang', '/exams', { ...body, name: '' })).toMatchObject({ status: 400, msg: '请填写考试名称' })
    expect(await api('zhang', '/exams', { ...body, name: '考'.repeat(31) })).toMatchObject({
      status: 400,
      msg: '考试名称最多 30 个字',
    })
    expect(await api('zhang', '/exams', { ...body, date: '2026-02-30' })).toMatchObject({
      status: 400,
      msg: '考试日期无效',
    })
    expect(
      await api('zhang', '/exams', {
        ...body,
        subjects: [
          { name: '语文', fullMarks: 100 },
          { name: '语文', fullMarks: 100 },
        ],
      }),
    ).toMatchObject({ status: 400, msg: '科目名称不能重复' })
    expect(
      await api('zhang', '/exams', {
        ...body,
        subjects: [{ name: '语文', fullMarks: 100, passLine: 90, excellentLine: 80 }],
      }),
    ).toMatchObject({ status: 400 })
    expect(await api('zhang', '/exams', { ...body, subjects: [{ name: '语文', fullMarks: 1001 }] })).toMatchObject({
      status: 400,
      msg: '满分应在 1–1000 之间',
    })
    examId = (await ok<{ id: number }>('zhang', '/exams', body)).id
    const detail = await ok<ExamDetail>('zhang', `/exams/${examId}`)
    expect(detail).toMatchObject({ status: 'draft', mine: true, gridClassIds: [ownClass], editClassIds: [ownClass] })
    expect(detail.subjects.map((s) => [s.name, s.fullMarks, s.passLine, s.excellentLine])).toEqual([
      ['语文', 100, 60, 85],
      ['数学', 120, 72, 102],
    ])
  })

  it('keeps a draft from students, parents, the admin and other teachers (404)', async () => {
    expect(await api('xiaoming', `/results/${examId}`)).toMatchObject({ status: 404 })
    expect(await api('admin', `/exams/${examId}`)).toMatchObject({ status: 404 })
    expect(await api('otherHead', `/exams/${examId}`)).toMatchObject({ status: 404 })
    expect((await ok<ExamSummary[]>('admin', '/exams')).map((x) => x.id)).not.toContain(examId)
  })

  it("enters scores in the grid only for students of the exam's classes, each checked", async () => {
    const grid = await ok<Grid>('zhang', `/exams/${examId}/grid?classId=${ownClass}`)
    expect(grid.editable).toBe(true)
    const xm = grid.rows.find((r) => r.name === '王小明')!
    const [yw, sx] = grid.subjects
    const mate = grid.rows.find((r) => r.name !== '王小明')!
    const save = (entries: unknown[]) => api('zhang', `/exams/${examId}/scores`, { entries })
    expect(await save([{ studentSub: xm.sub, subjectId: sx!.id, value: '121' }])).toMatchObject({
      status: 400,
      msg: '王小明 数学：超出范围（应在 0–120 之间）',
    })
    expect(await save([{ studentSub: xm.sub, subjectId: yw!.id, value: '88.25' }])).toMatchObject({ status: 400 })
    // A student of another class (the other head teacher's) is not this exam's.
    const otherGrid = await ok<Grid>('otherHead', `/exams/${(await demoExams())[0]!.id}/grid?classId=${otherClass}`)
    expect(
      await save([
        { studentSub: xm.sub, subjectId: yw!.id, value: '90' },
        { studentSub: otherGrid.rows[0]!.sub, subjectId: yw!.id, value: '90' },
      ]),
    ).toMatchObject({ status: 403, msg: '只能录入您任教班级学生的成绩' })
    // Nothing of the refused call was written (its first entry was good).
    expect(
      (await ok<Grid>('zhang', `/exams/${examId}/grid?classId=${ownClass}`)).rows.find((r) => r.sub === xm.sub)!.scores,
    ).toEqual({
      [yw!.id]: '',
      [sx!.id]: '',
    })
    await ok('zhang', `/exams/${examId}/scores`, {
      entries: [
        { studentSub: xm.sub, subjectId: yw!.id, value: '95.5' },
        { studentSub: xm.sub, subjectId: sx!.id, value: '110' },
        { studentSub: mate.sub, subjectId: yw!.id, value: '80' },
        { studentSub: mate.sub, subjectId: sx!.id, value: '缺考' },
      ],
    })
    const after = await ok<Grid>('zhang', `/exams/${examId}/grid?classId=${ownClass}`)
    const row = after.rows.find((r) => r.sub === xm.sub)!
    expect(row).toMatchObject({ total: 205.5, classRank: 1, examRank: 1 })
    expect(row.scores).toEqual({ [yw!.id]: '95.5', [sx!.id]: '110' })
    expect(after.rows.find((r) => r.sub === mate.sub)).toMatchObject({ total: 80, classRank: 2 })
    // Another teacher cannot enter scores in it.
    expect(
      await api('otherHead', `/exams/${examId}/scores`, {
        entries: [{ studentSub: xm.sub, subjectId: yw!.id, value: '1' }],
      }),
    ).toMatchObject({ status: 404 })
  })

  it('edits a draft in one transaction (full marks never below a score entered) and deletes one (creator only)', async () => {
    const before = await ok<ExamDetail>('zhang', `/exams/${examId}`)
    const [yw, sx] = before.subjects
    const body = (over: object) => ({
      name: '单元测验（改）',
      date: '2026-11-21',
      classIds: [ownClass],
      subjects: [
        { id: yw!.id, name: '语文', fullMarks: 100 },
        { id: sx!.id, name: '数学', fullMarks: 120, passLine: 72, excellentLine: 102 },
      ],
      ...over,
    })
    // 王小明 has 110 in 数学: full marks 100 is refused, and nothing of the edit is kept (the name neither).
    expect(
      await api(
        'zhang',
        `/exams/${examId}`,
        body({
          subjects: [
            { id: yw!.id, name: '语文', fullMarks: 100 },
            { id: sx!.id, name: '数学', fullMarks: 100 },
          ],
        }),
      ),
    ).toMatchObject({ status: 400, msg: '数学已录入的最高分为 110，满分不能低于它' })
    expect((await ok<ExamDetail>('zhang', `/exams/${examId}`)).name).toBe('单元测验')
    expect(await api('otherHead', `/exams/${examId}`, body({}))).toMatchObject({ status: 404 })
    // Renamed, subjects swapped in order, one added.
    await ok(
      'zhang',
      `/exams/${examId}`,
      body({
        subjects: [
          { id: sx!.id, name: '数学', fullMarks: 120 },
          { id: yw!.id, name: '语文', fullMarks: 100 },
          { name: '英语', fullMarks: 100 },
        ],
      }),
    )
    const after = await ok<ExamDetail>('zhang', `/exams/${examId}`)
    expect(after.name).toBe('单元测验（改）')
    expect(after.subjects.map((s) => [s.id === sx!.id || s.id === yw!.id, s.name, s.passLine])).toEqual([
      [true, '数学', 72],
      [true, '语文', 60],
      [false, '英语', 60],
    ])
    // Back to the two subjects (英语 removed), and a second draft deleted.
    await ok('zhang', `/exams/${examId}`, body({ name: '单元测验' }))
    expect((await ok<ExamDetail>('zhang', `/exams/${examId}`)).subjects.map((s) => s.name)).toEqual(['语文', '数学'])
    const scratch = (
      await ok<{ id: number }>('zhang', '/exams', {
        name: '草稿',
        date: '2026-11-22',
        classIds: [ownClass],
        subjects: [{ name: '语文', fullMarks: 100 }],
      })
    ).id
    expect(await api('otherHead', `/exams/${scratch}/delete`, {})).toMatchObject({ status: 404 })
    await ok('zhang', `/exams/${scratch}/delete`, {})
    expect(await api('zhang', `/exams/${scratch}`)).toMatchObject({ status: 404 })
  })

  it('imports the template: a bad row is listed with its number and nothing is saved; fixed, it saves', async () => {
    const res = await as.zhang!.fetch(`/grades/api/exams/${examId}/template`)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toContain('spreadsheetml')
    const wb = new ExcelJS.Workbook()
    await wb.xlsx.load(await res.arrayBuffer())
    const ws = wb.worksheets[0]!
    expect(ws.name).toBe('三年级(2)班')
    expect((ws.getRow(1).values as unknown[]).slice(1)).toEqual(['学号', '姓名', '班级', '语文', '数学'])
    const names: string[] = []
    ws.eachRow((r, n) => {
      if (n > 1) names.push(String(r.getCell(2).value))
    })
    expect(names).toContain('王小明')
    const xmRow = names.indexOf('王小明') + 2
    expect(ws.getRow(xmRow).getCell(4).value).toBe(95.5)
    // Fill everyone's 语文; one row has 150 in 数学 (over 120).
    ws.eachRow((r, n) => {
      if (n > 1) r.getCell(4).value = 70 + (n % 25)
    })
    const badRow = xmRow === 2 ? 3 : 2
    ws.getRow(badRow).getCell(5).value = 150
    const upload = async (buf: Buffer | ArrayBuffer, name = 'scores.xlsx') => {
      const form = new FormData()
      form.append('file', new Blob([new Uint8Array(buf)]), name)
      const r = await as.zhang!.fetch(`/grades/api/exams/${examId}/import`, { method: 'POST', body: form })
      return { status: r.status, ...((await r.json()) as { code: number; msg: string; data: unknown }) }
    }
    const bad = await upload(await wb.xlsx.writeBuffer())
    expect(bad).toMatchObject({ status: 400, code: 400, msg: '有 1 行有误，未保存任何成绩，请修改后重新导入' })
    expect((bad.data as { problems: ImportProblemView[] }).problems).toEqual([
      { sheet: '三年级(2)班', row: badRow, reason: '数学：超出范围（应在 0–120 之间）' },
    ])
    const unchanged = await ok<Grid>('zhang', `/exams/${examId}/grid?classId=${ownClass}`)
    expect(unchanged.rows.filter((r) => r.scores[unchanged.subjects[0]!.id] !== '').length).toBe(2)

    ws.getRow(badRow).getCell(5).value = 100
    const good = await upload(await wb.xlsx.writeBuffer())
    expect(good).toMatchObject({ status: 200, code: 0 })
    const grid = await ok<Grid>('zhang', `/exams/${examId}/grid?classId=${ownClass}`)
    expect(grid.rows.every((r) => r.scores[grid.subjects[0]!.id] !== '')).toBe(true)
    expect(grid.rows.find((r) => r.name === '王小明')!.scores[grid.subjects[0]!.id]).toBe(String(70 + (xmRow % 25)))

    const notXlsx = await upload(Buffer.from('学号,姓名\n'), 'scores.csv')
    expect(notXlsx).toMatchObject({ status: 400, msg: '文件不是 Excel（.xlsx）文件，请使用下载的模板' })
    const tooBig = await upload(Buffer.alloc(5 * 1024 * 1024 + 1, 0x50))
    expect(tooBig).toMatchObject({ status: 400, msg: '文件超过 5 MB，请删减后重新上传' })
  })

  it('publishes (creator only): students and guardians are told, results appear, scores are final', async () => {
    expect(await api('otherHead', `/exams/${examId}/publish`, {})).toMatchObject({ status: 404 })
    const r = await ok<{ notified: number }>('zhang', `/exams/${examId}/publish`, {})
    expect(r.notified).toBeGreaterThan(1)
    const list = await ok<ResultItem[]>('xiaoming', '/results')
    expect(list[0]).toMatchObject({ examId, name: '单元测验', unread: true })
    const [badge] = await apps.apps.grades!.db.query<{ count: number }>(
      'SELECT count FROM grades_badge WHERE sub = $1',
      [await subOf('xiaoming')],
    )
    expect(badge?.count).toBe(2)
    // The hub holds the same counts (the portal's red dots): 王小明 one unread demo exam and this one; his mother, who
    // opened one of the two demo exams, likewise.
    expect(apps.apps.grades!.hub.lastError).toBeNull()
    expect(await hubBadge('xiaoming')).toBe(2)
    expect(await hubBadge('xiaomingmama')).toBe(2)
    const grid = await ok<Grid>('zhang', `/exams/${examId}/grid?classId=${ownClass}`)
    expect(grid.editable).toBe(false)
    expect(
      await api('zhang', `/exams/${examId}/scores`, {
        entries: [{ studentSub: grid.rows[0]!.sub, subjectId: grid.subjects[0]!.id, value: '1' }],
      }),
    ).toMatchObject({ status: 400, msg: '成绩已发布，不能再修改' })
    expect(await api('zhang', `/exams/${examId}/publish`, {})).toMatchObject({ status: 400 })
    // The message reached the portal's message centre of 王小明's mother.
    const msgs = await t.db.tenant(tenantId, (trx) =>
      trx
        .selectFrom('message as m')
        .innerJoin('account as a', 'a.id', 'm.account_id')
        .select(['m.title', 'm.content', 'm.link'])
        .where('a.user_name', '=', 'xiaomingmama')
        .where('m.content', 'like', '%单元测验%')
        .execute(),
    )
    expect(msgs).toHaveLength(1)
    expect(msgs[0]!.title).toContain('成绩已发布')
    expect(msgs[0]!.link).toMatch(new RegExp(`/grades/#/exam/${examId}$`))
  })
})

describe('statistics', () => {
  it("gives the school admin and the exam's creator every class and the whole exam", async () => {
    const [exam] = await demoExams()
    for (const who of ['admin', 'zhang']) {
      const s = await ok<StatsAnswer>(who, `/exams/${exam!.id}/stats`)
      expect(s.groups.map((g) => g.name)).toEqual(['全部班级', ...exam!.classes.map((c) => c.name)])
      const all = s.groups[0]!
      const parts = s.groups.slice(1)
      for (const [i, subj] of all.subjects.entries()) {
        expect(subj.sitters).toBe(parts.reduce((n, g) => n + g.subjects[i]!.sitters, 0))
        expect(subj.bands.reduce((a, b) => a + b, 0)).toBe(subj.sitters)
        expect(subj.highest!).toBeGreaterThanOrEqual(subj.average!)
        expect(subj.lowest!).toBeLessThanOrEqual(subj.average!)
        expect(subj.bandLabels[6]).toBe('60–70')
      }
      // The demo's 缺考: one in 数学.
      expect(all.subjects.map((x) => x.absent)).toEqual([0, 1, 0])
    }
  })

  it('gives a head teacher only their class (403 for another)', async () => {
    const [exam] = await demoExams()
    const zhangClass = exam!.classes.find((c) => c.name === '三年级(2)班')!.id
    const mine = await ok<StatsAnswer>('otherHead', `/exams/${exam!.id}/stats`)
    expect(mine.groups.map((g) => g.classId)).toEqual([others.headClassId])
    expect(await api('otherHead', `/exams/${exam!.id}/stats?classId=${zhangClass}`)).toMatchObject({
      status: 403,
      msg: '只能查看您所带班级的统计',
    })
    expect(await api('otherHead', `/exams/${exam!.id}/grid?classId=${zhangClass}`)).toMatchObject({ status: 403 })
    // Their grid of their own class shows ranks (teachers may see them).
    const grid = await ok<Grid>('otherHead', `/exams/${exam!.id}/grid?classId=${others.headClassId}`)
    expect(grid.editable).toBe(false)
    expect(grid.rows.some((r) => r.classRank === 1)).toBe(true)
  })

  it('refuses a head teacher an exam for a class they do not teach (403)', async () => {
    const [exam] = await demoExams()
    const zhangClass = exam!.classes.find((c) => c.name === '三年级(2)班')!.id
    expect(
      await api('otherHead', '/exams', {
        name: '测验',
        date: '2026-11-20',
        classIds: [zhangClass],
        subjects: [{ name: '语文', fullMarks: 100 }],
      }),
    ).toMatchObject({ status: 403 })
  })
})

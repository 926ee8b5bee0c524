import { IntakeMsg, ImportStatus, UserType } from '@zhixiao/shared'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { importRunner } from '../src/modules/imports/runner.js'
import { INTAKE_COLUMNS } from '../src/modules/intake/import-kind.js'
import { balancedSplit } from '../src/modules/intake/service.js'
import { call, createTestApp, makePerson, makeWorld, staffOf, type Staff, type TestApp, type World } from './helpers.js'
import { readXlsx, upload, xlsx } from './xlsx.js'

/**
 * Intake (docs/school-year.md "Intake, feeder schools and class placement"): the bureau's feeder schools, the 初中's
 * admission of its feeder 小学's graduates (same account, parents follow), the intake import (ID card checksum,
 * district-wide duplicates naming the other school) and the balanced 分班 applied in one transaction.
 */
let t: TestApp
let w: World
let s: Staff
let foreign: World
let fs: Staff
const B = '/base/api/intake'
const S = '/base/api/userInfo/studentInfo'
const P = '/base/api/userInfo/parentBindChild'

/** A valid 18-digit ID card: birthday 2014-01-01 (2019 for the new pupils), sequence `n`, sex by the 17th digit. */
function idCard(n: number, male: boolean, year = 2014): string {
  const seq = String(n % 100).padStart(2, '0') + (male ? '1' : '2')
  const body = `110105${year}0101${seq}`
  const W = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2]
  const sum = W.reduce((a, w, i) => a + w * Number(body[i]), 0)
  return body + '10X98765432'[sum % 11]!
}

const db = <T>(f: (trx: Parameters<Parameters<TestApp['db']['tenant']>[1]>[0]) => Promise<T>) =>
  t.db.tenant(w.tenantId, f)
let class6: number
let intakeGrade: number
let intakeClasses: number[]

async function addGrade(token: string, name: string, entryYear: number, classes: string[]) {
  const g = await call(t, { url: '/base/api/grade/add', token, body: { name, entryYear } })
  expect(g.code, g.msg).toBe(0)
  const ids: number[] = []
  for (const c of classes)
    ids.push((await call(t, { url: '/base/api/class/add', token, body: { gradeId: g.data, name: c } })).data)
  return { grade: g.data as number, classes: ids }
}

beforeAll(async () => {
  t = await createTestApp()
  w = await makeWorld(t)
  s = await staffOf(t, w)
  foreign = await makeWorld(t)
  fs = await staffOf(t, foreign)
  // The 小学 (school) has a 六年级 (entered 2020: its final year in 2025-2026); the 初中 (school2) a new 七年级.
  const six = await addGrade(s.schoolAdmin, '六年级', 2020, ['1班'])
  class6 = six.classes[0]!
  const seven = await addGrade(s.school2Admin, '七年级', 2026, ['1班', '2班'])
  intakeGrade = seven.grade
  intakeClasses = seven.classes
}, 120_000)
afterAll(() => t.close())

describe('feeder schools', () => {
  it('lets the bureau map a 小学 to a 初中; refuses self-maps, duplicates, foreign ids and school admins', async () => {
    const body = { fromOrgId: w.schoolId, toOrgId: w.school2Id }
    const add = await call(t, { url: `${B}/feeder/add`, token: s.bureauAdmin, body })
    expect(add.code, add.msg).toBe(0)
    const again = await call(t, { url: `${B}/feeder/add`, token: s.bureauAdmin, body })
    expect(again).toMatchObject({ code: 409, msg: IntakeMsg.FEEDER_EXISTS })
    const self = await call(t, {
      url: `${B}/feeder/add`,
      token: s.bureauAdmin,
      body: { fromOrgId: w.schoolId, toOrgId: w.schoolId },
    })
    expect(self).toMatchObject({ code: 400, msg: IntakeMsg.SAME_SCHOOL })
    const bureau = await call(t, {
      url: `${B}/feeder/add`,
      token: s.bureauAdmin,
      body: { fromOrgId: w.bureauId, toOrgId: w.school2Id },
    })
    expect(bureau).toMatchObject({ code: 404, msg: IntakeMsg.NOT_SCHOOL })
    const alien = await call(t, {
      url: `${B}/feeder/add`,
      token: s.bureauAdmin,
      body: { fromOrgId: foreign.schoolId, toOrgId: w.school2Id },
    })
    expect(alien).toMatchObject({ code: 404, msg: IntakeMsg.NOT_SCHOOL })
    // A school admin holds the page code (the admin role holds all) but the mapping is the district's.
    const bySchool = await call(t, {
      url: `${B}/feeder/add`,
      token: s.school2Admin,
      body: { fromOrgId: w.schoolId, toOrgId: w.school2Id },
    })
    expect(bySchool.status).toBe(403)
    const otherTenant = await call(t, { url: `${B}/feeder/list`, token: fs.bureauAdmin })
    expect(otherTenant.data).toEqual([])
    const list = await call(t, { url: `${B}/feeder/list`, token: s.bureauAdmin })
    expect(list.data).toMatchObject([
      { fromOrgId: w.schoolId, fromOrgName: '测试一小', toOrgId: w.school2Id, toOrgName: '测试二中' },
    ])
    const mine = await call(t, { url: `${B}/feeder/mine`, token: s.school2Admin })
    expect(mine.data).toHaveLength(1)
    const gone = await call(t, { url: `${B}/feeder/remove`, token: s.bureauAdmin, body })
    expect(gone.code).toBe(0)
    expect((await call(t, { url: `${B}/feeder/remove`, token: s.bureauAdmin, body })).code).toBe(404)
    expect((await call(t, { url: `${B}/feeder/add`, token: s.bureauAdmin, body })).code).toBe(0)
  })
})

describe('admission of feeder graduates', () => {
  let grad: number
  let gradAccount: number
  it('lists the feeder 小学 final cohort masked, and admits with the same account; parents follow', async () => {
    const add = await call(t, {
      url: `${S}/add`,
      token: s.schoolAdmin,
      body: { trueName: '毕业生甲', jobNo: `G${process.pid}01`, classId: class6, sex: 0, idCard: idCard(1, true) },
    })
    expect(add.code, add.msg).toBe(0)
    grad = add.data
    const parent = await call(t, {
      url: `${P}/add`,
      token: s.schoolAdmin,
      body: { trueName: '甲妈妈', phone: '13900000001', childId: grad, relation: '母亲' },
    })
    expect(parent.code, parent.msg).toBe(0)
    // A 三年级 pupil (entered 2023; the 初中's intake takes those who entered 2020) is not offered.
    const three = await addGrade(s.schoolAdmin, '三年级', 2023, ['1班'])
    const young = await call(t, {
      url: `${S}/add`,
      token: s.schoolAdmin,
      body: { trueName: '三年级生', jobNo: `G${process.pid}03`, classId: three.classes[0], sex: 0 },
    })
    expect(young.code, young.msg).toBe(0)
    const list = await call(t, { url: `${B}/graduates`, token: s.school2Admin })
    expect(list.code, list.msg).toBe(0)
    expect(list.data.map((r: { trueName: string }) => r.trueName)).not.toContain('三年级生')
    const row = list.data.find((r: { userInfoId: number }) => r.userInfoId === grad)
    expect(row).toMatchObject({ trueName: '毕业生甲', schoolName: '测试一小', className: '1班', admitted: false })
    expect(row.idCard).not.toBe(idCard(1, true))
    expect(row.idCard).toMatch(/\*/)

    const admitted = await call(t, { url: `${B}/admit`, token: s.school2Admin, body: { userInfoIds: [grad] } })
    expect(admitted, admitted.msg).toMatchObject({ code: 0, data: 1 })
    const facts = await db(async (trx) => {
      const old = await trx.selectFrom('user_info').selectAll().where('id', '=', grad).executeTakeFirstOrThrow()
      const now = await trx
        .selectFrom('user_info')
        .selectAll()
        .where('account_id', '=', old.account_id)
        .where('org_id', '=', w.school2Id)
        .executeTakeFirstOrThrow()
      const enrol = await trx.selectFrom('enrolment').selectAll().where('user_info_id', '=', now.id).execute()
      const links = await sql<{ true_name: string; org_id: number; relation: string; account_id: number }>`
        SELECT p.true_name, p.org_id, pc.relation, p.account_id FROM parent_child pc JOIN user_info p ON p.id = pc.parent_id
        WHERE pc.child_id = ${now.id}`.execute(trx)
      const accounts = await trx
        .selectFrom('person')
        .select('account_id')
        .where('id_card', '=', idCard(1, true))
        .execute()
      return { old, now, enrol, links: links.rows, accounts }
    })
    gradAccount = facts.old.account_id
    expect(facts.now.user_type).toBe(UserType.STUDENT)
    expect(facts.now.class_id).toBeNull()
    expect(facts.accounts).toEqual([{ account_id: gradAccount }])
    expect(facts.enrol).toMatchObject([
      {
        school_year: '2026-2027',
        org_id: w.school2Id,
        grade_id: intakeGrade,
        class_id: null,
        source: 'intake',
        status: 'enrolled',
      },
    ])
    expect(facts.links).toMatchObject([{ true_name: '甲妈妈', org_id: w.school2Id, relation: '母亲' }])

    const twice = await call(t, { url: `${B}/admit`, token: s.school2Admin, body: { userInfoIds: [grad] } })
    expect(twice).toMatchObject({ code: 409, msg: IntakeMsg.alreadyHere('毕业生甲') })
    expect(
      (await call(t, { url: `${B}/graduates`, token: s.school2Admin })).data.find(
        (r: { userInfoId: number }) => r.userInfoId === grad,
      ).admitted,
    ).toBe(true)
  })

  it('refuses a student who is not a feeder graduate, and a school admin or tenant that is not the receiver', async () => {
    const other = await makePerson(t, w.tenantId, {
      memberships: [{ orgId: w.schoolId, userType: UserType.STUDENT, roleIds: [] }],
    })
    const r = await call(t, { url: `${B}/admit`, token: s.school2Admin, body: { userInfoIds: [other.userInfoIds[0]] } })
    expect(r).toMatchObject({ code: 400, msg: IntakeMsg.NOT_GRADUATE })
    // The 小学's admin has no intake grade of its own: nothing of the 初中 is reachable.
    const bySchool1 = await call(t, { url: `${B}/admit`, token: s.schoolAdmin, body: { userInfoIds: [grad] } })
    expect(bySchool1).toMatchObject({ code: 404, msg: IntakeMsg.NO_GRADE })
    const byForeign = await call(t, { url: `${B}/graduates`, token: fs.school2Admin })
    expect(byForeign.code).toBe(404)
    expect(gradAccount).toBeGreaterThan(0)
  })
})

describe('intake import', () => {
  it('checks the ID card, refuses duplicates in the file and across the district naming the school; writes the rest', async () => {
    const live = await call(t, {
      url: `${S}/add`,
      token: s.schoolAdmin,
      body: { trueName: '在读生', jobNo: `G${process.pid}02`, classId: class6, sex: 1, idCard: idCard(2, false) },
    })
    expect(live.code, live.msg).toBe(0)
    const good = idCard(10, true, 2013)
    const bad = good.slice(0, 17) + (good[17] === '0' ? '1' : '0')
    const file = await xlsx(
      INTAKE_COLUMNS.map((c) => c.header),
      [
        ['新生一', '男', good, '', '新生一家长', '13900000011'],
        ['新生二', '女', bad],
        ['新生三', '男', good],
        ['新生四', '女', idCard(2, false)],
        ['新生五', '女', idCard(11, true, 2013)],
        ['新生六', '女', idCard(12, false, 2013), `X${process.pid}6`],
      ],
    )
    const started = await upload(t, `${B}/importExcel`, s.school2Admin, file, '新生.xlsx')
    expect(started.code, started.msg).toBe(0)
    await importRunner(t.ctx).idle()
    const job = (
      await call(t, {
        url: `/base/api/commonImportLog/log/detail?id=${started.data.importLogId}`,
        token: s.school2Admin,
      })
    ).data
    expect(job).toMatchObject({ status: ImportStatus.DONE, successCount: 2, failCount: 4 })
    const res = await t.app.inject({
      url: `/base/api/commonImportLog/log/errors?id=${job.importLogId}`,
      headers: { authorization: `Bearer ${s.school2Admin}` },
    })
    const rows = await readXlsx(res.rawPayload)
    expect(rows.slice(1).map((r) => [r[0], r.at(-1)])).toEqual([
      ['3', IntakeMsg.ID_CARD_BAD],
      ['4', `${IntakeMsg.ID_CARD_DUP_FILE}（第2行）`],
      ['5', '该身份证号已是「测试一小」的在读学生'],
      ['6', IntakeMsg.SEX_MISMATCH],
    ])
    // The page's list: the same rows and reasons, without the rows' data.
    const reasons = await call(t, {
      url: `/base/api/commonImportLog/log/reasons?id=${job.importLogId}`,
      token: s.school2Admin,
    })
    expect(reasons.data).toEqual(rows.slice(1).map((r) => ({ rowNo: Number(r[0]), reason: r.at(-1) })))
    // Another school's admin does not see the job.
    const foreign = await call(t, {
      url: `/base/api/commonImportLog/log/reasons?id=${job.importLogId}`,
      token: s.schoolAdmin,
    })
    expect(foreign.code).not.toBe(0)
    // The error file echoes the ID card masked.
    expect(rows.slice(1).every((r) => !r.includes(idCard(2, false)))).toBe(true)
    const students = await call(t, { url: `${B}/placement/students`, token: s.school2Admin })
    const names = students.data.map((r: { trueName: string }) => r.trueName)
    expect(names).toEqual(expect.arrayContaining(['毕业生甲', '新生一', '新生六']))
    const parents = await db(
      async (trx) =>
        (
          await sql<{
            true_name: string
          }>`SELECT p.true_name FROM parent_child pc JOIN user_info p ON p.id = pc.parent_id
            JOIN user_info c ON c.id = pc.child_id WHERE c.true_name = '新生一' AND c.org_id = ${w.school2Id}`.execute(
            trx,
          )
        ).rows,
    )
    expect(parents).toEqual([{ true_name: '新生一家长' }])
    // Imported again: each is now a live student here.
    const again = await upload(
      t,
      `${B}/importExcel`,
      s.school2Admin,
      await xlsx(
        INTAKE_COLUMNS.map((c) => c.header),
        [['新生一', '男', good]],
      ),
    )
    await importRunner(t.ctx).idle()
    const j2 = (
      await call(t, { url: `/base/api/commonImportLog/log/detail?id=${again.data.importLogId}`, token: s.school2Admin })
    ).data
    expect(j2).toMatchObject({ successCount: 0, failCount: 1 })
  })
})

describe('分班', () => {
  it('splits 7 boys and 8 girls over two classes as 4+4 and 3+4', () => {
    const students = [
      ...Array.from({ length: 7 }, (_, i) => ({ id: i + 1, true_name: `男${i}`, sex: 0 })),
      ...Array.from({ length: 8 }, (_, i) => ({ id: i + 100, true_name: `女${i}`, sex: 1 })),
    ]
    const plan = balancedSplit(
      [
        { id: 1, name: '1班', boys: 0, girls: 0, total: 0 },
        { id: 2, name: '2班', boys: 0, girls: 0, total: 0 },
      ],
      students,
    )
    const count = (cls: number, sex: number) => students.filter((s) => s.sex === sex && plan.get(s.id) === cls).length
    expect([count(1, 0), count(1, 1), count(2, 0), count(2, 1)]).toEqual([4, 4, 3, 4])
  })

  it('previews a balanced split, applies it in one transaction, refuses a second run and a stale or foreign list', async () => {
    // Fill the intake grade to 7 boys and 8 girls unplaced (three are there from admission and import: 2 boys, 1 girl).
    const file = await xlsx(
      INTAKE_COLUMNS.map((c) => c.header),
      [
        ...Array.from({ length: 5 }, (_, i) => [`男生${i}`, '男', idCard(20 + i, true, 2013)]),
        ...Array.from({ length: 7 }, (_, i) => [`女生${i}`, '女', idCard(40 + i, false, 2013)]),
      ],
    )
    const started = await upload(t, `${B}/importExcel`, s.school2Admin, file)
    expect(started.code, started.msg).toBe(0)
    await importRunner(t.ctx).idle()
    const grade = await call(t, { url: `${B}/grade`, token: s.school2Admin })
    expect(grade.data).toMatchObject({ gradeId: intakeGrade, schoolYear: '2026-2027', unplaced: 15 })

    const preview = await call(t, { url: `${B}/placement/preview`, token: s.school2Admin, body: {} })
    expect(preview.code, preview.msg).toBe(0)
    const byClass = preview.data.classes.map((c: { addBoys: number; addGirls: number; after: number }) => [
      c.addBoys,
      c.addGirls,
      c.after,
    ])
    expect(byClass).toEqual([
      [4, 4, 8],
      [3, 4, 7],
    ])
    expect(preview.data.refusal).toBeNull()
    const assignments = preview.data.assignments.map((a: { userInfoId: number; classId: number }) => ({
      userInfoId: a.userInfoId,
      classId: a.classId,
    }))

    // One student of the list is not of the intake grade: nothing is written.
    const stranger = await makePerson(t, w.tenantId, {
      memberships: [{ orgId: w.school2Id, userType: UserType.STUDENT, roleIds: [] }],
    })
    const mixed = await call(t, {
      url: `${B}/placement/apply`,
      token: s.school2Admin,
      body: { assignments: [...assignments, { userInfoId: stranger.userInfoIds[0], classId: intakeClasses[0] }] },
    })
    expect(mixed).toMatchObject({ code: 400, msg: IntakeMsg.NOT_INTAKE_STUDENT })
    expect((await call(t, { url: `${B}/grade`, token: s.school2Admin })).data.unplaced).toBe(15)

    // The other school's admin and another tenant cannot place these students.
    const bySchool1 = await call(t, { url: `${B}/placement/apply`, token: s.schoolAdmin, body: { assignments } })
    expect(bySchool1.code).toBe(404)
    const byForeign = await call(t, { url: `${B}/placement/apply`, token: fs.school2Admin, body: { assignments } })
    expect(byForeign.code).toBe(404)

    const applied = await call(t, { url: `${B}/placement/apply`, token: s.school2Admin, body: { assignments } })
    expect(applied, applied.msg).toMatchObject({ code: 0, data: 15 })
    const after = await call(t, { url: `${B}/grade`, token: s.school2Admin })
    expect(after.data.unplaced).toBe(0)
    expect(
      after.data.classes.map((c: { boys: number; girls: number; total: number }) => [c.boys, c.girls, c.total]),
    ).toEqual([
      [4, 4, 8],
      [3, 4, 7],
    ])
    const enrolled = await db(
      async (trx) =>
        (
          await sql<{
            n: number
          }>`SELECT count(*)::int AS n FROM enrolment WHERE grade_id = ${intakeGrade} AND class_id IS NOT NULL`.execute(
            trx,
          )
        ).rows[0]!.n,
    )
    expect(enrolled).toBe(15)

    const twice = await call(t, { url: `${B}/placement/apply`, token: s.school2Admin, body: { assignments } })
    expect(twice).toMatchObject({ code: 409, msg: IntakeMsg.PLACED_MEANWHILE })
    expect((await call(t, { url: `${B}/placement/preview`, token: s.school2Admin, body: {} })).msg).toBe(
      IntakeMsg.NOTHING_TO_PLACE,
    )

    // Two runs at once: one places, the other is refused.
    const more = await xlsx(
      INTAKE_COLUMNS.map((c) => c.header),
      [['晚到生', '男', idCard(60, true, 2013)]],
    )
    await upload(t, `${B}/importExcel`, s.school2Admin, more)
    await importRunner(t.ctx).idle()
    const late = (await call(t, { url: `${B}/placement/preview`, token: s.school2Admin, body: {} })).data.assignments
    const both = await Promise.all(
      [0, 1].map(() =>
        call(t, {
          url: `${B}/placement/apply`,
          token: s.school2Admin,
          body: {
            assignments: late.map((a: { userInfoId: number; classId: number }) => ({
              userInfoId: a.userInfoId,
              classId: a.classId,
            })),
          },
        }),
      ),
    )
    expect(both.map((r) => r.code).sort()).toEqual([0, 409])

    // A manual move: within the intake grade only.
    const one = assignments[0]!
    const to = intakeClasses.find((c) => c !== one.classId)!
    const moved = await call(t, {
      url: `${B}/placement/move`,
      token: s.school2Admin,
      body: { userInfoId: one.userInfoId, classId: to },
    })
    expect(moved.code, moved.msg).toBe(0)
    const wrong = await call(t, {
      url: `${B}/placement/move`,
      token: s.school2Admin,
      body: { userInfoId: one.userInfoId, classId: class6 },
    })
    expect(wrong).toMatchObject({ code: 400, msg: IntakeMsg.NOT_INTAKE_CLASS })
    const foreignMove = await call(t, {
      url: `${B}/placement/move`,
      token: s.schoolAdmin,
      body: { userInfoId: one.userInfoId, classId: class6 },
    })
    expect(foreignMove.code).toBe(404)
    const cls = await db(
      async (trx) =>
        (
          await trx
            .selectFrom('user_info')
            .select('class_id')
            .where('id', '=', one.userInfoId)
            .executeTakeFirstOrThrow()
        ).class_id,
    )
    expect(cls).toBe(to)
  })

  it('refuses a class past 66 students (超大班额)', () => {
    expect(IntakeMsg.tooBig('1班', 67)).toContain('超过66人')
  })
})

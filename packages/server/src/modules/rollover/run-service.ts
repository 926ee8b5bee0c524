import {
  ErrorCode,
  RolloverMsg,
  schoolYearStart,
  type RolloverChangeKind,
  type RolloverSchoolBody,
  type RolloverSchoolRow,
} from '@zhixiao/shared'
import type { Insertable } from 'kysely'
import type { Trx } from '../../db/database.js'
import type { RolloverReportTable } from '../../db/tables/rollover.js'
import type { AppContext, AuthInfo } from '../../platform/context.js'
import { AppError, notFound, refused } from '../../platform/errors.js'
import { recordOp } from '../../platform/op-log.js'
import { Journal, JOURNAL_TABLES, undoJournal, type JournalTable, type Values } from '../school-year/journal-queries.js'
import { graduateStudents } from '../alumni/graduate-queries.js'
import { loadPlan, OP_MODULE, viewSchool } from './plan-service.js'
import {
  deleteReport,
  insertReport,
  lockSchool,
  planSchools,
  refreshPlanStatus,
  updateSchool,
  type PlanRow,
} from './queries.js'
import { fullClassName, repeatTarget, summaryOf, type GradeMove } from './school-plan.js'
import { latestEnrolments, openEnrolments, rowName, schoolStudents, type StudentRow } from './school-queries.js'

/** The journal key of one school's run: one undoable unit. */
const journalKey = (planId: number, orgId: number) => `rollover:${planId}:${orgId}`

/** A run that went wrong after it started: the school is marked failed with this message, alone. */
export class RunFailed extends Error {}

/** Why a run failed, in words for the screen (a database refusal is named, never shown raw). */
export function failureText(e: unknown): string {
  if (e instanceof AppError || e instanceof RunFailed) return e.message
  const err = e as { code?: string; constraint?: string; message?: string }
  if (err.code === '23505' || /duplicate key|unique/i.test(err.message ?? ''))
    return '结转失败：年级或班级名称与现有名称冲突，请检查后重试'
  return '结转失败：数据写入出错，请稍后重试或联系管理员'
}

interface ClassInfo {
  move: GradeMove
  graduating: boolean
  /** 三年级(2)班 before, 四年级(2)班 after. */
  from: string
  to: string
}

/**
 * One school's roll-over in the caller's transaction (docs/school-year.md "Roll-over plan, preview, approval and
 * run"): graduates the final cohort, relabels the others, creates the intake grade and its classes, moves the
 * repeaters, and closes the school year's enrolment rows and opens the next one's. Every write goes through one
 * journal keyed `rollover:<plan>:<school>`, so undoSchool can give back exactly what was there. The school's row is
 * locked first: of two runs at once, the second waits and then finds the school done.
 */
export async function runSchoolTx(
  trx: Trx,
  ctx: AppContext,
  plan: PlanRow,
  orgId: number,
  explicit: boolean,
): Promise<'done' | 'skipped'> {
  const planId = Number(plan.id)
  const lock = await lockSchool(trx, planId, orgId)
  if (!lock) throw notFound(RolloverMsg.SCHOOL_NOT_IN_PLAN)
  if (lock.status === 'done') {
    if (explicit) throw refused(ErrorCode.CONFLICT, RolloverMsg.SCHOOL_DONE)
    await updateSchool(trx, planId, orgId, { queued: false })
    return 'skipped'
  }
  try {
    const summary = await carryOut(trx, ctx, plan, orgId, lock.intake_classes)
    await updateSchool(
      trx,
      planId,
      orgId,
      { status: 'done', queued: false, error: null, summary, finished_at: ctx.clock.now() },
      true,
    )
    await refreshPlanStatus(trx, planId)
    return 'done'
  } catch (e) {
    throw e instanceof RunFailed ? e : new RunFailed(failureText(e))
  }
}

async function carryOut(trx: Trx, ctx: AppContext, plan: PlanRow, orgId: number, intakeClasses: number | null) {
  const planId = Number(plan.id)
  const v = await viewSchool(trx, plan, orgId, intakeClasses)
  const sp = v.plan
  if (sp.conflict) throw new RunFailed(sp.conflict)
  const now = ctx.clock.now()
  const nowIso = now.toISOString()
  const fromStart = schoolYearStart(plan.from_year)
  const toStart = schoolYearStart(plan.to_year)
  const closeOn = `${toStart}-08-31`
  const openOn = `${toStart}-09-01`
  const j = new Journal(trx, journalKey(planId, orgId))
  const report: Insertable<RolloverReportTable>[] = []
  const note = (kind: RolloverChangeKind, subject: string, from: string | null, to: string | null) =>
    report.push({ plan_id: planId, org_id: orgId, kind, subject, from_value: from, to_value: to })

  const info = new Map<number, ClassInfo>()
  for (const [graduating, moves] of [
    [true, sp.graduating],
    [false, sp.moves],
  ] as const)
    for (const m of moves)
      for (const c of m.classes) {
        const renamed = m.classRenames.find((r) => r.id === c.id)?.to ?? c.name
        info.set(c.id, {
          move: m,
          graduating,
          from: fullClassName(m.grade.name, c.name),
          to: fullClassName(m.toName, renamed),
        })
      }
  // Students of a grade made ahead for the new year (level 0 now) are not in this year: the run leaves them be.
  const students = (await schoolStudents(trx, orgId)).filter((s) => (info.get(s.class_id)?.move.fromLevel ?? 0) >= 1)
  const repeaters = new Map(v.repeaters.filter((r) => r.class_id != null && info.has(r.class_id)).map((r) => [r.id, r]))
  const targets = new Map<number, ReturnType<typeof repeatTarget>>()
  for (const r of repeaters.values()) {
    const t = repeatTarget(sp, r.class_id!)
    if (!t) throw new RunFailed(`结转失败：学生${r.true_name}标记了留级，但没有可编入的下一届班级`)
    targets.set(r.id, t)
  }

  // 1. The final cohort leaves: its classes and grade are archived, its 在读 students graduate (休学 ones stay).
  for (const m of sp.graduating) {
    await j.update(
      'school_class',
      m.classes.map((c) => c.id),
      { archived: true, archived_at: nowIso },
    )
    await j.update('grade', [m.grade.id], { archived: true, archived_at: nowIso })
    note('grade_graduate', m.grade.name, m.grade.name, '毕业归档')
    for (const c of m.classes) note('class_graduate', fullClassName(m.grade.name, c.name), null, '毕业归档')
  }
  const graduates = students.filter(
    (s) => info.get(s.class_id)!.graduating && !repeaters.has(s.id) && s.study_status === 'enrolled',
  )
  await graduateStudents(j, trx, { orgId, userInfoIds: graduates.map((s) => s.id), on: closeOn, now })

  // 2. Cohorts move up a level, oldest first, so a new name is free by the time it is taken.
  for (const m of sp.moves) {
    if (m.toName === m.grade.name) continue
    await j.update('grade', [m.grade.id], { name: m.toName })
    note('grade_relabel', m.grade.name, m.grade.name, m.toName)
    for (const r of m.classRenames) await j.update('school_class', [r.id], { name: r.to })
  }

  // 3. The intake grade and its classes.
  let intakeClassIds: number[] = []
  let intakeGradeId = sp.intake.existingGradeId
  const intake = sp.intake
  if (intake.gradeName && intake.existingGradeId === null && intake.classCount > 0) {
    ;[intakeGradeId] = await j.insert('grade', [
      {
        org_id: orgId,
        name: intake.gradeName,
        code: String(intake.entryYear),
        entry_year: intake.entryYear,
        learn_period_id: intake.learnPeriodId,
        archived_at: null,
      },
    ])
    intakeClassIds = await j.insert(
      'school_class',
      intake.classNames.map((name, i) => ({
        org_id: orgId,
        grade_id: intakeGradeId!,
        name,
        code: `${intake.entryYear}${String(i + 1).padStart(2, '0')}`,
        sort: i + 1,
        archived_at: null,
      })),
    )
    note('intake_grade', intake.gradeName, null, `${intake.entryYear}级`)
    for (const name of intake.classNames) note('intake_class', fullClassName(intake.gradeName, name), null, '新建')
  }

  // 4. Repeaters join the next cohort's class; everyone else staying is written too, so an undo notices a later move.
  const where = new Map<number, { gradeId: number; classId: number; name: string }>()
  for (const [id, t] of targets) {
    if (!t) continue
    if ('intakeIndex' in t) {
      where.set(id, {
        gradeId: intakeGradeId!,
        classId: intakeClassIds[t.intakeIndex]!,
        name: fullClassName(intake.gradeName ?? '', intake.classNames[t.intakeIndex]!),
      })
    } else where.set(id, { gradeId: t.gradeId, classId: t.classId, name: info.get(t.classId)!.to })
  }
  const staying = students.filter((s) => !graduates.includes(s))
  const byClass = new Map<number, number[]>()
  for (const s of staying) {
    const to = where.get(s.id)?.classId ?? s.class_id
    byClass.set(to, [...(byClass.get(to) ?? []), s.id])
  }
  for (const [classId, ids] of byClass) await j.update('user_info', ids, { class_id: classId })

  // 5. Enrolment: this year's rows close (a row per student), next year's open for those who stay.
  const status = (s: StudentRow) =>
    repeaters.has(s.id)
      ? ('repeated' as const)
      : s.study_status === 'suspended'
        ? ('suspended' as const)
        : info.get(s.class_id)!.graduating
          ? ('graduated' as const)
          : ('promoted' as const)
  const open = await openEnrolments(trx, orgId, plan.from_year)
  const closeIds = new Map<number, number>()
  const byStatus = new Map<string, number[]>()
  for (const s of students) {
    const row = open.get(s.id)
    if (row === undefined) continue
    closeIds.set(s.id, row)
    byStatus.set(status(s), [...(byStatus.get(status(s)) ?? []), row])
  }
  for (const [st, ids] of byStatus) await j.update('enrolment', ids, { status: st, ended_on: closeOn })
  const fresh = students.filter((s) => !closeIds.has(s.id))
  const previous = await latestEnrolments(
    trx,
    fresh.map((s) => s.id),
  )
  const closed = await j.insert(
    'enrolment',
    fresh.map((s): Values => ({
      user_info_id: s.id,
      school_year: plan.from_year,
      org_id: orgId,
      grade_id: info.get(s.class_id)!.move.grade.id,
      class_id: s.class_id,
      status: status(s),
      started_on: `${fromStart}-09-01`,
      ended_on: closeOn,
      previous_id: previous.get(s.id) ?? null,
      source: 'rollover',
    })),
  )
  fresh.forEach((s, i) => closeIds.set(s.id, closed[i]!))
  await j.insert(
    'enrolment',
    staying.map((s): Values => {
      const to = where.get(s.id)
      return {
        user_info_id: s.id,
        school_year: plan.to_year,
        org_id: orgId,
        grade_id: to?.gradeId ?? info.get(s.class_id)!.move.grade.id,
        class_id: to?.classId ?? s.class_id,
        status: s.study_status === 'suspended' ? 'suspended' : 'enrolled',
        started_on: openOn,
        ended_on: null,
        previous_id: closeIds.get(s.id)!,
        source: 'rollover',
      }
    }),
  )
  for (const s of students) {
    const c = info.get(s.class_id)!
    const st = status(s)
    if (st === 'repeated') note('student_repeat', s.true_name, c.from, where.get(s.id)!.name)
    else if (st === 'graduated') note('student_graduate', s.true_name, c.from, '毕业')
    else if (st === 'suspended') note('student_suspended', s.true_name, c.from, c.graduating ? c.from : c.to)
    else note('student_promote', s.true_name, c.from, c.to)
  }
  await insertReport(trx, report)
  return summaryOf(sp, v.repeaters, v.exceptions.length)
}

/** How an undo's refusal names a row: the student's, the grade's, the class's name. */
function describer(trx: Trx) {
  return async (table: JournalTable, id: number): Promise<string> => {
    const name = await rowName(trx, table, id)
    if (table === 'user_info') return `学生（${name ?? id}）`
    if (table === 'enrolment') return `学生（${name ?? id}）的学年在籍记录`
    return `${JOURNAL_TABLES[table]}（${name ?? `编号 ${id}`}）`
  }
}

/**
 * Undoes one school's run from its journal (the bureau): refused, naming the row, when a later change depends on it;
 * otherwise the school's grades, classes, students, bindings and enrolment rows are as before the run, its report is
 * dropped and the school can be run again.
 */
export function undoSchool(ctx: AppContext, auth: AuthInfo, b: RolloverSchoolBody): Promise<RolloverSchoolRow> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const plan = await loadPlan(trx, b.planId)
    const lock = await lockSchool(trx, b.planId, b.orgId)
    if (!lock) throw notFound(RolloverMsg.SCHOOL_NOT_IN_PLAN)
    if (lock.status !== 'done') throw refused(ErrorCode.CONFLICT, RolloverMsg.NOT_DONE)
    const restored = await undoJournal(trx, journalKey(b.planId, b.orgId), describer(trx))
    await deleteReport(trx, b.planId, b.orgId)
    await updateSchool(trx, b.planId, b.orgId, {
      status: 'undone',
      queued: false,
      error: null,
      summary: null,
      finished_at: ctx.clock.now(),
    })
    await refreshPlanStatus(trx, b.planId)
    const [row] = await planSchools(trx, b.planId, [b.orgId])
    await recordOp(trx, auth, {
      module: OP_MODULE,
      action: '撤销结转',
      target: `${row!.org_name}（${plan.from_year} → ${plan.to_year}）`,
      detail: { rows: restored },
      important: true,
    })
    const v = await viewSchool(trx, plan, b.orgId, row!.intake_classes)
    return {
      orgId: b.orgId,
      orgName: row!.org_name,
      status: row!.status,
      error: row!.error,
      attempts: row!.attempts,
      finishedAt: row!.finished_at?.toISOString() ?? null,
      summary: summaryOf(v.plan, v.repeaters, v.exceptions.length),
    }
  })
}

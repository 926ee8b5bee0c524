import {
  CampusErrorCode,
  CampusMsg,
  ConfigName,
  mhSysConfig,
  UserType,
  type BackPlan,
  type BackSignData,
  type CampusEvent,
  type CampusNoticeQuery,
  type ClassTeachersAnswer,
  type ClassTeachersBody,
  type CountItem,
  type MhSysConfig,
  type NewsRow,
  type SchoolEvents,
  type SchoolResources,
  type SchoolStyle,
  type TeacherClassAnswer,
  type TeacherNum,
  type TermInfo,
  type TotalStatistic,
} from '@zhixiao/shared'
import type { Trx } from '../../db/database.js'
import type { AppContext, AuthInfo } from '../../platform/context.js'
import { badRequest, refused } from '../../platform/errors.js'
import { recordOp } from '../../platform/op-log.js'
import { assertInScope, loadInScope } from '../../platform/org-scope.js'
import type { Page } from '../../platform/paging.js'
import { todayOf } from '../apps/registry.js'
import { hostedApp } from '../apps/user-apps.js'
import { queryNews } from '../cms/reader-service.js'
import { keptTotal } from '../people/member-count-queries.js'
import { resolveSysConfig } from '../portal-config/service.js'
import {
  buildingsByType,
  classesTaughtIn,
  countBuildings,
  countFloors,
  currentClassesWithGrades,
  classTeacherRows,
  classTeacherSubjects,
  deleteClassTeachersOf,
  deleteTeacherSubjects,
  enabledSubjectsOf,
  findEnabledSubjectsOfOrg,
  insertTeacherSubjects,
  setClassTeachersHead,
  findClassWithGrade,
  findCurrentStaffOfOrg,
  findCurrentTerm,
  findNextTerm,
  findOrgNameAddress,
  findStaffMembership,
  holidaysBetween,
  insertClassTeachers,
  keptStudentsPerClass,
  listClassTeachers,
  roomsByUse,
  staffCountsByDict,
  staffCountsBySex,
  termsStartingOrEndingBetween,
} from './queries.js'

/**
 * The campus portal's reads (001 §7.5 campusPro). Each answers from this project's own data about one org (a
 * school): members of that org and of the orgs above it (its bureau) may read; any other org, or an org of another
 * tenant, answers 404 like a missing one.
 */
function inOrg<T>(ctx: AppContext, auth: AuthInfo, orgId: number, fn: (trx: Trx) => Promise<T>): Promise<T> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    await assertInScope(trx, auth, orgId)
    return fn(trx)
  })
}

const DAY_MS = 86_400_000
const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS)

/** findPortalNoticePub: the CMS's published news for the org, newest first (its reader rules: schools see their bureau's too). */
export async function notices(
  ctx: AppContext,
  auth: AuthInfo,
  q: CampusNoticeQuery & { orgId: number },
): Promise<Page<NewsRow>> {
  await ctx.db.tenant(auth.tenantId, (trx) => assertInScope(trx, auth, q.orgId))
  return queryNews(ctx, { auth }, { orgId: q.orgId, pageIndex: q.pageIndex, pageSize: q.pageSize })
}

async function dictCounts(
  trx: Trx,
  orgId: number,
  column: 'title_id' | 'teacher_type_id' | 'position_id',
): Promise<CountItem[]> {
  const rows = await staffCountsByDict(trx, orgId, column)
  return rows.map((r) => ({ id: r.id === null ? null : Number(r.id), name: r.name ?? '未设置', count: Number(r.n) }))
}

/**
 * getTeacherNumByOrgId: current (not archived) staff of the school. The total is the kept count; the breakdowns
 * group the school's staff rows (hundreds, not the students' hundred thousand).
 */
export function teacherNum(ctx: AppContext, auth: AuthInfo, orgId: number): Promise<TeacherNum> {
  return inOrg(ctx, auth, orgId, async (trx) => {
    const total = await keptTotal(trx, { orgId, userType: UserType.STAFF, archived: false })
    const sexes = await staffCountsBySex(trx, orgId)
    const bySex = (s: number) => Number(sexes.find((r) => r.sex === s)?.n ?? 0)
    const male = bySex(1)
    const female = bySex(2)
    return {
      orgId,
      total,
      male,
      female,
      unknownSex: Math.max(0, total - male - female),
      byTitle: await dictCounts(trx, orgId, 'title_id'),
      byType: await dictCounts(trx, orgId, 'teacher_type_id'),
      byPosition: await dictCounts(trx, orgId, 'position_id'),
    }
  })
}

/** getSchoolResources: buildings, floors and rooms of the school, rooms by use with their seats. */
export function schoolResources(ctx: AppContext, auth: AuthInfo, orgId: number): Promise<SchoolResources> {
  return inOrg(ctx, auth, orgId, async (trx) => {
    const b = await countBuildings(trx, orgId)
    const f = await countFloors(trx, orgId)
    const uses = await roomsByUse(trx, orgId)
    const types = await buildingsByType(trx, orgId)
    const byUse = uses.map((r) => ({
      id: r.id === null ? null : Number(r.id),
      name: r.name ?? '未设置用途',
      count: Number(r.n),
      capacity: Number(r.seats),
    }))
    return {
      orgId,
      buildings: Number(b.n),
      floors: Number(f.n),
      rooms: byUse.reduce((s, r) => s + r.count, 0),
      enabledRooms: uses.reduce((s, r) => s + Number(r.enabled), 0),
      capacity: byUse.reduce((s, r) => s + r.capacity, 0),
      byUse,
      byBuildingType: types.map((r) => ({
        id: r.id === null ? null : Number(r.id),
        name: r.name ?? '未设置类型',
        count: Number(r.n),
      })),
    }
  })
}

/** getSchoolStyleInfo: the header style the school's portal shows (mh_sys_config with its inheritance) and its latest news. */
export async function schoolStyle(ctx: AppContext, auth: AuthInfo, orgId: number): Promise<SchoolStyle> {
  const { org, cfg } = await inOrg(ctx, auth, orgId, async (trx) => {
    const org = await findOrgNameAddress(trx, orgId)
    const resolved = await resolveSysConfig(trx, ConfigName.MH_SYS, orgId)
    return { org, cfg: mhSysConfig.parse(resolved) as MhSysConfig }
  })
  const latest = await queryNews(ctx, { auth }, { orgId, pageIndex: 1, pageSize: 20 })
  const images = latest.list
    .filter((n) => n.frontCoverUrlHttp)
    .slice(0, 6)
    .map((n) => ({ newsId: n.id, title: n.title, url: n.frontCoverUrlHttp! }))
  return {
    orgId,
    orgName: org.name,
    address: org.address,
    sysName: cfg.sysName,
    logoUrl: cfg.logoUrl,
    showLogo: cfg.showLogo,
    wideImgUrl: cfg.wideImgUrl,
    styleSelect: cfg.styleSelect,
    images,
    news: latest.list.slice(0, 5).map((n) => ({ id: n.id, title: n.title, publishTime: n.publishTime })),
  }
}

interface TermRow {
  id: number
  name: string
  school_year: string
  term: number
  start_date: string
  end_date: string
}
const toTerm = (r: TermRow): TermInfo => ({
  id: Number(r.id),
  name: r.name,
  schoolYear: r.school_year,
  term: r.term,
  startDate: r.start_date,
  endDate: r.end_date,
})

/** The enabled term under way today, and the next one to start. */
async function terms(
  trx: Trx,
  orgId: number,
  today: string,
): Promise<{ current: TermInfo | null; next: TermInfo | null }> {
  const current = await findCurrentTerm(trx, orgId, today)
  const next = await findNextTerm(trx, orgId, today)
  return { current: current ? toTerm(current) : null, next: next ? toTerm(next) : null }
}

const EVENT_WINDOW_DAYS = 90
const EVENT_LIMIT = 20

/** getEventSchoolInfo: the school calendar from today on — term starts and ends, holidays and make-up work days. */
export function schoolEvents(ctx: AppContext, auth: AuthInfo, orgId: number): Promise<SchoolEvents> {
  const today = todayOf(ctx.clock.now())
  const until = new Date(Date.parse(`${today}T00:00:00Z`) + EVENT_WINDOW_DAYS * DAY_MS).toISOString().slice(0, 10)
  return inOrg(ctx, auth, orgId, async (trx) => {
    const { current, next } = await terms(trx, orgId, today)
    const events: CampusEvent[] = []
    const cal = await termsStartingOrEndingBetween(trx, orgId, today, until)
    for (const t of cal) {
      if (t.start_date >= today && t.start_date <= until)
        events.push({
          kind: 'termStart',
          name: `${t.name}开学`,
          startDate: t.start_date,
          endDate: t.start_date,
          daysUntil: daysBetween(today, t.start_date),
        })
      if (t.end_date >= today && t.end_date <= until)
        events.push({
          kind: 'termEnd',
          name: `${t.name}结束`,
          startDate: t.end_date,
          endDate: t.end_date,
          daysUntil: daysBetween(today, t.end_date),
        })
    }
    const hol = await holidaysBetween(trx, orgId, today, until, EVENT_LIMIT)
    for (const h of hol) {
      events.push({
        kind: h.kind === 'workday' ? 'workday' : 'holiday',
        name: h.name,
        startDate: h.start_date,
        endDate: h.end_date,
        daysUntil: Math.max(0, daysBetween(today, h.start_date)),
      })
    }
    events.sort((a, b) => a.startDate.localeCompare(b.startDate) || a.kind.localeCompare(b.kind))
    const weekNo = current ? Math.floor(daysBetween(mondayOf(current.startDate), today) / 7) + 1 : null
    return { orgId, today, currentTerm: current, weekNo, nextTerm: next, events: events.slice(0, EVENT_LIMIT) }
  })
}

/** The Monday of a date's week: teaching weeks run Monday to Sunday, the first being the term start's week. */
function mondayOf(day: string): string {
  const d = new Date(`${day}T00:00:00Z`)
  return new Date(d.getTime() - ((d.getUTCDay() + 6) % 7) * DAY_MS).toISOString().slice(0, 10)
}

/** Current grades of the school with their current classes and kept student counts. */
async function gradesWithCounts(trx: Trx, orgId: number) {
  const classes = await currentClassesWithGrades(trx, orgId)
  const counts = await keptStudentsPerClass(trx, orgId)
  const perClass = new Map(counts.map((c) => [Number(c.class_id), Number(c.n)]))
  const grades = new Map<
    number,
    { gradeId: number; gradeName: string; classCount: number; studentCount: number; order: [number, number] }
  >()
  for (const c of classes) {
    const g = grades.get(Number(c.grade_id)) ?? {
      gradeId: Number(c.grade_id),
      gradeName: c.grade_name,
      classCount: 0,
      studentCount: 0,
      order: [c.sort, -c.entry_year] as [number, number],
    }
    g.classCount += 1
    g.studentCount += perClass.get(Number(c.id)) ?? 0
    grades.set(g.gradeId, g)
  }
  return {
    list: [...grades.values()].sort(
      (a, b) => a.order[0] - b.order[0] || a.order[1] - b.order[1] || a.gradeId - b.gradeId,
    ),
    perClass,
  }
}

/** getBackPlan: the next term's start and the grades and classes due back then (students from the kept counts). */
export function backPlan(ctx: AppContext, auth: AuthInfo, orgId: number): Promise<BackPlan> {
  const today = todayOf(ctx.clock.now())
  return inOrg(ctx, auth, orgId, async (trx) => {
    const { next } = await terms(trx, orgId, today)
    const { list } = await gradesWithCounts(trx, orgId)
    const grades = list.map(({ order: _o, ...g }) => g)
    return {
      orgId,
      today,
      nextTerm: next,
      daysUntil: next ? daysBetween(today, next.startDate) : null,
      grades,
      classCount: grades.reduce((s, g) => s + g.classCount, 0),
      studentCount: grades.reduce((s, g) => s + g.studentCount, 0),
    }
  })
}

/**
 * getBackSign: this project has no work sign-in of its own, so the entry answers 001 §8's message as a refusal. When
 * an attendance app is registered and the caller may open it, the answer names it so the page can offer it.
 */
export async function backSign(ctx: AppContext, auth: AuthInfo, orgId: number): Promise<never> {
  await ctx.db.tenant(auth.tenantId, (trx) => assertInScope(trx, auth, orgId))
  const hosted = await hostedApp(ctx, auth, '/attendance')
  const a = hosted?.app
  const open = !!a && hosted.mayOpen && !a.missing && !a.isScrap && !a.hasExpire && !!a.reqUri
  const data: BackSignData = { attendance: open ? { name: a.name, reqUri: a.reqUri! } : null }
  throw refused(CampusErrorCode.ENTRY_CLOSED, CampusMsg.ENTRY_CLOSED, data)
}

/** getTotalStatistic: students, teachers and parents from the kept member counts; classes and grades counted (a school has dozens). */
export function totalStatistic(ctx: AppContext, auth: AuthInfo, orgId: number): Promise<TotalStatistic> {
  return inOrg(ctx, auth, orgId, async (trx) => {
    const kept = (userType: number) => keptTotal(trx, { orgId, userType, archived: false })
    const { list } = await gradesWithCounts(trx, orgId)
    return {
      orgId,
      students: await kept(UserType.STUDENT),
      teachers: await kept(UserType.STAFF),
      parents: await kept(UserType.PARENT),
      classes: list.reduce((s, g) => s + g.classCount, 0),
      grades: list.length,
    }
  })
}

/** getTeacherClass: the classes the caller (as a member of this school) heads or teaches, head classes first. */
export function teacherClasses(ctx: AppContext, auth: AuthInfo, orgId: number): Promise<TeacherClassAnswer> {
  return inOrg(ctx, auth, orgId, async (trx) => {
    // The caller's membership in this school (a bureau user has none, so no classes).
    const me = await findStaffMembership(trx, auth.accountId, orgId)
    if (!me) return { orgId, list: [] }
    const rows = await classesTaughtIn(trx, me.id, orgId)
    const counts = rows.length
      ? await keptStudentsPerClass(
          trx,
          orgId,
          rows.map((r) => r.classId),
        )
      : []
    const n = new Map(counts.map((c) => [Number(c.class_id), Number(c.n)]))
    return {
      orgId,
      list: rows.map((r) => ({
        classId: Number(r.classId),
        className: r.className,
        gradeId: Number(r.gradeId),
        gradeName: r.gradeName,
        isHead: r.isHead,
        studentCount: n.get(Number(r.classId)) ?? 0,
      })),
    }
  })
}

// ---- the teachers of a class ----

export function classTeachers(ctx: AppContext, auth: AuthInfo, classId: number): Promise<ClassTeachersAnswer> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const cls = await loadInScope(trx, auth, findClassWithGrade, classId, CampusMsg.CLASS_NOT_FOUND)
    const rows = await listClassTeachers(trx, classId)
    const subjects = await classTeacherSubjects(trx, classId)
    const item = (x: { id: number; name: string; code: string | null; status: number }) => ({
      id: Number(x.id),
      name: x.name,
      code: x.code,
      status: x.status,
    })
    return {
      classId,
      orgId: Number(cls.org_id),
      className: cls.name,
      gradeName: cls.grade_name,
      teachers: rows.map((r) => ({
        userInfoId: Number(r.user_info_id),
        trueName: r.true_name,
        isHead: r.is_head,
        subjects: subjects.filter((x) => Number(x.user_info_id) === Number(r.user_info_id)).map(item),
      })),
      subjectOptions: (await enabledSubjectsOf(trx, cls.org_id)).map(item),
    }
  })
}

type SubjectLink = { userInfoId: number; subjectId: number }

/**
 * Sets who heads and who teaches a class (the whole list at once) and, when given, the subjects each of them teaches
 * in it. Every teacher must be a current staff member of the class's school; the head teacher is also one of the
 * class's teachers. A subject newly given to a teacher must be an enabled subject of the class's school (one already
 * taught may stay after it was disabled). Only what changed is written, so the change feed (directory deltas,
 * webhooks) names only the teachers whose classes or subjects changed.
 */
export function saveClassTeachers(ctx: AppContext, auth: AuthInfo, b: ClassTeachersBody): Promise<void> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const cls = await loadInScope(trx, auth, 'school_class', b.classId, CampusMsg.CLASS_NOT_FOUND)
    const ids = [...new Set([...(b.headTeacherId ? [b.headTeacherId] : []), ...b.teacherIds])]
    if (ids.length) {
      const found = await findCurrentStaffOfOrg(trx, ids, cls.org_id)
      if (found.length !== ids.length) throw badRequest(CampusMsg.TEACHER_NOT_FOUND)
    }
    const current = await classTeacherRows(trx, b.classId)
    const isHeadNow = new Map(current.map((r) => [Number(r.user_info_id), r.is_head]))
    // The subjects wanted, checked before anything is written.
    let subjectsToDrop: SubjectLink[] = []
    let subjectsToAdd: SubjectLink[] = []
    if (b.teacherSubjects) {
      const wanted = new Map<number, Set<number>>()
      for (const t of b.teacherSubjects) {
        if (wanted.has(t.userInfoId)) throw badRequest(CampusMsg.SUBJECT_TEACHER_REPEATED)
        if (!ids.includes(t.userInfoId)) throw badRequest(CampusMsg.SUBJECT_TEACHER_NOT_IN_CLASS)
        wanted.set(t.userInfoId, new Set(t.subjectIds))
      }
      const have = (await classTeacherSubjects(trx, b.classId)).map((r) => ({
        userInfoId: Number(r.user_info_id),
        subjectId: Number(r.id),
      }))
      const has = new Set(have.map((h) => `${h.userInfoId}:${h.subjectId}`))
      // A removed teacher's subjects go with their class-teacher row.
      subjectsToDrop = have.filter((h) => ids.includes(h.userInfoId) && !wanted.get(h.userInfoId)?.has(h.subjectId))
      subjectsToAdd = [...wanted].flatMap(([userInfoId, set]) =>
        [...set]
          .filter((subjectId) => !has.has(`${userInfoId}:${subjectId}`))
          .map((subjectId) => ({ userInfoId, subjectId })),
      )
      const fresh = [...new Set(subjectsToAdd.map((x) => x.subjectId))]
      if (fresh.length) {
        const ok = await findEnabledSubjectsOfOrg(trx, fresh, cls.org_id)
        if (ok.length !== fresh.length) throw badRequest(CampusMsg.SUBJECT_NOT_FOUND)
      }
    }
    const removed = [...isHeadNow.keys()].filter((id) => !ids.includes(id))
    if (removed.length) await deleteClassTeachersOf(trx, b.classId, removed)
    // One head per class: the old head steps down before the new one is written.
    const unheaded = ids.filter((id) => isHeadNow.get(id) === true && id !== b.headTeacherId)
    if (unheaded.length) await setClassTeachersHead(trx, b.classId, unheaded, false)
    const added = ids.filter((id) => !isHeadNow.has(id))
    if (added.length) await insertClassTeachers(trx, b.classId, added, b.headTeacherId)
    if (b.headTeacherId && isHeadNow.get(b.headTeacherId) === false) {
      await setClassTeachersHead(trx, b.classId, [b.headTeacherId], true)
    }
    if (subjectsToDrop.length) await deleteTeacherSubjects(trx, b.classId, subjectsToDrop)
    if (subjectsToAdd.length) await insertTeacherSubjects(trx, b.classId, subjectsToAdd)
    await recordOp(trx, auth, {
      module: '学校设置',
      action: '设置班级教师',
      target: cls.name,
      detail: {
        classId: b.classId,
        headTeacherId: b.headTeacherId,
        teacherIds: ids,
        ...(b.teacherSubjects ? { teacherSubjects: b.teacherSubjects } : {}),
      },
    })
  })
}

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
import { sql } from 'kysely'
import type { Trx } from '../../db/database.js'
import type { AppContext, AuthInfo } from '../../platform/context.js'
import { badRequest, notFound, refused } from '../../platform/errors.js'
import { recordOp } from '../../platform/op-log.js'
import { assertInScope, loadInScope } from '../../platform/org-scope.js'
import type { Page } from '../../platform/paging.js'
import { todayOf } from '../apps/registry.js'
import { hostedApp } from '../apps/user-apps.js'
import { queryNews } from '../cms/reader-service.js'
import { keptTotal } from '../people/member-count-queries.js'
import { resolveSysConfig } from '../portal-config/service.js'

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
  const rows = await trx
    .selectFrom('user_info as u')
    .leftJoin('dict_item as d', (j) => j.onRef('d.tenant_id', '=', 'u.tenant_id').onRef('d.id', '=', `u.${column}`))
    .select((eb) => [`u.${column} as id`, 'd.name', eb.fn.countAll<number>().as('n')])
    .where('u.org_id', '=', orgId)
    .where('u.user_type', '=', UserType.STAFF)
    .where('u.archived', '=', false)
    .groupBy([`u.${column}`, 'd.name'])
    .orderBy('n', 'desc')
    .execute()
  return rows.map((r) => ({ id: r.id === null ? null : Number(r.id), name: r.name ?? '未设置', count: Number(r.n) }))
}

/**
 * getTeacherNumByOrgId: current (not archived) staff of the school. The total is the kept count; the breakdowns
 * group the school's staff rows (hundreds, not the students' hundred thousand).
 */
export function teacherNum(ctx: AppContext, auth: AuthInfo, orgId: number): Promise<TeacherNum> {
  return inOrg(ctx, auth, orgId, async (trx) => {
    const total = await keptTotal(trx, { orgId, userType: UserType.STAFF, archived: false })
    const sexes = await trx
      .selectFrom('user_info as u')
      .leftJoin('person as p', (j) =>
        j.onRef('p.tenant_id', '=', 'u.tenant_id').onRef('p.account_id', '=', 'u.account_id'),
      )
      .select((eb) => ['p.sex', eb.fn.countAll<number>().as('n')])
      .where('u.org_id', '=', orgId)
      .where('u.user_type', '=', UserType.STAFF)
      .where('u.archived', '=', false)
      .groupBy('p.sex')
      .execute()
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
    const b = await trx
      .selectFrom('building')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('org_id', '=', orgId)
      .executeTakeFirstOrThrow()
    const f = await trx
      .selectFrom('floor')
      .innerJoin('building', (j) =>
        j.onRef('building.tenant_id', '=', 'floor.tenant_id').onRef('building.id', '=', 'floor.building_id'),
      )
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('building.org_id', '=', orgId)
      .executeTakeFirstOrThrow()
    const uses = await trx
      .selectFrom('room')
      .leftJoin('dict_item as d', (j) =>
        j.onRef('d.tenant_id', '=', 'room.tenant_id').onRef('d.id', '=', 'room.use_id'),
      )
      .select((eb) => [
        'room.use_id as id',
        'd.name',
        eb.fn.countAll<number>().as('n'),
        eb.fn.coalesce(eb.fn.sum<number>('room.capacity'), eb.lit(0)).as('seats'),
        sql<number>`count(*) FILTER (WHERE room.status = 0)`.as('enabled'),
      ])
      .where('room.org_id', '=', orgId)
      .groupBy(['room.use_id', 'd.name'])
      .orderBy('n', 'desc')
      .execute()
    const types = await trx
      .selectFrom('building')
      .leftJoin('dict_item as d', (j) =>
        j.onRef('d.tenant_id', '=', 'building.tenant_id').onRef('d.id', '=', 'building.type_id'),
      )
      .select((eb) => ['building.type_id as id', 'd.name', eb.fn.countAll<number>().as('n')])
      .where('building.org_id', '=', orgId)
      .groupBy(['building.type_id', 'd.name'])
      .orderBy('n', 'desc')
      .execute()
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
    const org = await trx
      .selectFrom('org_unit')
      .select(['name', 'address'])
      .where('id', '=', orgId)
      .executeTakeFirstOrThrow()
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
const TERM_COLUMNS = ['id', 'name', 'school_year', 'term', 'start_date', 'end_date'] as const

/** The enabled term under way today, and the next one to start. */
async function terms(
  trx: Trx,
  orgId: number,
  today: string,
): Promise<{ current: TermInfo | null; next: TermInfo | null }> {
  const base = trx
    .selectFrom('school_calendar')
    .select(TERM_COLUMNS)
    .where('org_id', '=', orgId)
    .where('status', '=', 0)
  const current = await base
    .where('start_date', '<=', today)
    .where('end_date', '>=', today)
    .orderBy('start_date', 'desc')
    .executeTakeFirst()
  const next = await base.where('start_date', '>', today).orderBy('start_date').executeTakeFirst()
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
    const cal = await trx
      .selectFrom('school_calendar')
      .select(TERM_COLUMNS)
      .where('org_id', '=', orgId)
      .where('status', '=', 0)
      .where((eb) =>
        eb.or([
          eb.and([eb('start_date', '>=', today), eb('start_date', '<=', until)]),
          eb.and([eb('end_date', '>=', today), eb('end_date', '<=', until)]),
        ]),
      )
      .execute()
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
    const hol = await trx
      .selectFrom('holiday')
      .select(['name', 'kind', 'start_date', 'end_date'])
      .where('org_id', '=', orgId)
      .where('status', '=', 0)
      .where('end_date', '>=', today)
      .where('start_date', '<=', until)
      .orderBy('start_date')
      .limit(EVENT_LIMIT)
      .execute()
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
  const classes = await trx
    .selectFrom('school_class')
    .innerJoin('grade', (j) =>
      j.onRef('grade.tenant_id', '=', 'school_class.tenant_id').onRef('grade.id', '=', 'school_class.grade_id'),
    )
    .select(['school_class.id', 'school_class.grade_id', 'grade.name as grade_name', 'grade.sort', 'grade.entry_year'])
    .where('school_class.org_id', '=', orgId)
    .where('school_class.archived', '=', false)
    .where('school_class.status', '=', 0)
    .where('grade.archived', '=', false)
    .where('grade.status', '=', 0)
    .execute()
  const counts = await trx
    .selectFrom('member_count')
    .select((eb) => ['class_id', eb.fn.sum<number>('n').as('n')])
    .where('org_id', '=', orgId)
    .where('user_type', '=', UserType.STUDENT)
    .where('archived', '=', false)
    .groupBy('class_id')
    .execute()
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
    const me = await trx
      .selectFrom('user_info')
      .select('id')
      .where('account_id', '=', auth.accountId)
      .where('org_id', '=', orgId)
      .where('user_type', '=', UserType.STAFF)
      .where('archived', '=', false)
      .executeTakeFirst()
    if (!me) return { orgId, list: [] }
    const rows = await trx
      .selectFrom('class_teacher as ct')
      .innerJoin('school_class as c', (j) =>
        j.onRef('c.tenant_id', '=', 'ct.tenant_id').onRef('c.id', '=', 'ct.class_id'),
      )
      .innerJoin('grade as g', (j) => j.onRef('g.tenant_id', '=', 'c.tenant_id').onRef('g.id', '=', 'c.grade_id'))
      .select([
        'c.id as classId',
        'c.name as className',
        'g.id as gradeId',
        'g.name as gradeName',
        'ct.is_head as isHead',
        'g.sort as gsort',
        'c.sort as csort',
      ])
      .where('ct.user_info_id', '=', me.id)
      .where('c.org_id', '=', orgId)
      .where('c.archived', '=', false)
      .orderBy('ct.is_head', 'desc')
      .orderBy('g.sort')
      .orderBy('c.sort')
      .orderBy('c.id')
      .execute()
    const counts = rows.length
      ? await trx
          .selectFrom('member_count')
          .select((eb) => ['class_id', eb.fn.sum<number>('n').as('n')])
          .where('org_id', '=', orgId)
          .where('user_type', '=', UserType.STUDENT)
          .where('archived', '=', false)
          .where(
            'class_id',
            'in',
            rows.map((r) => r.classId),
          )
          .groupBy('class_id')
          .execute()
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
    const cls = await trx
      .selectFrom('school_class')
      .innerJoin('grade', (j) =>
        j.onRef('grade.tenant_id', '=', 'school_class.tenant_id').onRef('grade.id', '=', 'school_class.grade_id'),
      )
      .select(['school_class.org_id', 'school_class.name', 'grade.name as grade_name'])
      .where('school_class.id', '=', classId)
      .executeTakeFirst()
    if (!cls) throw notFound(CampusMsg.CLASS_NOT_FOUND)
    await assertInScope(trx, auth, cls.org_id)
    const rows = await trx
      .selectFrom('class_teacher as ct')
      .innerJoin('user_info as u', (j) =>
        j.onRef('u.tenant_id', '=', 'ct.tenant_id').onRef('u.id', '=', 'ct.user_info_id'),
      )
      .select(['ct.user_info_id', 'u.true_name', 'ct.is_head'])
      .where('ct.class_id', '=', classId)
      .orderBy('ct.is_head', 'desc')
      .orderBy('u.true_name')
      .execute()
    return {
      classId,
      orgId: Number(cls.org_id),
      className: cls.name,
      gradeName: cls.grade_name,
      teachers: rows.map((r) => ({ userInfoId: Number(r.user_info_id), trueName: r.true_name, isHead: r.is_head })),
    }
  })
}

/**
 * Sets who heads and who teaches a class (the whole list at once). Every teacher must be a current staff member of
 * the class's school; the head teacher is also one of the class's teachers.
 */
export function saveClassTeachers(ctx: AppContext, auth: AuthInfo, b: ClassTeachersBody): Promise<void> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const cls = await loadInScope(trx, auth, 'school_class', b.classId, CampusMsg.CLASS_NOT_FOUND)
    const ids = [...new Set([...(b.headTeacherId ? [b.headTeacherId] : []), ...b.teacherIds])]
    if (ids.length) {
      const found = await trx
        .selectFrom('user_info')
        .select('id')
        .where('id', 'in', ids)
        .where('org_id', '=', cls.org_id)
        .where('user_type', '=', UserType.STAFF)
        .where('archived', '=', false)
        .execute()
      if (found.length !== ids.length) throw badRequest(CampusMsg.TEACHER_NOT_FOUND)
    }
    await trx.deleteFrom('class_teacher').where('class_id', '=', b.classId).execute()
    if (ids.length) {
      await trx
        .insertInto('class_teacher')
        .values(ids.map((id) => ({ class_id: b.classId, user_info_id: id, is_head: id === b.headTeacherId })))
        .execute()
    }
    await recordOp(trx, auth, {
      module: '学校设置',
      action: '设置班级教师',
      target: cls.name,
      detail: { classId: b.classId, headTeacherId: b.headTeacherId, teacherIds: ids },
    })
  })
}

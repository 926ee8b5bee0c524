import {
  DirectoryMsg,
  UserType,
  type DirectoryClass,
  type DirectoryClassesQuery,
  type DirectoryGrade,
  type DirectoryGuardian,
  type DirectoryMembersQuery,
  type DirectoryPageQuery,
  type DirectorySchool,
  type DirectoryStudent,
  type DirectoryTeacher,
  type HubScope,
  type TeacherSubject,
} from '@zhixiao/shared'
import type { Trx } from '../../db/database.js'
import type { AppContext } from '../../platform/context.js'
import { AppError, badRequest } from '../../platform/errors.js'
import { logAppAccess, subjectFor, type HubClient } from '../app-clients/hub-client.js'
import { childGate, type ChildGate } from '../consent/hub-gate.js'
import type { AppCaller } from './app-token.js'
import {
  changedIds,
  changeWatermark,
  childrenOfParents,
  classesOfTeachers,
  departmentsByIds,
  headsOfClasses,
  listClasses,
  listGrades,
  listPeople,
  listSchools,
  subjectsOfTeachers,
  type ChangeSource,
  type PageOf,
} from './queries.js'

/**
 * The directory API's reads (docs/open-platform.md "Directory API"): keyset pages over ids (never OFFSET), one
 * indexed query per page plus one batched query for each list's links; with updated_since, the ids the change feed
 * names since then, each either the row as it is now or a tombstone `deleted: true` (removed or archived).
 */
export interface DirectoryPage<T> {
  items: T[]
  next_cursor: string | null
  as_of: string
}

/** The cursor: the last id read and the as_of of the first page, sealed so an app can neither read nor forge it. */
interface Cursor {
  a: number
  t: string
}

function sealCursor(ctx: AppContext, c: Cursor): string {
  return Buffer.from(ctx.secrets.seal(JSON.stringify(c))).toString('base64url')
}

function openCursor(ctx: AppContext, s: string): Cursor {
  try {
    const c = JSON.parse(ctx.secrets.open(Buffer.from(s, 'base64url').toString())) as Partial<Cursor>
    if (Number.isSafeInteger(c.a) && c.a! >= 0 && typeof c.t === 'string' && !Number.isNaN(Date.parse(c.t))) {
      return c as Cursor
    }
  } catch {
    // falls through to the refusal
  }
  throw badRequest(DirectoryMsg.BAD_CURSOR)
}

/** One row of a page: its key (the id paged on) and what the app sees (null: not in this list). */
interface Keyed<T> {
  key: number
  item: T | null
}

async function readPage<T>(
  ctx: AppContext,
  caller: AppCaller,
  path: string,
  q: DirectoryPageQuery,
  sources: readonly ChangeSource[],
  load: (trx: Trx, p: PageOf) => Promise<Keyed<T>[]>,
): Promise<DirectoryPage<T>> {
  const cursor = q.cursor ? openCursor(ctx, q.cursor) : null
  // Taken before the read: a change not visible to it carries a later `at`, so the next delta still finds it.
  const asOf = cursor ? new Date(cursor.t) : await changeWatermark(ctx.db.kysely)
  const since = q.updated_since ? new Date(q.updated_since) : null
  return ctx.db.tenant(caller.tenantId, async (trx) => {
    const after = cursor?.a ?? 0
    let keyed: Keyed<T>[]
    let read: number
    let last: number | undefined
    if (since) {
      const ids = await changedIds(trx, sources, since, after, q.limit)
      keyed = ids.length ? await load(trx, { after, limit: q.limit, ids }) : []
      read = ids.length
      last = ids.at(-1)
    } else {
      keyed = await load(trx, { after, limit: q.limit })
      read = keyed.length
      last = keyed.at(-1)?.key
    }
    const items = keyed.flatMap((k) => (k.item === null ? [] : [k.item]))
    await logAppAccess(trx, {
      appId: caller.client.appId,
      clientId: caller.client.clientId,
      kind: 'directory',
      scope: caller.scope,
      detail: `${path} ${items.length}${since ? ` updated_since=${q.updated_since}` : ''}`,
      ip: caller.ip,
    })
    const more = read === q.limit && last !== undefined
    return {
      items,
      next_cursor: more ? sealCursor(ctx, { a: last!, t: asOf.toISOString() }) : null,
      as_of: asOf.toISOString(),
    }
  })
}

/**
 * Rows in key order: a list page's rows as they are, or a delta's ids — a missing row is a tombstone, and `state`
 * says whether a found one is shown, gone (archived: a tombstone) or not in this list at all. A `withheld` row (a
 * child the app may not receive, docs/privacy.md "Consent") is left out of a list and a tombstone in a delta, as if
 * archived, so an app that held it drops it on its next delta; its key still counts for the page.
 */
function settle<R extends { id: number }, T>(
  p: PageOf,
  rows: R[],
  tomb: (id: number) => T,
  state: (r: R) => 'row' | 'gone' | 'skip',
  show: (r: R) => T,
  withheld: (r: R) => boolean = () => false,
): Keyed<T>[] {
  const byId = new Map(rows.map((r) => [r.id, r]))
  return (p.ids ?? rows.map((r) => r.id)).map((id) => {
    const r = byId.get(id)
    if (!r) return { key: id, item: tomb(id) }
    let s = p.ids ? state(r) : 'row'
    if (s === 'row' && withheld(r)) s = p.ids ? 'gone' : 'skip'
    return { key: id, item: s === 'row' ? show(r) : s === 'gone' ? tomb(id) : null }
  })
}

const granted = (c: HubClient, s: HubScope) => c.scopes.includes(s)

export function schools(ctx: AppContext, caller: AppCaller, q: DirectoryPageQuery) {
  return readPage<DirectorySchool>(ctx, caller, '/open/v1/schools', q, [{ entity: 'org' }], async (trx, p) =>
    settle(
      p,
      await listSchools(trx, p),
      (id): DirectorySchool => ({ id, deleted: true }),
      (r) => (r.org_type === 'org' ? 'row' : 'skip'),
      (r) => ({ id: r.id, name: r.name, parent_id: r.parent_id, unit_attr: r.unit_attr }),
    ),
  )
}

export function grades(ctx: AppContext, caller: AppCaller, q: DirectoryPageQuery & { school_id?: number }) {
  return readPage<DirectoryGrade>(ctx, caller, '/open/v1/grades', q, [{ entity: 'grade' }], async (trx, p) =>
    settle(
      p,
      await listGrades(trx, { ...p, schoolId: q.school_id }),
      (id): DirectoryGrade => ({ id, deleted: true }),
      (r) => (q.school_id && r.org_id !== q.school_id ? 'skip' : r.archived ? 'gone' : 'row'),
      (r) => ({ id: r.id, name: r.name, school_id: r.org_id, entry_year: r.entry_year }),
    ),
  )
}

export function classes(ctx: AppContext, caller: AppCaller, q: DirectoryClassesQuery) {
  const sources: ChangeSource[] = [{ entity: 'class' }, { entity: 'class_teacher' }]
  return readPage<DirectoryClass>(ctx, caller, '/open/v1/classes', q, sources, async (trx, p) => {
    const rows = await listClasses(trx, { ...p, schoolId: q.school_id, gradeId: q.grade_id })
    const heads = new Map<number, number>()
    for (const h of await headsOfClasses(
      trx,
      rows.map((r) => r.id),
    )) {
      if (!heads.has(h.class_id)) heads.set(h.class_id, h.user_info_id)
    }
    const out = (r: (typeof rows)[number]) =>
      (q.school_id && r.org_id !== q.school_id) || (q.grade_id && r.grade_id !== q.grade_id)
    return settle(
      p,
      rows,
      (id): DirectoryClass => ({ id, deleted: true }),
      (r) => (out(r) ? 'skip' : r.archived ? 'gone' : 'row'),
      (r) => {
        const head = heads.get(r.id)
        return {
          id: r.id,
          name: r.name,
          school_id: r.org_id,
          grade_id: r.grade_id,
          head_teacher: head === undefined ? null : subjectFor(ctx, caller.client, head),
        }
      },
    )
  })
}

type PersonRow = Awaited<ReturnType<typeof listPeople>>[number]

/** What every person row carries: the subject, and name and phone as granted (a minor's phone by the gate). */
function personFields(ctx: AppContext, c: HubClient, r: PersonRow, gate?: ChildGate) {
  return {
    sub: subjectFor(ctx, c, r.id),
    ...(granted(c, 'profile') ? { name: r.true_name } : {}),
    school_id: r.org_id,
    ...(granted(c, 'phone') ? { phone_number: gate ? gate.field(r.id, 'phone', r.phone) : r.phone } : {}),
  }
}

/** A person in a delta: of this list's type and school, archived (a tombstone) or live. */
function personState(r: PersonRow, userType: number, schoolId: number | undefined, inList = true) {
  if (r.user_type !== userType || (schoolId && r.org_id !== schoolId)) return 'skip' as const
  if (r.archived) return 'gone' as const
  return inList ? ('row' as const) : ('skip' as const)
}

export function teachers(ctx: AppContext, caller: AppCaller, q: DirectoryPageQuery & { school_id?: number }) {
  const c = caller.client
  const sources: ChangeSource[] = [
    { entity: 'person' },
    { entity: 'class_teacher', via: 'teachers_of_class' },
    { entity: 'teacher_subject' },
  ]
  return readPage<DirectoryTeacher>(ctx, caller, '/open/v1/teachers', q, sources, async (trx, p) => {
    const rows = await listPeople(trx, { ...p, userType: UserType.STAFF, schoolId: q.school_id })
    const school = granted(c, 'zx:school')
    const links = school
      ? await classesOfTeachers(
          trx,
          rows.map((r) => r.id),
        )
      : []
    const taught = school
      ? await subjectsOfTeachers(
          trx,
          rows.map((r) => r.id),
        )
      : []
    // Grouped once: a page of 1,000 teachers with several subjects in each class is not scanned per class.
    const byClass = new Map<string, TeacherSubject[]>()
    for (const x of taught) {
      const k = `${x.user_info_id}:${x.class_id}`
      byClass.set(k, [...(byClass.get(k) ?? []), { id: x.id, name: x.name, code: x.code }])
    }
    const subjectsOf = (teacher: number, classId: number) => byClass.get(`${teacher}:${classId}`) ?? []
    const deptIds = [...new Set(rows.flatMap((r) => (r.dept_id === null ? [] : [r.dept_id])))]
    const depts = new Map((school ? await departmentsByIds(trx, deptIds) : []).map((d) => [d.id, d]))
    return settle(
      p,
      rows,
      (id): DirectoryTeacher => ({ sub: subjectFor(ctx, c, id), deleted: true }),
      (r) => personState(r, UserType.STAFF, q.school_id),
      (r) => {
        const mine = links.filter((l) => l.user_info_id === r.id)
        return {
          ...personFields(ctx, c, r),
          ...(school
            ? {
                staff_no: r.job_no,
                department: r.dept_id !== null && depts.has(r.dept_id) ? depts.get(r.dept_id)! : null,
                class_ids: mine.map((l) => l.class_id),
                classes: mine.map((l) => ({
                  id: l.class_id,
                  is_head: l.is_head,
                  subjects: subjectsOf(r.id, l.class_id),
                })),
              }
            : {}),
        }
      },
    )
  })
}

export function students(ctx: AppContext, caller: AppCaller, q: DirectoryMembersQuery) {
  const c = caller.client
  return readPage<DirectoryStudent>(ctx, caller, '/open/v1/students', q, [{ entity: 'person' }], async (trx, p) => {
    const rows = await listPeople(trx, {
      ...p,
      userType: UserType.STUDENT,
      schoolId: q.school_id,
      classId: q.class_id,
    })
    const school = granted(c, 'zx:school')
    const gate = await childGate(
      ctx,
      trx,
      c,
      rows.map((r) => r.id),
    )
    return settle(
      p,
      rows,
      (id): DirectoryStudent => ({ sub: subjectFor(ctx, c, id), deleted: true }),
      (r) => personState(r, UserType.STUDENT, q.school_id, !q.class_id || r.class_id === q.class_id),
      (r) => ({
        ...personFields(ctx, c, r, gate),
        ...(school ? { student_no: r.job_no, grade_id: r.grade_id, class_id: r.class_id } : {}),
      }),
      (r) => gate.withheld(r.id),
    )
  })
}

export function guardians(ctx: AppContext, caller: AppCaller, q: DirectoryMembersQuery) {
  const c = caller.client
  if (!granted(c, 'zx:guardian')) throw new AppError(403, DirectoryMsg.GUARDIAN_NOT_GRANTED, 403)
  const sources: ChangeSource[] = [
    { entity: 'person' },
    { entity: 'person', via: 'parents_of_child' },
    { entity: 'guardian', via: 'parents_of_child' },
  ]
  return readPage<DirectoryGuardian>(ctx, caller, '/open/v1/guardians', q, sources, async (trx, p) => {
    const rows = await listPeople(trx, {
      ...p,
      userType: UserType.PARENT,
      schoolId: q.school_id,
      childInClass: q.class_id,
    })
    const kids = await childrenOfParents(
      trx,
      rows.map((r) => r.id),
    )
    const gate = await childGate(
      ctx,
      trx,
      c,
      kids.map((k) => k.id),
    )
    // A withheld child is no child of the guardian for this app, nor a reason to list them in the child's class.
    const kidsOf = (id: number) => kids.filter((k) => k.parent_id === id && !gate.withheld(k.id))
    const inClass = (id: number) => !q.class_id || kidsOf(id).some((k) => k.class_id === q.class_id)
    return settle(
      p,
      rows,
      (id): DirectoryGuardian => ({ sub: subjectFor(ctx, c, id), deleted: true }),
      (r) => personState(r, UserType.PARENT, q.school_id, inClass(r.id)),
      (r) => ({
        ...personFields(ctx, c, r),
        children: kidsOf(r.id).map((k) => ({ sub: subjectFor(ctx, c, k.id), relation: k.relation })),
      }),
      (r) => !inClass(r.id),
    )
  })
}

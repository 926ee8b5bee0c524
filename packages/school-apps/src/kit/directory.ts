import { HubError, type HubApi } from './hub.js'
import type { AppDb, AppTx, DirClass, DirPerson, Directory } from './types.js'

/**
 * The directory mirror: the hub's schools, grades, classes, teachers, students and guardians (docs/open-platform.md
 * "Directory API") copied into the app's own tables, so the app's rules (who heads a class, whose child is whose) are
 * indexed reads and keep working while the hub is away. A full read on first start, then deltas from each list's
 * as_of; tombstones delete. Webhooks and a timer ask for the deltas.
 */

interface Page<T> {
  items: T[]
  next_cursor: string | null
  as_of: string
}
interface HubSchool {
  id: number
  name?: string
  parent_id?: number | null
  deleted?: true
}
interface HubGrade {
  id: number
  name?: string
  school_id?: number
  entry_year?: number
  deleted?: true
}
interface HubClass {
  id: number
  name?: string
  school_id?: number
  grade_id?: number
  head_teacher?: string | null
  deleted?: true
}
interface HubTeacher {
  sub: string
  name?: string
  school_id?: number
  staff_no?: string | null
  classes?: { id: number; is_head: boolean }[]
  department?: { id: number; name: string } | null
  deleted?: true
}
interface HubStudent {
  sub: string
  name?: string
  school_id?: number
  student_no?: string | null
  grade_id?: number | null
  class_id?: number | null
  deleted?: true
}
interface HubGuardian {
  sub: string
  name?: string
  school_id?: number
  children?: { sub: string; relation: string | null }[]
  deleted?: true
}

const LISTS = ['schools', 'grades', 'classes', 'teachers', 'students', 'guardians'] as const
type List = (typeof LISTS)[number]
/** The hub keeps its change feed 90 days: an older as_of is read in full instead. */
const MAX_DELTA_AGE_MS = 80 * 24 * 3600 * 1000
/**
 * A removed parent binding reaches no delta (the guardians list follows the bindings that exist): the guardian.*
 * webhooks carry it at once, and a full read this often catches it for an app without webhooks.
 */
const FULL_EVERY_MS = 6 * 3600 * 1000
/** More changed classes than this in one delta: the guardians are read in full rather than class by class. */
const MAX_CLASS_REREADS = 30
const BATCH = 2000

interface PersonRow {
  sub: string
  kind: DirPerson['kind']
  name: string
  school_id: number
  class_id: number | null
  grade_id: number | null
  department_id: number | null
  department_name: string | null
  number: string | null
}

const personOfTeacher = (t: HubTeacher): PersonRow => ({
  sub: t.sub,
  kind: 'teacher',
  name: t.name ?? '',
  school_id: t.school_id ?? 0,
  class_id: null,
  grade_id: null,
  department_id: t.department?.id ?? null,
  department_name: t.department?.name ?? null,
  number: t.staff_no ?? null,
})
const personOfStudent = (s: HubStudent): PersonRow => ({
  sub: s.sub,
  kind: 'student',
  name: s.name ?? '',
  school_id: s.school_id ?? 0,
  class_id: s.class_id ?? null,
  grade_id: s.grade_id ?? null,
  department_id: null,
  department_name: null,
  number: s.student_no ?? null,
})
const personOfGuardian = (g: HubGuardian): PersonRow => ({
  sub: g.sub,
  kind: 'guardian',
  name: g.name ?? '',
  school_id: g.school_id ?? 0,
  class_id: null,
  grade_id: null,
  department_id: null,
  department_name: null,
  number: null,
})

/** Rows written through jsonb_to_recordset: one parameter per batch, the same on PGlite and PostgreSQL. */
async function insertRows(
  tx: AppTx,
  table: string,
  key: string,
  columns: Record<string, string>,
  rows: readonly object[],
  onConflict = '',
) {
  const names = Object.keys(columns)
  const typed = names.map((n) => `${n} ${columns[n]}`).join(', ')
  for (let i = 0; i < rows.length; i += BATCH) {
    await tx.query(
      `INSERT INTO ${table} (app_key, ${names.join(', ')})
       SELECT $1, ${names.map((n) => `x.${n}`).join(', ')} FROM jsonb_to_recordset($2::jsonb) AS x(${typed}) ${onConflict}`,
      [key, JSON.stringify(rows.slice(i, i + BATCH))],
    )
  }
}

const SCHOOL_COLS = { id: 'bigint', name: 'text', parent_id: 'bigint' }
const GRADE_COLS = { id: 'bigint', name: 'text', school_id: 'bigint', entry_year: 'int' }
const CLASS_COLS = { id: 'bigint', name: 'text', school_id: 'bigint', grade_id: 'bigint', head_teacher: 'text' }
const PERSON_COLS = {
  sub: 'text',
  kind: 'text',
  name: 'text',
  school_id: 'bigint',
  class_id: 'bigint',
  grade_id: 'bigint',
  department_id: 'bigint',
  department_name: 'text',
  number: 'text',
}
const upsert = (pk: string, cols: Record<string, string>) =>
  `ON CONFLICT (app_key, ${pk}) DO UPDATE SET ${Object.keys(cols)
    .filter((c) => c !== pk)
    .map((c) => `${c} = EXCLUDED.${c}`)
    .join(', ')}`

export interface KitDirectory extends Directory {
  /** The last sync's failure (null after a good one), for logs and tests. */
  lastError: Error | null
  /** True once a full read has completed (the demo seed waits for it). */
  ready(): Promise<boolean>
  /** A guardian.bound / guardian.unbound webhook's data: the child's guardians as they are now. */
  setGuardiansOf(childSub: string, guardians: readonly { sub: string; relation: string | null }[]): Promise<void>
}

export function directoryMirror(key: string, db: AppDb, api: HubApi): KitDirectory {
  /** Every page of one list read (a delta when `since` is given). */
  async function readAll<T>(list: List, query: Record<string, string | number | undefined> = {}, since?: string) {
    const items: T[] = []
    let cursor: string | undefined
    let asOf = ''
    do {
      const page = await api<Page<T>>('GET', `/open/v1/${list}`, {
        query: { ...query, limit: 1000, cursor, updated_since: since },
      })
      items.push(...page.items)
      if (!asOf) asOf = page.as_of
      cursor = page.next_cursor ?? undefined
    } while (cursor)
    return { items, asOf }
  }

  /** Guardians need the zx:guardian grant: without it (403) the app simply has no guardians. */
  async function readGuardians(query: Record<string, string | number | undefined> = {}, since?: string) {
    try {
      return await readAll<HubGuardian>('guardians', query, since)
    } catch (e) {
      if (e instanceof HubError && e.status === 403) return { items: [], asOf: new Date().toISOString() }
      throw e
    }
  }

  const setAsOf = (tx: AppTx, list: List, asOf: string) =>
    tx.query(
      `INSERT INTO dir_sync (app_key, list, as_of) VALUES ($1, $2, $3)
       ON CONFLICT (app_key, list) DO UPDATE SET as_of = EXCLUDED.as_of, synced_at = now()`,
      [key, list, asOf],
    )
  /** Every list's as_of after one read of all six (a full read or a delta round). */
  const setAsOfs = async (tx: AppTx, reads: Record<List, { asOf: string }>) => {
    for (const list of LISTS) await setAsOf(tx, list, reads[list].asOf)
  }

  const teacherLinks = (ts: readonly HubTeacher[]) =>
    ts.flatMap((t) => (t.classes ?? []).map((c) => ({ teacher_sub: t.sub, class_id: c.id, is_head: c.is_head })))
  const guardianLinks = (gs: readonly HubGuardian[]) =>
    gs.flatMap((g) =>
      (g.children ?? []).map((c) => ({ guardian_sub: g.sub, child_sub: c.sub, relation: c.relation ?? null })),
    )
  const LINK_T = { teacher_sub: 'text', class_id: 'bigint', is_head: 'boolean' }
  const LINK_G = { guardian_sub: 'text', child_sub: 'text', relation: 'text' }

  async function fullRead(): Promise<void> {
    const schools = await readAll<HubSchool>('schools')
    const grades = await readAll<HubGrade>('grades')
    const classes = await readAll<HubClass>('classes')
    const teachers = await readAll<HubTeacher>('teachers')
    const students = await readAll<HubStudent>('students')
    const guardians = await readGuardians()
    await db.tx(async (tx) => {
      for (const t of ['dir_school', 'dir_grade', 'dir_class', 'dir_person', 'dir_teacher_class', 'dir_guardian_child'])
        await tx.query(`DELETE FROM ${t} WHERE app_key = $1`, [key])
      await insertRows(tx, 'dir_school', key, SCHOOL_COLS, schools.items.map(schoolRow))
      await insertRows(tx, 'dir_grade', key, GRADE_COLS, grades.items.map(gradeRow))
      await insertRows(tx, 'dir_class', key, CLASS_COLS, classes.items.map(classRow))
      const people = [
        ...teachers.items.map(personOfTeacher),
        ...students.items.map(personOfStudent),
        ...guardians.items.map(personOfGuardian),
      ]
      // A person of two kinds under one sub cannot happen (a sub is one membership); the last one wins if it did.
      await insertRows(tx, 'dir_person', key, PERSON_COLS, people, upsert('sub', PERSON_COLS))
      await insertRows(tx, 'dir_teacher_class', key, LINK_T, teacherLinks(teachers.items), 'ON CONFLICT DO NOTHING')
      await insertRows(tx, 'dir_guardian_child', key, LINK_G, guardianLinks(guardians.items), 'ON CONFLICT DO NOTHING')
      await setAsOfs(tx, { schools, grades, classes, teachers, students, guardians })
      await tx.query(
        `INSERT INTO dir_sync (app_key, list, as_of) VALUES ($1, 'full', $2)
         ON CONFLICT (app_key, list) DO UPDATE SET as_of = EXCLUDED.as_of, synced_at = now()`,
        [key, new Date().toISOString()],
      )
    })
  }

  async function deltaRead(since: Map<List, string>): Promise<void> {
    const schools = await readAll<HubSchool>('schools', {}, since.get('schools'))
    const grades = await readAll<HubGrade>('grades', {}, since.get('grades'))
    const classes = await readAll<HubClass>('classes', {}, since.get('classes'))
    const teachers = await readAll<HubTeacher>('teachers', {}, since.get('teachers'))
    const students = await readAll<HubStudent>('students', {}, since.get('students'))
    const guardians = await readGuardians({}, since.get('guardians'))

    // A removed teacher assignment shows only on the class, a removed parent binding only on the child: the
    // affected schools' teachers and the affected classes' guardians are read again to learn them.
    const changedClassSchools = new Set(classes.items.filter((c) => !c.deleted && c.school_id).map((c) => c.school_id!))
    const rereadTeachers: HubTeacher[] = []
    for (const schoolId of changedClassSchools)
      rereadTeachers.push(...(await readAll<HubTeacher>('teachers', { school_id: schoolId })).items)
    const studentSubs = students.items.map((s) => s.sub)
    const touchedClasses = new Set<number>()
    for (const s of students.items) if (!s.deleted && s.class_id) touchedClasses.add(s.class_id)
    if (studentSubs.length) {
      const before = await db.query<{ class_id: number }>(
        `SELECT DISTINCT class_id FROM dir_person WHERE app_key = $1 AND sub = ANY($2::text[]) AND class_id IS NOT NULL`,
        [key, studentSubs],
      )
      for (const r of before) touchedClasses.add(r.class_id)
    }
    const fullGuardians = touchedClasses.size > MAX_CLASS_REREADS
    const rereadGuardians: HubGuardian[] = []
    if (fullGuardians) rereadGuardians.push(...(await readGuardians()).items)
    else
      for (const classId of touchedClasses) rereadGuardians.push(...(await readGuardians({ class_id: classId })).items)

    await db.tx(async (tx) => {
      const gone = <T extends { deleted?: true }>(rows: T[]) => rows.filter((r) => r.deleted)
      const live = <T extends { deleted?: true }>(rows: T[]) => rows.filter((r) => !r.deleted)
      const del = (table: string, col: string, ids: readonly (string | number)[], type: string) =>
        ids.length
          ? tx.query(`DELETE FROM ${table} WHERE app_key = $1 AND ${col} = ANY($2::${type}[])`, [key, ids])
          : Promise.resolve([])

      await del(
        'dir_school',
        'id',
        gone(schools.items).map((r) => r.id),
        'bigint',
      )
      await insertRows(
        tx,
        'dir_school',
        key,
        SCHOOL_COLS,
        live(schools.items).map(schoolRow),
        upsert('id', SCHOOL_COLS),
      )
      await del(
        'dir_grade',
        'id',
        gone(grades.items).map((r) => r.id),
        'bigint',
      )
      await insertRows(tx, 'dir_grade', key, GRADE_COLS, live(grades.items).map(gradeRow), upsert('id', GRADE_COLS))
      const goneClasses = gone(classes.items).map((r) => r.id)
      await del('dir_class', 'id', goneClasses, 'bigint')
      await del('dir_teacher_class', 'class_id', goneClasses, 'bigint')
      await insertRows(tx, 'dir_class', key, CLASS_COLS, live(classes.items).map(classRow), upsert('id', CLASS_COLS))

      const gonePeople = [...gone(teachers.items), ...gone(students.items), ...gone(guardians.items)].map((r) => r.sub)
      await del('dir_person', 'sub', gonePeople, 'text')
      await del('dir_teacher_class', 'teacher_sub', gonePeople, 'text')
      await del('dir_guardian_child', 'guardian_sub', gonePeople, 'text')
      await del('dir_guardian_child', 'child_sub', gonePeople, 'text')

      // Teachers: the delta's and the re-read schools' ones, each with its current classes.
      const allTeachers = [...live(teachers.items), ...rereadTeachers]
      await insertRows(tx, 'dir_person', key, PERSON_COLS, allTeachers.map(personOfTeacher), upsert('sub', PERSON_COLS))
      const withClasses = allTeachers.filter((t) => t.classes)
      await del(
        'dir_teacher_class',
        'teacher_sub',
        withClasses.map((t) => t.sub),
        'text',
      )
      if (changedClassSchools.size) {
        // A teacher no longer assigned to a re-read school's class is not in its list any more: drop those links.
        await tx.query(
          `DELETE FROM dir_teacher_class tc USING dir_class c
           WHERE tc.app_key = $1 AND c.app_key = $1 AND c.id = tc.class_id AND c.school_id = ANY($2::bigint[])`,
          [key, [...changedClassSchools]],
        )
      }
      await insertRows(tx, 'dir_teacher_class', key, LINK_T, teacherLinks(withClasses), 'ON CONFLICT DO NOTHING')

      await insertRows(
        tx,
        'dir_person',
        key,
        PERSON_COLS,
        live(students.items).map(personOfStudent),
        upsert('sub', PERSON_COLS),
      )

      // Guardians: the delta's (each with its current children) and the re-read classes' ones.
      const allGuardians = [...live(guardians.items), ...rereadGuardians]
      await insertRows(
        tx,
        'dir_person',
        key,
        PERSON_COLS,
        allGuardians.map(personOfGuardian),
        upsert('sub', PERSON_COLS),
      )
      const withChildren = allGuardians.filter((g) => g.children)
      await del(
        'dir_guardian_child',
        'guardian_sub',
        withChildren.map((g) => g.sub),
        'text',
      )
      if (fullGuardians) await tx.query('DELETE FROM dir_guardian_child WHERE app_key = $1', [key])
      else if (touchedClasses.size) {
        // Children of the re-read classes: their guardians are exactly the re-read ones now.
        await tx.query(
          `DELETE FROM dir_guardian_child gc USING dir_person p
           WHERE gc.app_key = $1 AND p.app_key = $1 AND p.sub = gc.child_sub AND p.class_id = ANY($2::bigint[])`,
          [key, [...touchedClasses]],
        )
      }
      await insertRows(tx, 'dir_guardian_child', key, LINK_G, guardianLinks(withChildren), 'ON CONFLICT DO NOTHING')

      await setAsOfs(tx, { schools, grades, classes, teachers, students, guardians })
    })
  }

  async function syncOnce(): Promise<void> {
    const rows = await db.query<{ list: List | 'full'; as_of: string }>(
      'SELECT list, as_of FROM dir_sync WHERE app_key = $1',
      [key],
    )
    const since = new Map(rows.map((r) => [r.list, r.as_of]))
    const fullAt = Date.parse(since.get('full') ?? '')
    const stale =
      !(Date.now() - fullAt < FULL_EVERY_MS) ||
      LISTS.some((l) => {
        const at = since.get(l)
        return !at || Date.now() - Date.parse(at) > MAX_DELTA_AGE_MS
      })
    if (stale) await fullRead()
    else await deltaRead(since as Map<List, string>)
  }

  // One sync at a time; a call during a sync gets the next one (so it sees changes made before it was called).
  let running: Promise<void> | null = null
  let queued: Promise<void> | null = null
  const start = (): Promise<void> => {
    running = syncOnce()
      .then(
        () => {
          self.lastError = null
        },
        (e: unknown) => {
          self.lastError = e as Error
          throw e
        },
      )
      .finally(() => {
        running = null
      })
    return running
  }

  const classQuery = `SELECT c.id, c.name, c.school_id, c.grade_id, coalesce(g.name, '') AS grade_name, c.head_teacher
    FROM dir_class c LEFT JOIN dir_grade g ON g.app_key = c.app_key AND g.id = c.grade_id WHERE c.app_key = $1`
  const personQuery = `SELECT sub, kind, name, school_id, class_id, department_id, department_name, number
    FROM dir_person WHERE app_key = $1`
  interface ClassRow {
    id: number
    name: string
    school_id: number
    grade_id: number
    grade_name: string
    head_teacher: string | null
  }
  const toClass = (r: ClassRow): DirClass => ({
    id: r.id,
    name: r.name,
    schoolId: r.school_id,
    gradeId: r.grade_id,
    gradeName: r.grade_name,
    label: r.name.startsWith(r.grade_name) ? r.name : `${r.grade_name}${r.name}`,
    headTeacher: r.head_teacher,
  })
  interface PersonDbRow {
    sub: string
    kind: DirPerson['kind']
    name: string
    school_id: number
    class_id: number | null
    department_id: number | null
    department_name: string | null
    number: string | null
  }
  const toPerson = (r: PersonDbRow): DirPerson => ({
    sub: r.sub,
    kind: r.kind,
    name: r.name,
    schoolId: r.school_id,
    classId: r.class_id,
    departmentId: r.department_id,
    departmentName: r.department_name,
    number: r.number,
  })

  const self: KitDirectory = {
    lastError: null,
    async ready() {
      const r = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM dir_sync WHERE app_key = $1', [key])
      return (r[0]?.n ?? 0) >= LISTS.length
    },
    sync() {
      if (!running) return start()
      return (queued ??= running
        .catch(() => undefined)
        .then(() => {
          queued = null
          return start()
        }))
    },
    async setGuardiansOf(childSub, guardians) {
      await db.tx(async (tx) => {
        await tx.query('DELETE FROM dir_guardian_child WHERE app_key = $1 AND child_sub = $2', [key, childSub])
        await insertRows(
          tx,
          'dir_guardian_child',
          key,
          LINK_G,
          guardians.map((g) => ({ guardian_sub: g.sub, child_sub: childSub, relation: g.relation ?? null })),
          'ON CONFLICT DO NOTHING',
        )
      })
    },
    async schools() {
      const rows = await db.query<{ id: number; name: string; parent_id: number | null }>(
        'SELECT id::int AS id, name, parent_id::int AS parent_id FROM dir_school WHERE app_key = $1 ORDER BY id',
        [key],
      )
      return rows.map((r) => ({ id: r.id, name: r.name, parentId: r.parent_id }))
    },
    async classOf(id) {
      const r = await db.query<ClassRow>(`${classQuery} AND c.id = $2`, [key, id])
      return r[0] ? toClass(r[0]) : null
    },
    async classesOf(schoolId) {
      return (
        await db.query<ClassRow>(
          `${classQuery} AND c.school_id = $2 ORDER BY g.entry_year DESC NULLS LAST, c.name, c.id`,
          [key, schoolId],
        )
      ).map(toClass)
    },
    async person(sub) {
      const r = await db.query<PersonDbRow>(`${personQuery} AND sub = $2`, [key, sub])
      return r[0] ? toPerson(r[0]) : null
    },
    async people(subs) {
      if (!subs.length) return new Map()
      const r = await db.query<PersonDbRow>(`${personQuery} AND sub = ANY($2::text[])`, [key, [...new Set(subs)]])
      return new Map(r.map((p) => [p.sub, toPerson(p)]))
    },
    async studentsOf(classId) {
      return (
        await db.query<PersonDbRow>(
          `${personQuery} AND class_id = $2 AND kind = 'student' ORDER BY number NULLS LAST, name, sub`,
          [key, classId],
        )
      ).map(toPerson)
    },
    async teachersOf(schoolId) {
      return (
        await db.query<PersonDbRow>(`${personQuery} AND school_id = $2 AND kind = 'teacher' ORDER BY name, sub`, [
          key,
          schoolId,
        ])
      ).map(toPerson)
    },
    async classesTaughtBy(sub) {
      const r = await db.query<{ class_id: number; is_head: boolean }>(
        'SELECT class_id, is_head FROM dir_teacher_class WHERE app_key = $1 AND teacher_sub = $2 ORDER BY class_id',
        [key, sub],
      )
      return r.map((x) => ({ classId: x.class_id, isHead: x.is_head }))
    },
    async childrenOf(guardianSub) {
      return db.query<{ sub: string; relation: string | null }>(
        `SELECT child_sub AS sub, relation FROM dir_guardian_child WHERE app_key = $1 AND guardian_sub = $2 ORDER BY child_sub`,
        [key, guardianSub],
      )
    },
    async guardiansOf(studentSub) {
      const r = await db.query<{ sub: string }>(
        'SELECT guardian_sub AS sub FROM dir_guardian_child WHERE app_key = $1 AND child_sub = $2 ORDER BY guardian_sub',
        [key, studentSub],
      )
      return r.map((x) => x.sub)
    },
  }
  return self
}

const schoolRow = (s: HubSchool) => ({ id: s.id, name: s.name ?? '', parent_id: s.parent_id ?? null })
const gradeRow = (g: HubGrade) => ({
  id: g.id,
  name: g.name ?? '',
  school_id: g.school_id ?? 0,
  entry_year: g.entry_year ?? null,
})
const classRow = (c: HubClass) => ({
  id: c.id,
  name: c.name ?? '',
  school_id: c.school_id ?? 0,
  grade_id: c.grade_id ?? 0,
  head_teacher: c.head_teacher ?? null,
})

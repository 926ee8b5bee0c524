import { ALUMNI_ACCOUNT_DAYS_DEFAULT, schoolYearOf, schoolYearStart, UserType } from '@zhixiao/shared'
import type { Trx } from '../../db/database.js'
import { endMemberSessions } from '../../platform/session.js'
import { Journal } from '../school-year/journal-queries.js'

const DAY = 86_400_000

/** The tenant's alumni account period in days (no policy row: the default). */
async function alumniAccountDays(trx: Trx): Promise<number> {
  const row = await trx.selectFrom('alumni_policy').select('account_days').executeTakeFirst()
  return row?.account_days ?? ALUMNI_ACCOUNT_DAYS_DEFAULT
}

/**
 * Graduates the students `userInfoIds` of the school `orgId` (issue 27 point 3; docs/school-year.md "Graduation and
 * alumni"), every write through `journal` so the roll-over's undo gives back exactly what was there:
 * - the students' memberships are archived (archived, archived_at = now): they become alumni, read-only, kept with
 *   their history;
 * - their parents' bindings to them are removed, and a parent's membership of the school is archived unless the
 *   parent still has another live child there;
 * - a graduate's account with no other live membership expires after the tenant's alumni period (0: at once).
 * Ids that are not live students of `orgId` are skipped (already archived, another school, not a student), so a
 * second run changes nothing. `on` (YYYY-MM-DD) is the graduation day the caller's enrolment rows carry; it is not
 * written here. Answers how many students graduated and how many parent memberships ended.
 */
export async function graduateStudents(
  journal: Journal,
  trx: Trx,
  o: { orgId: number; userInfoIds: number[]; on: string; now: Date },
): Promise<{ graduates: number; parentsEnded: number }> {
  if (!o.userInfoIds.length) return { graduates: 0, parentsEnded: 0 }
  const students = await trx
    .selectFrom('user_info')
    .select(['id', 'account_id'])
    .where('id', 'in', o.userInfoIds)
    .where('org_id', '=', o.orgId)
    .where('user_type', '=', UserType.STUDENT)
    .where('archived', '=', false)
    .orderBy('id')
    .forUpdate()
    .execute()
  if (!students.length) return { graduates: 0, parentsEnded: 0 }
  const ids = students.map((s) => s.id)
  const nowIso = o.now.toISOString()
  await journal.update('user_info', ids, { archived: true, archived_at: nowIso })
  // A session opened before the graduation was a pupil's, with a pupil's rights: it ends, and the next sign-in is an
  // alumni session (read-only). Not journaled: an undo gives back the membership, and one signs in again.
  await endMemberSessions(trx, ids, o.now)

  // Parents: the bindings to the graduates end; a parent's membership of the school ends with its last live child.
  const links = await trx
    .selectFrom('parent_child')
    .select(['parent_id', 'child_id'])
    .where('child_id', 'in', ids)
    .orderBy('parent_id')
    .orderBy('child_id')
    .execute()
  await journal.remove(
    'parent_child',
    links.map((l) => ({ parent_id: l.parent_id, child_id: l.child_id })),
  )
  let parentsEnded = 0
  if (links.length) {
    const parentAccounts = await trx
      .selectFrom('user_info')
      .select('account_id')
      .distinct()
      .where(
        'id',
        'in',
        links.map((l) => l.parent_id),
      )
      .execute()
    const accounts = parentAccounts.map((p) => p.account_id)
    const memberships = await trx
      .selectFrom('user_info')
      .select(['id', 'account_id'])
      .where('account_id', 'in', accounts)
      .where('org_id', '=', o.orgId)
      .where('user_type', '=', UserType.PARENT)
      .where('archived', '=', false)
      .execute()
    // Accounts still bound (through any of their memberships) to a live child of this school keep their membership.
    const stillBound = await trx
      .selectFrom('parent_child as pc')
      .innerJoin('user_info as p', 'p.id', 'pc.parent_id')
      .innerJoin('user_info as c', 'c.id', 'pc.child_id')
      .select('p.account_id')
      .distinct()
      .where('p.account_id', 'in', accounts)
      .where('c.org_id', '=', o.orgId)
      .where('c.archived', '=', false)
      .execute()
    const keep = new Set(stillBound.map((r) => r.account_id))
    const ended = memberships
      .filter((m) => !keep.has(m.account_id))
      .map((m) => m.id)
      .sort((a, b) => a - b)
    await journal.update('user_info', ended, { archived: true, archived_at: nowIso })
    await endMemberSessions(trx, ended, o.now)
    parentsEnded = ended.length
  }

  // Accounts: a graduate who is nobody else anywhere in the tenant any more signs in only for the alumni period.
  const accounts = [...new Set(students.map((s) => s.account_id))]
  const otherLive = await trx
    .selectFrom('user_info')
    .select('account_id')
    .distinct()
    .where('account_id', 'in', accounts)
    .where('archived', '=', false)
    .execute()
  const live = new Set(otherLive.map((r) => r.account_id))
  const expiring = accounts.filter((a) => !live.has(a)).sort((a, b) => a - b)
  if (expiring.length) {
    const days = await alumniAccountDays(trx)
    await journal.update('account', expiring, { expires_at: new Date(o.now.getTime() + days * DAY).toISOString() })
  }
  return { graduates: ids.length, parentsEnded }
}

/**
 * A 毕业 异动 of one student (modules/people/change-service.ts): the same graduation as the roll-over's, journaled
 * under `change:<changeId>`, and the student's enrolment row written as the roll-over writes it — the open row of the
 * school closes with status 'graduated' and `ended_on = on`, or, with none open, a closed row of the school year of
 * `on` is inserted (source 'change'). So the alumni list shows the graduate and the account expires after the period.
 * Answers false when the student was no live student of the school (nothing written).
 */
export async function graduateByChange(
  trx: Trx,
  o: { changeId: number; orgId: number; userInfoId: number; classId: number | null; on: string; now: Date },
): Promise<boolean> {
  const journal = new Journal(trx, `change:${o.changeId}`)
  const done = await graduateStudents(journal, trx, {
    orgId: o.orgId,
    userInfoIds: [o.userInfoId],
    on: o.on,
    now: o.now,
  })
  if (!done.graduates) return false
  const rows = await trx
    .selectFrom('enrolment')
    .select(['id', 'org_id', 'ended_on'])
    .where('user_info_id', '=', o.userInfoId)
    .orderBy('id', 'desc')
    .execute()
  const open = rows.find((r) => Number(r.org_id) === o.orgId && r.ended_on === null)
  if (open) {
    await journal.update('enrolment', [Number(open.id)], { status: 'graduated', ended_on: o.on })
    return true
  }
  const year = schoolYearOf(o.on)
  const cls = o.classId
    ? await trx.selectFrom('school_class').select('grade_id').where('id', '=', o.classId).executeTakeFirst()
    : undefined
  await journal.insert('enrolment', [
    {
      user_info_id: o.userInfoId,
      school_year: year,
      org_id: o.orgId,
      grade_id: cls?.grade_id ?? null,
      class_id: o.classId,
      status: 'graduated',
      started_on: `${schoolYearStart(year)}-09-01`,
      ended_on: o.on,
      previous_id: rows[0] ? Number(rows[0].id) : null,
      source: 'change',
    },
  ])
  return true
}

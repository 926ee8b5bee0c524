import type { Trx } from '../../db/database.js'
import type { Journal } from '../school-year/journal-queries.js'

/**
 * Graduates the students of a school: their memberships are archived (alumni, read-only, their history kept), through
 * the roll-over's journal so the undo gives them back. A stand-in until the alumni module's graduateStudents (which
 * also ends parents' bindings and sets the accounts' expiry) is merged; same signature.
 */
export async function graduateStudents(
  journal: Journal,
  _trx: Trx,
  o: { orgId: number; userInfoIds: number[]; on: string; now: Date },
): Promise<{ graduates: number; parentsEnded: number }> {
  await journal.update('user_info', o.userInfoIds, { archived: true, archived_at: o.now.toISOString() })
  return { graduates: o.userInfoIds.length, parentsEnded: 0 }
}

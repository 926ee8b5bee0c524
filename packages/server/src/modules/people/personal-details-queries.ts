import { sql } from 'kysely'
import type { Trx } from '../../db/database.js'

/** The database side of personal-details.ts. */

/** The member's own details: membership, account, person, org, department, position and title names. */
export function findPersonalDetails(trx: Trx, userInfoId: number) {
  return trx
    .selectFrom('user_info as u')
    .innerJoin('account as a', (j) => j.onRef('a.tenant_id', '=', 'u.tenant_id').onRef('a.id', '=', 'u.account_id'))
    .innerJoin('org_unit as o', (j) => j.onRef('o.tenant_id', '=', 'u.tenant_id').onRef('o.id', '=', 'u.org_id'))
    .leftJoin('person as p', (j) =>
      j.onRef('p.tenant_id', '=', 'u.tenant_id').onRef('p.account_id', '=', 'u.account_id'),
    )
    .leftJoin('org_unit as dept', (j) =>
      j.onRef('dept.tenant_id', '=', 'u.tenant_id').onRef('dept.id', '=', 'u.dept_id'),
    )
    .leftJoin('dict_item as pos', (j) =>
      j.onRef('pos.tenant_id', '=', 'u.tenant_id').onRef('pos.id', '=', 'u.position_id'),
    )
    .leftJoin('dict_item as title', (j) =>
      j.onRef('title.tenant_id', '=', 'u.tenant_id').onRef('title.id', '=', 'u.title_id'),
    )
    .select([
      'u.id',
      'u.user_type',
      'u.true_name',
      'a.user_name',
      'u.org_id',
      'o.name as orgName',
      'u.phone',
      'a.phone as accountPhone',
      'p.id_card',
      'p.sex',
      'p.birthday',
      'p.nation',
      'p.email',
      'p.political_status_id',
      'p.education_id',
      'p.degree_id',
      'u.job_no',
      'dept.name as deptName',
      'pos.name as positionName',
      'title.name as titleName',
      'u.entered_on',
    ])
    .where('u.id', '=', userInfoId)
    .executeTakeFirstOrThrow()
}

/** The facts a member keeps themselves; sex and birthday stay the ID card's when one is on file. */
export function saveOwnPersonFacts(
  trx: Trx,
  accountId: number,
  cardFacts: { sex: number | null; birthday: string | null },
  own: {
    nation: string | null
    email: string | null
    political_status_id: number | null
    education_id: number | null
    degree_id: number | null
  },
) {
  return trx
    .insertInto('person')
    .values({ account_id: accountId, ...cardFacts, ...own })
    .onConflict((oc) =>
      oc.columns(['tenant_id', 'account_id']).doUpdateSet({
        ...own,
        // The ID card decides sex and birthday when there is one.
        sex: sql`CASE WHEN person.id_card IS NULL THEN excluded.sex ELSE person.sex END`,
        birthday: sql`CASE WHEN person.id_card IS NULL THEN excluded.birthday ELSE person.birthday END`,
        updated_at: sql`now()`,
      }),
    )
    .execute()
}

import { UNIT_ATTR_SCHOOL_THRESHOLD } from '@zhixiao/shared'
import { sql } from 'kysely'
import type { Trx } from '../../db/database.js'

/**
 * The district's schools, the one list the roll-over plan and the autumn statistics both use: school-like orgs
 * (unit_attr 8 and above) that are neither a department of one (which carries its school's unit attribute) nor an
 * alliance (or a school an alliance imported, which sits below it). In the tree's order.
 */
export const districtSchools = (trx: Trx) =>
  sql<{ id: number; name: string }>`
    SELECT o.id, o.name
    FROM org_unit o
    LEFT JOIN org_unit p ON p.tenant_id = o.tenant_id AND p.id = o.parent_id
    WHERE o.unit_attr >= ${UNIT_ATTR_SCHOOL_THRESHOLD} AND o.org_type <> 'depart' AND NOT o.alliance_school
      AND (p.id IS NULL OR p.unit_attr < ${UNIT_ATTR_SCHOOL_THRESHOLD})
    ORDER BY o.sort, o.id`
    .execute(trx)
    .then((r) => r.rows)

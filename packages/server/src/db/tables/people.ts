import type { ColumnType, Generated } from 'kysely'
import type { Id, Owned } from './columns.js'

/** People beside their accounts: person facts, parent and child, join requests, change records (modules/people). */

/** The org-independent facts of the person behind an account. */
interface PersonTable extends Owned {
  account_id: number
  id_card: string | null
  sex: number | null
  birthday: string | null
  nation: string | null
  political_status_id: number | null
  education_id: number | null
  degree_id: number | null
  email: string | null
  updated_at: Generated<Date>
}
export interface ParentChildTable extends Owned {
  parent_id: number
  child_id: number
  relation: Generated<string>
  created_at: Generated<Date>
}
export interface JoinRequestTable extends Owned {
  id: Id
  org_id: number
  account_id: number
  user_type: number
  true_name: string
  phone: string | null
  reason: string | null
  status: Generated<number>
  decided_by: number | null
  decided_at: Date | null
  refuse_reason: string | null
  created_at: Generated<Date>
  /** The child a parent names, the relation, where the request came from, last change (migration 202611241430). */
  child_id: ColumnType<number | null, number | null | undefined, number | null>
  child_no: ColumnType<string | null, string | null | undefined, string | null>
  child_name: ColumnType<string | null, string | null | undefined, string | null>
  relation: ColumnType<string | null, string | null | undefined, string | null>
  source: Generated<'member' | 'signup'>
  updated_at: ColumnType<Date | null, Date | null | undefined, Date | null>
}
interface ChangeRecordTable extends Owned {
  id: Id
  user_info_id: number
  user_type: number
  change_type_id: number
  effect: string
  from_org_id: number | null
  to_org_id: number | null
  from_class_id: number | null
  to_class_id: number | null
  changed_on: string
  remark: string | null
  created_by: number | null
  created_at: Generated<Date>
}

export interface PeopleTables {
  person: PersonTable
  parent_child: ParentChildTable
  join_request: JoinRequestTable
  change_record: ChangeRecordTable
}

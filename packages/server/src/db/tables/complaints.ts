import type { Generated } from 'kysely'
import type { Json, Owned } from './columns.js'

/** Tables of migration 202611231000_create_complaints (modules/complaints). */
interface ComplaintConfigTable extends Owned {
  org_id: number
  enable: boolean
  user_role: Json<number[]>
  allow_anonymous: boolean
  updated_at: Generated<Date>
}
interface ComplaintClassTable extends Owned {
  id: Generated<number>
  org_id: number
  name: string
  created_at: Generated<Date>
}
interface ComplaintClassHandlerTable extends Owned {
  class_id: number
  user_info_id: number
}
interface ComplaintTable extends Owned {
  id: Generated<number>
  org_id: number
  class_id: number
  title: string
  content: string
  phone: string | null
  anonymous: boolean
  submitter_id: number
  status: Generated<number>
  reply: string | null
  handler_id: number | null
  created_at: Generated<Date>
  handled_at: Date | null
}

export interface ComplaintsTables {
  complaint_config: ComplaintConfigTable
  complaint_class: ComplaintClassTable
  complaint_class_handler: ComplaintClassHandlerTable
  complaint: ComplaintTable
}

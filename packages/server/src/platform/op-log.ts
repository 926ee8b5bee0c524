import { sql } from 'kysely'
import type { Trx } from '../db/database.js'
import type { AuthInfo } from './context.js'

export interface OpEntry {
  /** The area, e.g. 教师管理. */
  module: string
  /** What was done, e.g. 删除. */
  action: string
  /** Whom or what it was done to, in words. */
  target?: string | null
  /** Before/after values or counts. */
  detail?: Record<string, unknown> | null
  /** Key operations (deleting people, resetting passwords, imports, exports) show on the key-log monitor. */
  important?: boolean
}

/** Records an admin write in the same transaction as the write, so a rolled-back write leaves no log line. */
export async function recordOp(trx: Trx, auth: AuthInfo, e: OpEntry): Promise<void> {
  await trx
    .insertInto('operation_log')
    .values({
      org_id: auth.orgId,
      actor_id: auth.userInfoId,
      actor_name: sql<string>`coalesce((SELECT true_name FROM user_info WHERE id = ${auth.userInfoId}), '')`,
      module: e.module,
      action: e.action,
      target: e.target ?? null,
      detail: e.detail ? JSON.stringify(e.detail) : null,
      ip: auth.ip ?? null,
      important: e.important ?? false,
    })
    .execute()
}

import { maskPersonalDeep, maskPersonalText } from '@zhixiao/shared'
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

/**
 * Records an admin write in the same transaction as the write, so a rolled-back write leaves no log line. The target
 * and the detail are masked by the field policy before they are stored (issue 26 point 2): a log line must not become
 * a second copy of a person's phone or ID number that no retention scrub reaches and every log reader sees; the
 * log still shows that a phone changed, and from and to what masks.
 */
export async function recordOp(trx: Trx, auth: AuthInfo, e: OpEntry): Promise<void> {
  await trx
    .insertInto('operation_log')
    .values({
      org_id: auth.orgId,
      actor_id: auth.userInfoId,
      actor_name: sql<string>`coalesce((SELECT true_name FROM user_info WHERE id = ${auth.userInfoId}), '')`,
      module: e.module,
      action: e.action,
      target: maskPersonalText(e.target ?? null),
      detail: e.detail ? JSON.stringify(maskPersonalDeep(e.detail)) : null,
      ip: auth.ip ?? null,
      important: e.important ?? false,
    })
    .execute()
}

/**
 * A stored log line as it leaves the server: masked again on the way out, because lines written before masking at
 * write (issue 26) hold full values and the log cannot be edited in place.
 */
export function maskLoggedRow<T extends { target: string | null; detail: Record<string, unknown> | null }>(row: T): T {
  return { ...row, target: maskPersonalText(row.target), detail: maskPersonalDeep(row.detail) }
}

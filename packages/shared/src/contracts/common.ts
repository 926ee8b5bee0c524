/** Contract families many record groups share: the `{id}` body and `/updateStatus` + `/delete` (base data, people). */
import { type Access, post } from '../contract.js'
import * as z from '../z.js'

export const idBody = z.object({ id: z.id() })
export const statusBody = idBody.extend({ status: z.coerce.number().int().min(0).max(1) })

/** `${base}/updateStatus` (0 enabled, 1 disabled) and `${base}/delete`; `deleteAccess` when deleting needs another code. */
export function statusAndDelete<const B extends string>(
  base: B,
  noun: string,
  o: { tags: readonly string[]; access: Access; deleteAccess?: Access; deleteNote?: string },
) {
  return {
    updateStatus: post(`${base}/updateStatus`, {
      ...o.access,
      tags: o.tags,
      summary: `启用/停用${noun}`,
      body: statusBody,
    }),
    delete: post(`${base}/delete`, {
      ...(o.deleteAccess ?? o.access),
      tags: o.tags,
      summary: `删除${noun}${o.deleteNote ?? ''}`,
      body: idBody,
    }),
  }
}

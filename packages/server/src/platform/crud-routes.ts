import { idBody, statusBody, type AnyContract } from '@zhixiao/shared'
import type { AuthInfo } from './context.js'
import { handle, type BoundRoute } from './contract-routes.js'
import { ok } from './envelope.js'

/** What the /updateStatus (0 enabled, 1 disabled) and /delete pair of a record group does. */
export interface StatusAndDelete {
  setStatus: (auth: AuthInfo, id: number, status: number) => Promise<void>
  remove: (auth: AuthInfo, id: number) => Promise<void>
}

/** The handlers of a statusAndDelete contract pair (shared contracts/common.ts). */
export function statusAndDeleteHandlers(
  c: { updateStatus: AnyContract & { body: typeof statusBody }; delete: AnyContract & { body: typeof idBody } },
  o: Pick<StatusAndDelete, 'setStatus' | 'remove'>,
): BoundRoute[] {
  return [
    handle(c.updateStatus, async (req) => {
      const { id, status } = req.body as { id: number; status: number }
      await o.setStatus(req.auth!, id, status)
      return ok(null, status === 0 ? '启用成功' : '停用成功')
    }),
    handle(c.delete, async (req) => {
      await o.remove(req.auth!, (req.body as { id: number }).id)
      return ok(null, '删除成功')
    }),
  ]
}

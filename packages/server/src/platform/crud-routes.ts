import { idBody, statusBody, type AnyContract } from '@zhixiao/shared'
import type { FastifyContextConfig, FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import type { AuthInfo } from './context.js'
import { handle, type BoundRoute } from './contract-routes.js'
import { ok } from './envelope.js'

export interface StatusAndDelete {
  tags: string[]
  /** The record's Chinese noun for the API docs (年级, 班级 …). */
  noun: string
  config?: FastifyContextConfig
  /** When deleting needs another code than toggling (buildings, rooms). */
  deleteConfig?: FastifyContextConfig
  deleteNote?: string
  setStatus: (auth: AuthInfo, id: number, status: number) => Promise<void>
  remove: (auth: AuthInfo, id: number) => Promise<void>
}


/** The `/updateStatus` (0 enabled, 1 disabled) and `/delete` calls every base-data record group shares. */
export function statusAndDeleteRoutes(app: FastifyInstance, o: StatusAndDelete): void {
  const r = app.withTypeProvider<ZodTypeProvider>()
  r.post('/updateStatus', { config: o.config, schema: { tags: o.tags, summary: `启用/停用${o.noun}`, body: statusBody } }, async (req) => {
    await o.setStatus(req.auth!, req.body.id, req.body.status)
    return ok(null, req.body.status === 0 ? '启用成功' : '停用成功')
  })
  r.post('/delete', { config: o.deleteConfig ?? o.config, schema: { tags: o.tags, summary: `删除${o.noun}${o.deleteNote ?? ''}`, body: idBody } }, async (req) => {
    await o.remove(req.auth!, req.body.id)
    return ok(null, '删除成功')
  })
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
    handle(c.delete, async (req) => { await o.remove(req.auth!, (req.body as { id: number }).id); return ok(null, '删除成功') }),
  ]
}

import { complaintConfig, type ComplaintConfig } from '@zhixiao/shared'
import type { Trx } from '../../db/database.js'
import type { AppContext, AuthInfo } from '../../platform/context.js'
import { recordOp } from '../../platform/op-log.js'
import { findConfig, upsertConfig } from './config-queries.js'

export const MODULE = '投诉建议'
const DEFAULT: ComplaintConfig = { enable: false, userRole: [], allowAnonymous: true }

/** An org's complaint config; an org that never saved one has the feature off. */
export async function readConfig(trx: Trx, orgId: number): Promise<ComplaintConfig> {
  const row = await findConfig(trx, orgId)
  if (!row) return DEFAULT
  // The stored list went through the same schema on write; parsing again drops anything a later version removed.
  return complaintConfig.parse({ enable: row.enable, userRole: row.user_role, allowAnonymous: row.allow_anonymous })
}

export async function getConfig(ctx: AppContext, tenantId: number, orgId: number): Promise<ComplaintConfig> {
  return ctx.db.tenant(tenantId, (trx) => readConfig(trx, orgId))
}

export async function setConfig(ctx: AppContext, auth: AuthInfo, c: ComplaintConfig): Promise<void> {
  await ctx.db.tenant(auth.tenantId, async (trx) => {
    const before = await readConfig(trx, auth.orgId)
    const values = { enable: c.enable, user_role: JSON.stringify(c.userRole), allow_anonymous: c.allowAnonymous }
    await upsertConfig(trx, auth.orgId, values)
    await recordOp(trx, auth, {
      module: MODULE,
      action: '基础配置',
      target: c.enable ? '开启' : '关闭',
      detail: { before, after: c },
    })
  })
}

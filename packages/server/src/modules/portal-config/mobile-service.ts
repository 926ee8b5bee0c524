import { MOBILE_ENTRY_PERMISSION, PortalMsg, type MobileEntry, type MobileEntrySaveBody } from '@zhixiao/shared'
import type { Trx } from '../../db/database.js'
import type { AppContext, AuthInfo } from '../../platform/context.js'
import { notFound } from '../../platform/errors.js'
import { recordOp } from '../../platform/op-log.js'
import { assertInScope, loadInScope, isVisibleOrg } from '../../platform/org-scope.js'
import { assertPermission } from '../../platform/permissions.js'
import {
  deleteMobileEntry,
  findMobileEntry,
  findOrgId,
  insertMobileEntry,
  listMobileEntries,
  updateMobileEntry,
} from './queries.js'

/**
 * Mobile entries of an org (GET /base/api/Mobile/fullInfo): the header drawer asks with the caller's org and gets
 * the shown ones; the admin screen asks with all=1 for hidden ones too (403 without the code, 404 outside the caller's
 * reach). An org the caller may not see (another school, another tenant) is 404.
 */
export async function listEntries(
  ctx: AppContext,
  auth: AuthInfo,
  orgId: number | undefined,
  all: boolean,
): Promise<MobileEntry[]> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const org = orgId ?? auth.orgId
    const exists = await findOrgId(trx, org)
    if (!exists || !(await isVisibleOrg(trx, auth, org))) throw notFound(PortalMsg.ORG_NOT_FOUND)
    // The editor's view (hidden entries too) is the maintainers': the page code, over an org they administer.
    if (all) {
      await assertPermission(trx, auth.userInfoId, MOBILE_ENTRY_PERMISSION)
      await assertInScope(trx, auth, org)
    }
    return listMobileEntries(trx, org, all)
  })
}

const values = (b: MobileEntrySaveBody) => ({
  mobile_name: b.mobileName,
  mobile_explain: b.mobileExplain,
  type: b.type,
  decode_path: b.decodePath,
  code_tips: b.codeTips,
  has_show: b.hasShow,
  sort: b.sort,
})

const entryInScope = (trx: Trx, auth: AuthInfo, id: number) =>
  loadInScope(trx, auth, findMobileEntry, id, PortalMsg.MOBILE_NOT_FOUND, { org: (row) => row.orgId })

export async function saveEntry(
  ctx: AppContext,
  auth: AuthInfo,
  b: MobileEntrySaveBody & { orgId?: number },
): Promise<number> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const org = b.orgId ?? auth.orgId
    await assertInScope(trx, auth, org)
    const id = await insertMobileEntry(trx, org, values(b))
    await recordOp(trx, auth, {
      module: '门户管理',
      action: '新增移动端入口',
      target: b.mobileName,
      detail: { after: b },
    })
    return id
  })
}

export async function updateEntry(ctx: AppContext, auth: AuthInfo, id: number, b: MobileEntrySaveBody): Promise<void> {
  await ctx.db.tenant(auth.tenantId, async (trx) => {
    const before = await entryInScope(trx, auth, id)
    await updateMobileEntry(trx, id, values(b))
    await recordOp(trx, auth, {
      module: '门户管理',
      action: '编辑移动端入口',
      target: b.mobileName,
      detail: { before, after: b },
    })
  })
}

export async function deleteEntry(ctx: AppContext, auth: AuthInfo, id: number): Promise<void> {
  await ctx.db.tenant(auth.tenantId, async (trx) => {
    const before = await entryInScope(trx, auth, id)
    await deleteMobileEntry(trx, id)
    await recordOp(trx, auth, {
      module: '门户管理',
      action: '删除移动端入口',
      target: before.mobileName,
      detail: { before },
    })
  })
}

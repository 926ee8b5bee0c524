import { PcPortalMsg, PortalMsg, type saveWebsiteBody, type updateWebsiteBody, type Website } from '@zhixiao/shared'
import type { z } from 'zod'
import type { Trx } from '../../db/database.js'
import type { AppContext, AuthInfo } from '../../platform/context.js'
import { notFound } from '../../platform/errors.js'
import { recordOp } from '../../platform/op-log.js'
import { assertInScope, loadInScope } from '../../platform/org-scope.js'
import { lineage } from '../portal-config/named-config.js'
import { deleteWebsiteRow, findWebsite, insertWebsite, listWebsitesOf, setWebsite } from './queries.js'

type SaveBody = z.output<typeof saveWebsiteBody>
type UpdateBody = z.output<typeof updateWebsiteBody>

type Row = Omit<Website, 'inherited'>
const shape = (r: Row, asked: number): Website => ({
  ...r,
  id: Number(r.id),
  orgId: Number(r.orgId),
  inherited: Number(r.orgId) !== asked,
})

/**
 * The websites an org's homes show: its own and those of the orgs above it (a bureau's websites reach its schools),
 * the nearest org's first, then by sort. all: with the disabled ones (the admin list). An org outside the tenant is 404.
 */
export async function listWebsites(
  ctx: AppContext,
  auth: AuthInfo,
  orgId: number | undefined,
  all: boolean,
): Promise<Website[]> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const org = orgId ?? auth.orgId
    const chain = await lineage(trx, org)
    if (!chain.length) throw notFound(PortalMsg.ORG_NOT_FOUND)
    const found = await listWebsitesOf(trx, chain, all)
    const depth = (id: number) => chain.indexOf(id)
    return found.map((r) => shape(r, org)).sort((a, b) => depth(a.orgId) - depth(b.orgId))
  })
}

/** One website of the tenant (any signed-in member may read it, as the homes do). */
export async function getWebsite(ctx: AppContext, auth: AuthInfo, id: number): Promise<Website> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const r = await findWebsite(trx, id)
    if (!r) throw notFound(PcPortalMsg.WEBSITE_NOT_FOUND)
    return shape(r, Number(r.orgId))
  })
}

/** A website the caller may change: one of their org or an org below it (a bureau's website is not a school admin's). */
const ownWebsite = (trx: Trx, auth: AuthInfo, id: number): Promise<Row> =>
  loadInScope(trx, auth, findWebsite, id, PcPortalMsg.WEBSITE_NOT_FOUND, {
    org: (r) => r.orgId,
    outsideAsMissing: true,
  })

const values = (b: SaveBody | UpdateBody) => ({
  name: b.name,
  url: b.url,
  icon_url: b.iconUrl,
  sort: b.sort,
  enabled: b.enabled,
})

export async function saveWebsite(ctx: AppContext, auth: AuthInfo, b: SaveBody): Promise<number> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const org = b.orgId ?? auth.orgId
    await assertInScope(trx, auth, org)
    const { id } = await insertWebsite(trx, { org_id: org, ...values(b), updated_by: auth.userInfoId })
    await recordOp(trx, auth, {
      module: '门户管理',
      action: '新增推荐网站',
      target: b.name,
      detail: { orgId: org, after: values(b) },
    })
    return Number(id)
  })
}

export async function updateWebsite(ctx: AppContext, auth: AuthInfo, b: UpdateBody): Promise<void> {
  await ctx.db.tenant(auth.tenantId, async (trx) => {
    const before = await ownWebsite(trx, auth, b.id)
    await setWebsite(trx, b.id, { ...values(b), updated_by: auth.userInfoId, updated_at: new Date() })
    await recordOp(trx, auth, {
      module: '门户管理',
      action: '编辑推荐网站',
      target: b.name,
      detail: { before, after: values(b) },
    })
  })
}

export async function deleteWebsite(ctx: AppContext, auth: AuthInfo, id: number): Promise<void> {
  await ctx.db.tenant(auth.tenantId, async (trx) => {
    const before = await ownWebsite(trx, auth, id)
    await deleteWebsiteRow(trx, id)
    await recordOp(trx, auth, { module: '门户管理', action: '删除推荐网站', target: before.name, detail: { before } })
  })
}

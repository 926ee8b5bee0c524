import {
  CmsMsg,
  blockInput,
  type BannerRow,
  type Block,
  type HomeKind,
  type ModuleLayout,
  type ModuleRow,
} from '@zhixiao/shared'
import type { Selectable } from 'kysely'
import type { Trx } from '../../db/database.js'
import type { PortalModuleTable } from '../../db/schema.js'
import type { AppContext, AuthInfo } from '../../platform/context.js'
import { notFound } from '../../platform/errors.js'
import { recordOp } from '../../platform/op-log.js'
import { assertOuterAllowed } from '../red-dots/outer-portal.js'
import { listShownBanners } from './banner-queries.js'
import { defaultBlocks } from './module-defaults.js'
import {
  deleteHomeModules,
  deleteModuleRow,
  findOrgModule,
  insertModule,
  insertModules,
  listHomeModules,
  updateModule,
} from './module-queries.js'
import { orgChain } from './orgs-queries.js'
import { sanitizeHtml } from './sanitize.js'

const MODULE = '门户模块'

/** Rich text is sanitised on save like a news body; other settings are plain values checked by their schema. */
function clean(b: Block): Block {
  return b.type === 'text' ? { ...b, settings: { text: sanitizeHtml(b.settings.text) } } : b
}

function toRow(r: Selectable<PortalModuleTable>): ModuleRow | null {
  // A row written by an older version that no longer parses is left out rather than breaking the home.
  const parsed = blockInput.safeParse({
    type: r.type,
    title: r.title,
    span: r.span,
    status: r.status,
    settings: r.settings,
  })
  return parsed.success ? { ...parsed.data, id: r.id, sort: r.sort } : null
}

async function rowsOf(trx: Trx, orgId: number, kind: HomeKind): Promise<ModuleRow[]> {
  const rows = await listHomeModules(trx, orgId, kind)
  return rows.flatMap((r) => toRow(r) ?? [])
}

const asDefaults = (blocks: Block[]): ModuleRow[] => blocks.map((b, i) => ({ ...b, id: null, sort: i }))

/** The shown banners of the nearest org in orgIds that has any for the terminal (0 PC: the portal carousel reads only these). */
export async function bannersOf(trx: Trx, orgIds: number[], terminal = 0): Promise<BannerRow[]> {
  for (const orgId of orgIds) {
    const list = await listShownBanners(trx, orgId, terminal)
    if (list.length) return list
  }
  return []
}

/**
 * The home a reader (signed in, or a visitor: null) sees of an org in a tenant; the open portal answers only those
 * its outer-portal limits let in (modules/red-dots/outer-portal.ts).
 */
export function readerLayout(
  ctx: AppContext,
  tenantId: number,
  reader: AuthInfo | null,
  orgId: number,
  kind: HomeKind,
): Promise<ModuleLayout> {
  return ctx.db.tenant(tenantId, async (trx) => {
    if (kind === 'open') await assertOuterAllowed(trx, reader, orgId)
    return moduleLayout(trx, orgId, kind)
  })
}

/**
 * The home a reader sees: the blocks of the nearest org (theirs, then up the chain) that configured this home,
 * else the defaults; only shown blocks. Banners likewise come from the nearest org that has some.
 */
async function moduleLayout(trx: Trx, orgId: number, kind: HomeKind): Promise<ModuleLayout> {
  const chain = await orgChain(trx, orgId)
  const self = chain[0]
  if (!self) throw notFound('机构不存在')
  let found: { orgId: number; orgName: string; modules: ModuleRow[] } | null = null
  for (const o of chain) {
    const modules = await rowsOf(trx, o.id, kind)
    if (modules.length) {
      found = { orgId: o.id, orgName: o.name, modules }
      break
    }
  }
  const modules = (found?.modules ?? asDefaults(defaultBlocks(kind))).filter((m) => m.status === 0)
  return {
    homeKind: kind,
    orgId: found?.orgId ?? self.id,
    orgName: self.name,
    configured: !!found,
    modules,
    banners: await bannersOf(
      trx,
      chain.map((o) => o.id),
    ),
  }
}

/** The admin's own org: its configured blocks (shown and hidden), or the defaults it would start from. */
export async function moduleList(ctx: AppContext, auth: AuthInfo, kind: HomeKind): Promise<ModuleLayout> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const chain = await orgChain(trx, auth.orgId)
    const modules = await rowsOf(trx, auth.orgId, kind)
    return {
      homeKind: kind,
      orgId: auth.orgId,
      orgName: chain[0]?.name ?? '',
      configured: modules.length > 0,
      modules: modules.length ? modules : asDefaults(defaultBlocks(kind)),
      banners: await bannersOf(
        trx,
        chain.map((o) => o.id),
      ),
    }
  })
}

async function ownModule(trx: Trx, auth: AuthInfo, id: number) {
  const row = await findOrgModule(trx, auth.orgId, id)
  if (!row) throw notFound(CmsMsg.MODULE_NOT_FOUND)
  return row
}

export async function getModule(
  ctx: AppContext,
  auth: AuthInfo,
  id: number,
): Promise<ModuleRow & { homeKind: string }> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const row = await ownModule(trx, auth, id)
    const m = toRow(row)
    if (!m) throw notFound(CmsMsg.MODULE_NOT_FOUND)
    return { ...m, homeKind: row.home_kind }
  })
}

const values = (b: Block) => ({
  type: b.type,
  title: b.title,
  span: b.span,
  status: b.status,
  settings: JSON.stringify(b.settings),
})

async function insertAll(trx: Trx, orgId: number, kind: HomeKind, blocks: Block[], from = 0): Promise<void> {
  if (!blocks.length) return
  await insertModules(
    trx,
    blocks.map((b, i) => ({ ...values(clean(b)), org_id: orgId, home_kind: kind, sort: from + i })),
  )
}

/** Adds a block (after the others) or edits one. The first change of an unconfigured home starts from its defaults. */
export async function setModule(
  ctx: AppContext,
  auth: AuthInfo,
  kind: HomeKind,
  id: number | null | undefined,
  b: Block,
): Promise<number> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    if (id) {
      const before = await ownModule(trx, auth, id)
      await updateModule(trx, id, { ...values(clean(b)), updated_at: new Date() })
      await recordOp(trx, auth, {
        module: MODULE,
        action: '编辑',
        target: `${before.home_kind}/${b.type} ${b.title}`,
        detail: {
          before: { title: before.title, settings: before.settings },
          after: { title: b.title, settings: b.settings },
        },
      })
      return id
    }
    let existing = await rowsOf(trx, auth.orgId, kind)
    if (!existing.length) {
      await insertAll(trx, auth.orgId, kind, defaultBlocks(kind))
      existing = await rowsOf(trx, auth.orgId, kind)
    }
    const sort = existing.reduce((m, r) => Math.max(m, r.sort), -1) + 1
    const newId = await insertModule(trx, { ...values(clean(b)), org_id: auth.orgId, home_kind: kind, sort })
    await recordOp(trx, auth, { module: MODULE, action: '新增', target: `${kind}/${b.type} ${b.title}` })
    return newId
  })
}

export async function setModuleStatus(ctx: AppContext, auth: AuthInfo, id: number, status: number): Promise<void> {
  await ctx.db.tenant(auth.tenantId, async (trx) => {
    const row = await ownModule(trx, auth, id)
    await updateModule(trx, id, { status, updated_at: new Date() })
    await recordOp(trx, auth, {
      module: MODULE,
      action: status === 0 ? '显示' : '隐藏',
      target: `${row.home_kind}/${row.type} ${row.title}`,
    })
  })
}

export async function removeModule(ctx: AppContext, auth: AuthInfo, id: number): Promise<void> {
  await ctx.db.tenant(auth.tenantId, async (trx) => {
    const row = await ownModule(trx, auth, id)
    await deleteModuleRow(trx, id)
    await recordOp(trx, auth, { module: MODULE, action: '删除', target: `${row.home_kind}/${row.type} ${row.title}` })
  })
}

/** Replaces the whole home of the admin's org in the given order; an empty list goes back to the defaults. */
export async function maintainModules(ctx: AppContext, auth: AuthInfo, kind: HomeKind, blocks: Block[]): Promise<void> {
  await ctx.db.tenant(auth.tenantId, async (trx) => {
    const before = await rowsOf(trx, auth.orgId, kind)
    await deleteHomeModules(trx, auth.orgId, kind)
    await insertAll(trx, auth.orgId, kind, blocks)
    await recordOp(trx, auth, {
      module: MODULE,
      action: blocks.length ? '保存布局' : '恢复默认布局',
      target: kind,
      detail: { before: before.map((m) => `${m.type}:${m.title}`), after: blocks.map((m) => `${m.type}:${m.title}`) },
    })
  })
}

import {
  ALLIANCE_MANAGE,
  ALLIANCE_UNIT_ATTR,
  AllianceMsg,
  AllianceStatus,
  ConfigName,
  ErrorCode,
  jdMhSysConfig,
  type JdMhSysConfig,
  type AllianceApp,
  type AllianceCandidate,
  type AllianceImage,
  type AllianceMemberOrg,
  type AllianceMemberRow,
  type AllianceMembership,
  type AllianceRoot,
  type AllianceSetting,
} from '@zhixiao/shared'
import type { Trx } from '../../db/database.js'
import type { AppContext, AuthInfo } from '../../platform/context.js'
import { rethrowUnique } from '../../platform/db-errors.js'
import { AppError, notFound, refused } from '../../platform/errors.js'
import { recordOp } from '../../platform/op-log.js'
import { assertInScope, isWithin } from '../../platform/org-scope.js'
import { loadGrants } from '../../platform/permissions.js'
import type { Page } from '../../platform/paging.js'
import { saveNamed } from '../portal-config/named-config.js'
import {
  countJoinedMembers,
  countMemberRows,
  deleteAllianceImages,
  endLiveMembership,
  findAlliance,
  findJoinedMembership,
  findJoinedMembershipTenant,
  findLiveMembership,
  findMembershipRow,
  findOrgNameAndUnitAttr,
  findOrgParentId,
  findOrgTradeAndAppType,
  findTenantName,
  findUserTrueName,
  findVisibleAlliance,
  getAlliance,
  insertAlliance,
  insertAllianceImages,
  insertMembership,
  insertOrg,
  listAllianceImages,
  listAllianceImagesBySort,
  listAllianceNames,
  listAllianceOrgIds,
  listAlliances,
  listAlliancesAt,
  listCandidateAlliances,
  listJoinedMembers,
  listLiveMembershipsOfOrg,
  listMemberRows,
  listMembershipsOfOrg,
  renameOrg,
  selectAncestors,
  siblingNameTaken,
  updateAlliance,
  updateMembershipRow,
} from './queries.js'

const MODULE = '学校联盟'

const iso = (d: Date | string | null | undefined): string | null => (d == null ? null : new Date(d).toISOString())
const notAdmin = () => new AppError(ErrorCode.FORBIDDEN, AllianceMsg.NOT_ADMIN, 403)

/** The session org and the orgs above it (a teacher of a department belongs to the school that joined). */
async function ancestorsOf(trx: Trx, orgId: number): Promise<number[]> {
  const rows = await selectAncestors(trx, orgId)
  return rows.map((r) => Number(r.id))
}

/** The alliance an org of the caller's tenant belongs to: itself or its nearest ancestor with an alliance row. */
async function allianceAbove(trx: Trx, tenantId: number, orgId: number): Promise<number | null> {
  const ids = await ancestorsOf(trx, orgId)
  if (!ids.length) return null
  const rows = await listAlliancesAt(trx, tenantId, ids)
  // Nearest first: ids run from the org upwards.
  const found = new Set(rows.map((r) => r.org_id))
  return ids.find((id) => found.has(id)) ?? null
}

/** The alliance row of the caller's own tenant (never one of another tenant, even an open one). */
function ownAlliance(trx: Trx, auth: AuthInfo, orgId: number) {
  return findAlliance(trx, auth.tenantId, orgId)
}

async function administers(trx: Trx, auth: AuthInfo, orgId: number): Promise<boolean> {
  const { permissions } = await loadGrants(trx, auth.userInfoId)
  return permissions.includes(ALLIANCE_MANAGE) && (await isWithin(trx, auth.orgId, orgId))
}

/**
 * An alliance the caller administers: one of their own tenant at or below their session org, with the manage code.
 * Unknown (or another tenant's) alliances answer 404; a known one they do not run answers 您不是该联盟的管理员.
 */
async function requireAdmin(trx: Trx, auth: AuthInfo, orgId: number) {
  const a = await ownAlliance(trx, auth, orgId)
  if (!a) throw notFound(AllianceMsg.NOT_FOUND)
  if (!(await administers(trx, auth, orgId))) throw notAdmin()
  return a
}

/**
 * What a member may read about an alliance: its setting, images and the names of its member orgs, nothing else.
 * Reads run in a transaction bound to the alliance's tenant, opened only after the membership check.
 */
interface AllianceView {
  tenantId: number
  isAdmin: boolean
  root(): Promise<AllianceRoot>
  setting(): Promise<AllianceSetting>
  images(): Promise<AllianceImage[]>
  members(keyword?: string): Promise<AllianceMemberOrg[]>
}

function viewOf(trx: Trx, tenantId: number, orgId: number, isAdmin: boolean): AllianceView {
  const row = () => getAlliance(trx, tenantId, orgId)
  return {
    tenantId,
    isAdmin,
    root: async () => {
      const a = await row()
      const n = await countJoinedMembers(trx, tenantId, orgId)
      return {
        orgId,
        name: a.name,
        unitAttr: ALLIANCE_UNIT_ATTR,
        allianceSchool: true,
        tenantId,
        tenantName: a.tenant_name,
        memberCount: Number(n.n),
        isAdmin,
      }
    },
    setting: async () => settingOf(await row()),
    images: async () => await listAllianceImages(trx, tenantId, orgId),
    members: async (keyword) => {
      const rows = await listJoinedMembers(trx, tenantId, orgId, keyword)
      return rows.map((r) => ({
        orgId: r.member_org_id,
        name: r.member_org_name,
        unitAttr: r.member_unit_attr,
        tenantName: r.member_tenant_name,
        joinedAt: iso(r.decided_at),
        source: r.source,
      }))
    },
  }
}

function settingOf(a: {
  org_id: number
  name: string
  intro: string
  culture: string
  need_audit: boolean
  open_to_tenants: boolean
  apps: AllianceApp[]
  tenant_name: string
  updated_at: Date
}): AllianceSetting {
  return {
    orgId: a.org_id,
    name: a.name,
    intro: a.intro,
    culture: a.culture,
    needAudit: a.need_audit,
    openToTenants: a.open_to_tenants,
    apps: Array.isArray(a.apps) ? a.apps : [],
    tenantName: a.tenant_name,
    updatedAt: iso(a.updated_at)!,
  }
}

/**
 * Runs `fn` on the view of alliance `orgId` if the caller may see it: its administrators, users of the alliance
 * org and of the alliance schools below it (same tenant), and users of a member org (joined), of any tenant.
 * Anyone else gets 404, so an alliance one is not part of is not even confirmed.
 */
async function readAlliance<T>(
  ctx: AppContext,
  auth: AuthInfo,
  orgId: number,
  fn: (v: AllianceView) => Promise<T>,
): Promise<T> {
  const local = await ctx.db.tenant(auth.tenantId, async (trx) => {
    const mine = await ancestorsOf(trx, auth.orgId)
    if (await ownAlliance(trx, auth, orgId)) {
      const isAdmin = await administers(trx, auth, orgId)
      const inside = mine.includes(orgId)
      const member =
        inside || isAdmin || (await findJoinedMembership(trx, auth.tenantId, orgId, auth.tenantId, mine)) !== undefined
      if (!member) throw notFound(AllianceMsg.NOT_FOUND)
      return { done: true as const, value: await fn(viewOf(trx, auth.tenantId, orgId, isAdmin)) }
    }
    // Another tenant's alliance: only through a joined membership row of this tenant (policy member_read).
    const m = await findJoinedMembershipTenant(trx, orgId, auth.tenantId, mine)
    if (!m) throw notFound(AllianceMsg.NOT_FOUND)
    return { done: false as const, tenantId: m.tenant_id }
  })
  if (local.done) return local.value
  return ctx.db.tenant(local.tenantId, (trx) => fn(viewOf(trx, local.tenantId, orgId, false)))
}

/** getRootOrg: the alliance named (or the one above an org named), else the one the session org sits in; null if none. */
export async function rootOrg(ctx: AppContext, auth: AuthInfo, orgId?: number): Promise<AllianceRoot | null> {
  const target = await ctx.db.tenant(auth.tenantId, async (trx) =>
    allianceAbove(trx, auth.tenantId, orgId ?? auth.orgId),
  )
  if (target === null && orgId === undefined) return null
  return readAlliance(ctx, auth, target ?? orgId!, (v) => v.root())
}

export const memberOrgs = (ctx: AppContext, auth: AuthInfo, orgId: number, keyword?: string) =>
  readAlliance(ctx, auth, orgId, (v) => v.members(keyword))
export const allianceSetting = (ctx: AppContext, auth: AuthInfo, orgId: number) =>
  readAlliance(ctx, auth, orgId, (v) => v.setting())
export const allianceImages = (ctx: AppContext, auth: AuthInfo, orgId: number) =>
  readAlliance(ctx, auth, orgId, (v) => v.images())

/** checkIsAdmin: of the alliance named, or of any alliance at or below the session org. */
export function checkIsAdmin(ctx: AppContext, auth: AuthInfo, orgId?: number): Promise<boolean> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    if (orgId !== undefined) return (await ownAlliance(trx, auth, orgId)) !== undefined && administers(trx, auth, orgId)
    const { permissions } = await loadGrants(trx, auth.userInfoId)
    if (!permissions.includes(ALLIANCE_MANAGE)) return false
    const all = await listAllianceOrgIds(trx, auth.tenantId)
    for (const a of all) if (await isWithin(trx, auth.orgId, a.org_id)) return true
    return false
  })
}

/** The alliances the caller administers (the management pages' picker). */
export function managedAlliances(ctx: AppContext, auth: AuthInfo): Promise<AllianceRoot[]> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const { permissions } = await loadGrants(trx, auth.userInfoId)
    if (!permissions.includes(ALLIANCE_MANAGE)) return []
    const all = await listAlliances(trx, auth.tenantId)
    const out: AllianceRoot[] = []
    for (const a of all) {
      if (!(await isWithin(trx, auth.orgId, a.org_id))) continue
      out.push(await viewOf(trx, auth.tenantId, a.org_id, true).root())
    }
    return out
  })
}

/** Names of alliances the caller's tenant has membership rows with: read in each alliance's tenant, by those rows only. */
async function allianceNames(
  ctx: AppContext,
  pairs: { tenantId: number; orgId: number }[],
): Promise<Map<string, { name: string; tenantName: string }>> {
  const out = new Map<string, { name: string; tenantName: string }>()
  const byTenant = new Map<number, number[]>()
  for (const p of pairs) byTenant.set(p.tenantId, [...(byTenant.get(p.tenantId) ?? []), p.orgId])
  for (const [tenantId, orgIds] of byTenant) {
    const rows = await ctx.db.tenant(tenantId, (trx) => listAllianceNames(trx, tenantId, orgIds))
    for (const r of rows) out.set(`${tenantId}/${r.org_id}`, { name: r.name, tenantName: r.tenant_name })
  }
  return out
}

/** getJoinedAndAuditingList: the session org's alliances, joined or waiting, and a last refusal (so it can reapply). */
export async function joinedAndAuditing(ctx: AppContext, auth: AuthInfo): Promise<AllianceMembership[]> {
  const rows = await ctx.db.tenant(auth.tenantId, (trx) => listMembershipsOfOrg(trx, auth.tenantId, auth.orgId))
  const latest = new Map<string, (typeof rows)[number]>()
  for (const r of rows) {
    const k = `${r.tenant_id}/${r.alliance_org_id}`
    if (!latest.has(k)) latest.set(k, r)
  }
  const kept = [...latest.values()].filter((r) => r.status <= AllianceStatus.REFUSED)
  const names = await allianceNames(
    ctx,
    kept.map((r) => ({ tenantId: r.tenant_id, orgId: r.alliance_org_id })),
  )
  return kept.flatMap((r) => {
    const n = names.get(`${r.tenant_id}/${r.alliance_org_id}`)
    return n
      ? [
          {
            id: r.id,
            allianceOrgId: r.alliance_org_id,
            allianceName: n.name,
            tenantName: n.tenantName,
            status: r.status,
            appliedAt: iso(r.applied_at)!,
            decidedAt: iso(r.decided_at),
            refuseReason: r.refuse_reason,
          },
        ]
      : []
  })
}

/** getAllParentOrgList: alliances the session org may apply to (its tenant's, and other tenants' open ones). */
export function candidates(ctx: AppContext, auth: AuthInfo, keyword?: string): Promise<AllianceCandidate[]> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const mine = await ancestorsOf(trx, auth.orgId)
    const rows = await listCandidateAlliances(trx, auth.tenantId, keyword)
    const live = new Set(
      (await listLiveMembershipsOfOrg(trx, auth.tenantId, auth.orgId)).map(
        (r) => `${r.tenant_id}/${r.alliance_org_id}`,
      ),
    )
    const own = new Set<number>()
    for (const r of rows)
      if (r.tenant_id === auth.tenantId && (mine.includes(r.org_id) || (await isWithin(trx, auth.orgId, r.org_id))))
        own.add(r.org_id)
    return rows
      .filter((r) => !live.has(`${r.tenant_id}/${r.org_id}`) && !own.has(r.org_id))
      .map((r) => ({
        orgId: r.org_id,
        name: r.name,
        intro: r.intro,
        tenantName: r.tenant_name,
        sameTenant: r.tenant_id === auth.tenantId,
        needAudit: r.need_audit,
      }))
  })
}

/** registerPage: founds an alliance, an org (allianceSchool, unit attribute 8) under an org of the caller's scope. */
export function register(
  ctx: AppContext,
  auth: AuthInfo,
  b: { name: string; parentId?: number; intro: string; needAudit: boolean; openToTenants: boolean },
): Promise<{ orgId: number }> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const parentId = b.parentId ?? auth.orgId
    await assertInScope(trx, auth, parentId)
    const parent = await findOrgTradeAndAppType(trx, parentId)
    if (await siblingNameTaken(trx, parentId, b.name)) throw refused(ErrorCode.CONFLICT, AllianceMsg.NAME_TAKEN)
    const tenant = await findTenantName(trx, auth.tenantId)
    const { id } = await insertOrg(trx, {
      parent_id: parentId,
      name: b.name,
      unit_attr: ALLIANCE_UNIT_ATTR,
      trade: parent.trade,
      app_type: parent.app_type,
      org_type: 'org',
      alliance_school: true,
      icon_url: null,
      xd_page: null,
      jd_page: null,
    })
    await insertAlliance(trx, {
      org_id: id,
      name: b.name,
      tenant_name: tenant.name,
      intro: b.intro,
      need_audit: b.needAudit,
      open_to_tenants: b.openToTenants,
      created_by: auth.accountId,
    })
    await recordOp(trx, auth, { module: MODULE, action: '创建联盟', target: b.name })
    return { orgId: id }
  })
}

/** setJuxiaoSetting: the alliance's name (the org's too), texts, audit and openness, and shared apps. */
export function saveSetting(
  ctx: AppContext,
  auth: AuthInfo,
  b: {
    orgId: number
    name?: string
    intro: string
    culture: string
    needAudit: boolean
    openToTenants: boolean
    apps: AllianceApp[]
  },
): Promise<void> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const a = await requireAdmin(trx, auth, b.orgId)
    const name = b.name ?? a.name
    if (name !== a.name) {
      const org = await findOrgParentId(trx, b.orgId)
      if (org.parent_id !== null && (await siblingNameTaken(trx, org.parent_id, name, b.orgId)))
        throw refused(ErrorCode.CONFLICT, AllianceMsg.NAME_TAKEN)
      await renameOrg(trx, b.orgId, name)
    }
    await updateAlliance(trx, auth.tenantId, b.orgId, {
      name,
      intro: b.intro,
      culture: b.culture,
      need_audit: b.needAudit,
      open_to_tenants: b.openToTenants,
      apps: JSON.stringify(b.apps),
      updated_at: ctx.clock.now(),
    })
    await recordOp(trx, auth, {
      module: MODULE,
      action: '联盟设置',
      target: name,
      detail: { needAudit: b.needAudit, openToTenants: b.openToTenants, apps: b.apps.length },
    })
  })
}

/**
 * The alliance's header config, saved on the alliance org itself by one of its administrators (the portal-management
 * code is not needed: running the alliance is); the alliance portal reads it through getAllianceSchoolMHSysConfig.
 */
export function saveHeader(ctx: AppContext, auth: AuthInfo, orgId: number, value: JdMhSysConfig): Promise<void> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    await requireAdmin(trx, auth, orgId)
    await saveNamed(
      trx,
      auth,
      { name: ConfigName.ALLIANCE_MH_SYS, label: '联盟顶部配置', schema: jdMhSysConfig, permission: ALLIANCE_MANAGE },
      value,
      { orgId },
    )
  })
}

/** saveOrgBackgroundImage: replaces the alliance's background images (in display order). */
export function saveImages(ctx: AppContext, auth: AuthInfo, orgId: number, images: string[]): Promise<AllianceImage[]> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const a = await requireAdmin(trx, auth, orgId)
    await deleteAllianceImages(trx, auth.tenantId, orgId)
    if (images.length)
      await insertAllianceImages(
        trx,
        images.map((url, sort) => ({ org_id: orgId, url, sort })),
      )
    await recordOp(trx, auth, {
      module: MODULE,
      action: '保存背景图',
      target: a.name,
      detail: { count: images.length },
    })
    return listAllianceImagesBySort(trx, auth.tenantId, orgId)
  })
}

/**
 * applyJoin: the session org applies to an alliance of its tenant or an open one of another tenant. With audit off
 * it joins at once. The alliance itself and the schools below it are already in it.
 */
export function applyJoin(
  ctx: AppContext,
  auth: AuthInfo,
  allianceOrgId: number,
  reason: string,
): Promise<{ id: number; status: number }> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    // Visible: this tenant's alliances and other tenants' open ones (policy alliance_directory).
    const a = await findVisibleAlliance(trx, auth.tenantId, allianceOrgId)
    if (!a) throw notFound(AllianceMsg.NOT_FOUND)
    // The alliance, the schools below it and the orgs above it (its founders) are part of it already.
    if (
      a.tenant_id === auth.tenantId &&
      ((await ancestorsOf(trx, auth.orgId)).includes(allianceOrgId) || (await isWithin(trx, auth.orgId, allianceOrgId)))
    ) {
      throw refused(ErrorCode.BAD_REQUEST, AllianceMsg.OWN)
    }
    const live = await findLiveMembership(trx, a.tenant_id, allianceOrgId, auth.tenantId, auth.orgId)
    if (live) throw refused(ErrorCode.CONFLICT, AllianceMsg.ALREADY)
    const org = await findOrgNameAndUnitAttr(trx, auth.orgId)
    const tenant = await findTenantName(trx, auth.tenantId)
    const me = await findUserTrueName(trx, auth.userInfoId)
    const status = a.need_audit ? AllianceStatus.AUDITING : AllianceStatus.JOINED
    const now = ctx.clock.now()
    const row = await insertMembership(trx, {
      tenant_id: a.tenant_id,
      alliance_org_id: allianceOrgId,
      member_tenant_id: auth.tenantId,
      member_org_id: auth.orgId,
      member_org_name: org.name,
      member_unit_attr: org.unit_attr,
      member_tenant_name: tenant.name,
      status,
      source: 'apply',
      reason,
      applicant_account_id: auth.accountId,
      applicant_name: me?.true_name ?? null,
      applied_at: now,
      decided_at: status === AllianceStatus.JOINED ? now : null,
      decided_by: null,
      refuse_reason: null,
      left_at: null,
    }).catch((e: unknown) => rethrowUnique(e, { alliance_member_live: AllianceMsg.ALREADY }, AllianceMsg.ALREADY))
    await recordOp(trx, auth, {
      module: MODULE,
      action: '申请加入联盟',
      target: String(allianceOrgId),
      detail: { status },
    })
    return { id: row.id, status }
  })
}

/** Leaving (离开联盟): the session org ends its membership, or withdraws its waiting application. */
export function leave(ctx: AppContext, auth: AuthInfo, allianceOrgId: number): Promise<void> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const now = ctx.clock.now()
    const rows = await endLiveMembership(trx, allianceOrgId, auth.tenantId, auth.orgId, now)
    if (!rows.length) throw refused(ErrorCode.NOT_FOUND, AllianceMsg.MEMBERSHIP_GONE)
    await recordOp(trx, auth, { module: MODULE, action: '离开联盟', target: String(allianceOrgId) })
  })
}

/** An application or membership row of an alliance the caller administers. */
async function adminRow(trx: Trx, auth: AuthInfo, id: number) {
  const row = await findMembershipRow(trx, auth.tenantId, id)
  if (!row) throw notFound(AllianceMsg.APPLICATION_GONE)
  await requireAdmin(trx, auth, row.alliance_org_id)
  return row
}

export function decide(
  ctx: AppContext,
  auth: AuthInfo,
  id: number,
  pass: boolean,
  refuseReason?: string,
): Promise<void> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const row = await adminRow(trx, auth, id)
    if (row.status !== AllianceStatus.AUDITING) throw refused(ErrorCode.CONFLICT, AllianceMsg.APPLICATION_GONE)
    await updateMembershipRow(trx, auth.tenantId, id, {
      status: pass ? AllianceStatus.JOINED : AllianceStatus.REFUSED,
      decided_by: auth.accountId,
      decided_at: ctx.clock.now(),
      refuse_reason: pass ? null : (refuseReason ?? null),
    })
    await recordOp(trx, auth, {
      module: MODULE,
      action: pass ? '通过加入申请' : '拒绝加入申请',
      target: row.member_org_name,
      detail: pass ? null : { reason: refuseReason },
    })
  })
}

export function removeMember(ctx: AppContext, auth: AuthInfo, id: number): Promise<void> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const row = await adminRow(trx, auth, id)
    if (row.status !== AllianceStatus.JOINED) throw refused(ErrorCode.CONFLICT, AllianceMsg.MEMBERSHIP_GONE)
    await updateMembershipRow(trx, auth.tenantId, id, {
      status: AllianceStatus.REMOVED,
      decided_by: auth.accountId,
      decided_at: ctx.clock.now(),
    })
    await recordOp(trx, auth, { module: MODULE, action: '移出联盟', target: row.member_org_name, important: true })
  })
}

/** getAllianceSchoolMemberOrgList: applications and members of an alliance, for its administrators. */
export function memberRows(
  ctx: AppContext,
  auth: AuthInfo,
  q: { orgId: number; status?: number; keyword?: string; pageIndex: number; pageSize: number },
): Promise<Page<AllianceMemberRow>> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    await requireAdmin(trx, auth, q.orgId)
    const rows = await listMemberRows(
      trx,
      auth.tenantId,
      q.orgId,
      q.status,
      q.keyword,
      q.pageSize,
      (q.pageIndex - 1) * q.pageSize,
    )
    const total = await countMemberRows(trx, auth.tenantId, q.orgId, q.status, q.keyword)
    return {
      list: rows.map((r) => ({
        id: r.id,
        orgId: r.member_org_id,
        orgName: r.member_org_name,
        tenantName: r.member_tenant_name,
        sameTenant: r.member_tenant_id === auth.tenantId,
        status: r.status,
        source: r.source,
        reason: r.reason,
        applicantName: r.applicant_name,
        appliedAt: iso(r.applied_at)!,
        decidedAt: iso(r.decided_at),
        refuseReason: r.refuse_reason,
      })),
      total: Number(total.n),
      pageIndex: q.pageIndex,
      pageSize: q.pageSize,
    }
  })
}

export { requireAdmin }

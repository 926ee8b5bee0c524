import { AllianceStatus } from '@zhixiao/shared'
import type { Insertable, Updateable } from 'kysely'
import { sql } from 'kysely'
import type { Trx } from '../../db/database.js'
import type { AllianceImageTable, AllianceMemberTable, AllianceTable, OrgUnitTable } from '../../db/schema.js'

/** Statuses of a membership that is waiting or in force. */
const LIVE = [AllianceStatus.AUDITING, AllianceStatus.JOINED]

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`)

/** The org and the orgs above it, from the org upwards. */
export async function selectAncestors(trx: Trx, orgId: number) {
  const rows = await sql<{ id: number }>`
    WITH RECURSIVE up AS (
      SELECT id, parent_id FROM org_unit WHERE id = ${orgId}
      UNION ALL
      SELECT o.id, o.parent_id FROM org_unit o JOIN up ON o.id = up.parent_id
    ) SELECT id FROM up`.execute(trx)
  return rows.rows
}

export function listAlliancesAt(trx: Trx, tenantId: number, orgIds: number[]) {
  return trx
    .selectFrom('alliance')
    .select('org_id')
    .where('tenant_id', '=', tenantId)
    .where('org_id', 'in', orgIds)
    .execute()
}

export function findAlliance(trx: Trx, tenantId: number, orgId: number) {
  return trx
    .selectFrom('alliance')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('org_id', '=', orgId)
    .executeTakeFirst()
}

export function getAlliance(trx: Trx, tenantId: number, orgId: number) {
  return trx
    .selectFrom('alliance')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('org_id', '=', orgId)
    .executeTakeFirstOrThrow()
}

function joinedMembers(trx: Trx, tenantId: number, allianceOrgId: number) {
  return trx
    .selectFrom('alliance_member')
    .where('tenant_id', '=', tenantId)
    .where('alliance_org_id', '=', allianceOrgId)
    .where('status', '=', AllianceStatus.JOINED)
}

export function countJoinedMembers(trx: Trx, tenantId: number, allianceOrgId: number) {
  return joinedMembers(trx, tenantId, allianceOrgId)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow()
}

/** The joined members by name (at most 1000), those whose name holds the keyword when one is given. */
export function listJoinedMembers(trx: Trx, tenantId: number, allianceOrgId: number, keyword: string | undefined) {
  let q = joinedMembers(trx, tenantId, allianceOrgId).select([
    'member_org_id',
    'member_org_name',
    'member_unit_attr',
    'member_tenant_name',
    'decided_at',
    'source',
  ])
  if (keyword) q = q.where('member_org_name', 'ilike', `%${escapeLike(keyword)}%`)
  return q.orderBy('member_org_name').orderBy('id').limit(1000).execute()
}

export function listAllianceImages(trx: Trx, tenantId: number, orgId: number) {
  return trx
    .selectFrom('alliance_image')
    .select(['id', 'url', 'sort'])
    .where('tenant_id', '=', tenantId)
    .where('org_id', '=', orgId)
    .orderBy('sort')
    .orderBy('id')
    .execute()
}

/** The images as saveImages answers them: by sort only. */
export function listAllianceImagesBySort(trx: Trx, tenantId: number, orgId: number) {
  return trx
    .selectFrom('alliance_image')
    .select(['id', 'url', 'sort'])
    .where('tenant_id', '=', tenantId)
    .where('org_id', '=', orgId)
    .orderBy('sort')
    .execute()
}

export function deleteAllianceImages(trx: Trx, tenantId: number, orgId: number) {
  return trx.deleteFrom('alliance_image').where('tenant_id', '=', tenantId).where('org_id', '=', orgId).execute()
}

export function insertAllianceImages(trx: Trx, values: Insertable<AllianceImageTable>[]) {
  return trx.insertInto('alliance_image').values(values).execute()
}

/** A joined membership of one of the member orgs in an alliance of the same tenant. */
export function findJoinedMembership(
  trx: Trx,
  tenantId: number,
  allianceOrgId: number,
  memberTenantId: number,
  memberOrgIds: number[],
) {
  return trx
    .selectFrom('alliance_member')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('alliance_org_id', '=', allianceOrgId)
    .where('member_tenant_id', '=', memberTenantId)
    .where('member_org_id', 'in', memberOrgIds)
    .where('status', '=', AllianceStatus.JOINED)
    .executeTakeFirst()
}

/** The tenant of the alliance a joined membership of one of the member orgs belongs to (policy member_read). */
export function findJoinedMembershipTenant(
  trx: Trx,
  allianceOrgId: number,
  memberTenantId: number,
  memberOrgIds: number[],
) {
  return trx
    .selectFrom('alliance_member')
    .select('tenant_id')
    .where('alliance_org_id', '=', allianceOrgId)
    .where('member_tenant_id', '=', memberTenantId)
    .where('member_org_id', 'in', memberOrgIds)
    .where('status', '=', AllianceStatus.JOINED)
    .executeTakeFirst()
}

export function listAllianceOrgIds(trx: Trx, tenantId: number) {
  return trx.selectFrom('alliance').select('org_id').where('tenant_id', '=', tenantId).execute()
}

export function listAlliances(trx: Trx, tenantId: number) {
  return trx.selectFrom('alliance').selectAll().where('tenant_id', '=', tenantId).orderBy('org_id').execute()
}

export function listAllianceNames(trx: Trx, tenantId: number, orgIds: number[]) {
  return trx
    .selectFrom('alliance')
    .select(['org_id', 'name', 'tenant_name'])
    .where('tenant_id', '=', tenantId)
    .where('org_id', 'in', orgIds)
    .execute()
}

/** An org's membership rows in any alliance, newest first (at most 500). */
export function listMembershipsOfOrg(trx: Trx, memberTenantId: number, memberOrgId: number) {
  return trx
    .selectFrom('alliance_member')
    .select(['id', 'tenant_id', 'alliance_org_id', 'status', 'applied_at', 'decided_at', 'refuse_reason'])
    .where('member_tenant_id', '=', memberTenantId)
    .where('member_org_id', '=', memberOrgId)
    .orderBy('id', 'desc')
    .limit(500)
    .execute()
}

/** Alliances of the tenant and open ones of other tenants, by name (at most 200). */
export function listCandidateAlliances(trx: Trx, tenantId: number, keyword: string | undefined) {
  let q = trx
    .selectFrom('alliance')
    .select(['tenant_id', 'org_id', 'name', 'intro', 'tenant_name', 'need_audit'])
    .where((eb) => eb.or([eb('tenant_id', '=', tenantId), eb('open_to_tenants', '=', true)]))
  if (keyword) q = q.where('name', 'ilike', `%${escapeLike(keyword)}%`)
  return q.orderBy('name').orderBy('org_id').limit(200).execute()
}

export function listLiveMembershipsOfOrg(trx: Trx, memberTenantId: number, memberOrgId: number) {
  return trx
    .selectFrom('alliance_member')
    .select(['tenant_id', 'alliance_org_id'])
    .where('member_tenant_id', '=', memberTenantId)
    .where('member_org_id', '=', memberOrgId)
    .where('status', 'in', LIVE)
    .execute()
}

export async function siblingNameTaken(trx: Trx, parentId: number, name: string, except?: number): Promise<boolean> {
  let q = trx.selectFrom('org_unit').select('id').where('parent_id', '=', parentId).where('name', '=', name)
  if (except !== undefined) q = q.where('id', '!=', except)
  return (await q.executeTakeFirst()) !== undefined
}

export function findOrgTradeAndAppType(trx: Trx, orgId: number) {
  return trx.selectFrom('org_unit').select(['trade', 'app_type']).where('id', '=', orgId).executeTakeFirstOrThrow()
}

export function findTenantName(trx: Trx, tenantId: number) {
  return trx.selectFrom('tenant').select('name').where('id', '=', tenantId).executeTakeFirstOrThrow()
}

export function insertOrg(trx: Trx, values: Insertable<OrgUnitTable>) {
  return trx.insertInto('org_unit').values(values).returning('id').executeTakeFirstOrThrow()
}

export function insertAlliance(trx: Trx, values: Insertable<AllianceTable>) {
  return trx.insertInto('alliance').values(values).execute()
}

export function findOrgParentId(trx: Trx, orgId: number) {
  return trx.selectFrom('org_unit').select('parent_id').where('id', '=', orgId).executeTakeFirstOrThrow()
}

export function renameOrg(trx: Trx, orgId: number, name: string) {
  return trx.updateTable('org_unit').set({ name }).where('id', '=', orgId).execute()
}

export function updateAlliance(trx: Trx, tenantId: number, orgId: number, values: Updateable<AllianceTable>) {
  return trx.updateTable('alliance').set(values).where('tenant_id', '=', tenantId).where('org_id', '=', orgId).execute()
}

/** The alliance if the tenant may see it: its own, or another tenant's open one (policy alliance_directory). */
export function findVisibleAlliance(trx: Trx, tenantId: number, allianceOrgId: number) {
  return trx
    .selectFrom('alliance')
    .select(['tenant_id', 'need_audit'])
    .where('org_id', '=', allianceOrgId)
    .where((eb) => eb.or([eb('tenant_id', '=', tenantId), eb('open_to_tenants', '=', true)]))
    .executeTakeFirst()
}

export function findLiveMembership(
  trx: Trx,
  tenantId: number,
  allianceOrgId: number,
  memberTenantId: number,
  memberOrgId: number,
) {
  return trx
    .selectFrom('alliance_member')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('alliance_org_id', '=', allianceOrgId)
    .where('member_tenant_id', '=', memberTenantId)
    .where('member_org_id', '=', memberOrgId)
    .where('status', 'in', LIVE)
    .executeTakeFirst()
}

export function findOrgNameAndUnitAttr(trx: Trx, orgId: number) {
  return trx.selectFrom('org_unit').select(['name', 'unit_attr']).where('id', '=', orgId).executeTakeFirstOrThrow()
}

export function findUserTrueName(trx: Trx, userInfoId: number) {
  return trx.selectFrom('user_info').select('true_name').where('id', '=', userInfoId).executeTakeFirst()
}

export function insertMembership(trx: Trx, values: Insertable<AllianceMemberTable>) {
  return trx.insertInto('alliance_member').values(values).returning('id').executeTakeFirstOrThrow()
}

/** Imported schools join at once; no id is needed back. */
export function insertJoinedMember(trx: Trx, values: Insertable<AllianceMemberTable>) {
  return trx.insertInto('alliance_member').values(values).execute()
}

/** Ends the org's waiting or joined membership of the alliance; the ids of the rows ended come back. */
export function endLiveMembership(
  trx: Trx,
  allianceOrgId: number,
  memberTenantId: number,
  memberOrgId: number,
  now: Date,
) {
  return trx
    .updateTable('alliance_member')
    .set({ status: AllianceStatus.LEFT, left_at: now })
    .where('alliance_org_id', '=', allianceOrgId)
    .where('member_tenant_id', '=', memberTenantId)
    .where('member_org_id', '=', memberOrgId)
    .where('status', 'in', LIVE)
    .returning('id')
    .execute()
}

export function findMembershipRow(trx: Trx, tenantId: number, id: number) {
  return trx
    .selectFrom('alliance_member')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .executeTakeFirst()
}

export function updateMembershipRow(trx: Trx, tenantId: number, id: number, values: Updateable<AllianceMemberTable>) {
  return trx.updateTable('alliance_member').set(values).where('tenant_id', '=', tenantId).where('id', '=', id).execute()
}

/** An alliance's rows: live ones unless a status is given, by member name when a keyword is given. */
function memberRowsOf(trx: Trx, tenantId: number, allianceOrgId: number, status?: number, keyword?: string) {
  let base = trx
    .selectFrom('alliance_member')
    .where('tenant_id', '=', tenantId)
    .where('alliance_org_id', '=', allianceOrgId)
  base = status === undefined ? base.where('status', 'in', LIVE) : base.where('status', '=', status)
  if (keyword) base = base.where('member_org_name', 'ilike', `%${escapeLike(keyword)}%`)
  return base
}

export function listMemberRows(
  trx: Trx,
  tenantId: number,
  allianceOrgId: number,
  status: number | undefined,
  keyword: string | undefined,
  limit: number,
  offset: number,
) {
  return memberRowsOf(trx, tenantId, allianceOrgId, status, keyword)
    .selectAll()
    .orderBy('id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute()
}

export function countMemberRows(
  trx: Trx,
  tenantId: number,
  allianceOrgId: number,
  status: number | undefined,
  keyword: string | undefined,
) {
  return memberRowsOf(trx, tenantId, allianceOrgId, status, keyword)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow()
}

export function listChildOrgNames(trx: Trx, parentId: number) {
  return trx.selectFrom('org_unit').select('name').where('parent_id', '=', parentId).execute()
}

export function listOrgCodes(trx: Trx) {
  return trx.selectFrom('org_unit').select('org_code').where('org_code', 'is not', null).execute()
}

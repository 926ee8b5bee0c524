import {
  COMMUNAL_PERMISSION,
  DICT_BUTTON_PERMISSION,
  DICT_GROUP_PERMISSION,
  DICT_OPTION_SOURCES,
  DICT_TYPES,
  DictMsg,
  NATIONS,
  SEX_LABEL,
  type DictAddBody,
  type DictOptionGroup,
  type DictOptionsBody,
  type DictPageBody,
  type DictRow,
  type DictType,
  type DictUpdateBody,
} from '@zhixiao/shared'
import type { Trx } from '../../db/database.js'
import type { AppContext, AuthInfo } from '../../platform/context.js'
import { rethrowInUse, rethrowUnique } from '../../platform/db-errors.js'
import { assertInScope, assertTopOrg } from '../../platform/org-scope.js'
import type { Page } from '../../platform/paging.js'
import { forbidden, notFound } from '../../platform/errors.js'
import { loadGrants } from '../../platform/permissions.js'
import {
  deleteDictItem,
  findDictItem,
  insertDictItem,
  listSelectableDict,
  listSelectableDictOfTypes,
  pageDictRows,
  updateDictItem,
} from './dict-queries.js'

const unique = (e: unknown): never => rethrowUnique(e, { dict_item_code: DictMsg.CODE_TAKEN }, DictMsg.NAME_TAKEN)
const permissionOf = (t: DictType) => DICT_GROUP_PERMISSION[DICT_TYPES[t].group]

/**
 * The code a dictionary call needs: its group's page code; tenant-level (全局) entries of any group may also be kept
 * from the public-field page (base_communal_fields, 000 §2.3 groups schoolDictionary / userDictionary / buildLot);
 * roomUse and buildingType also by their room-page button (DICT_BUTTON_PERMISSION: base_room_use, base_room_type).
 */
async function assertDictPermission(trx: Trx, auth: AuthInfo, t: DictType, level: 'tenant' | 'org'): Promise<void> {
  const { permissions } = await loadGrants(trx, auth.userInfoId)
  if (permissions.includes(permissionOf(t))) return
  if (level === 'tenant' && permissions.includes(COMMUNAL_PERMISSION)) return
  const button = DICT_BUTTON_PERMISSION[t]
  if (button && permissions.includes(button)) return
  throw forbidden()
}

/** Resolves the org an org-level call is about (default: the caller's) and checks scope; null for tenant level. */
async function levelOrg(
  trx: Trx,
  auth: AuthInfo,
  level: 'tenant' | 'org',
  orgId?: number | null,
): Promise<number | null> {
  if (level === 'tenant') return null
  const id = orgId ?? auth.orgId
  await assertInScope(trx, auth, id)
  return id
}

/**
 * Writes: tenant-level entries belong to the top organisation's administrators; org-level to the org's scope.
 * `only`: a call bound to one type (workRestType) answers an entry of another type like a missing one.
 */
async function loadForWrite(trx: Trx, auth: AuthInfo, id: number, only?: DictType) {
  const item = await findDictItem(trx, id)
  if (!item || (only && item.dict_type !== only)) throw notFound(DictMsg.NOT_FOUND)
  await assertDictPermission(trx, auth, item.dict_type as DictType, item.org_id === null ? 'tenant' : 'org')
  if (item.org_id === null) await assertTopOrg(trx, auth)
  else await assertInScope(trx, auth, item.org_id)
  return item
}

export function pageDict(ctx: AppContext, auth: AuthInfo, q: DictPageBody): Promise<Page<DictRow>> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    await assertDictPermission(trx, auth, q.dictType, q.level)
    const orgId = await levelOrg(trx, auth, q.level, q.orgId)
    return pageDictRows(trx, q.dictType, orgId, q, q)
  })
}

/** Options for a form: the tenant's enabled entries followed by the org's own. Any signed-in member may read them. */
export function selectDict(ctx: AppContext, auth: AuthInfo, dictType: DictType, orgId?: number): Promise<DictRow[]> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const org = orgId ?? auth.orgId
    if (orgId !== undefined) await assertInScope(trx, auth, orgId)
    return listSelectableDict(trx, org, dictType)
  })
}

/**
 * The verify form's options in one call (001 §7.1): a group per type asked, in that order. Sex and nation are the
 * shared constants; the dictionary types are what `select` lists for the org (same scope rule: an org outside the
 * caller's scope, another tenant's included, answers 机构不存在).
 */
export function dictOptions(ctx: AppContext, auth: AuthInfo, b: DictOptionsBody): Promise<DictOptionGroup[]> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const org = b.orgId ?? auth.orgId
    if (b.orgId !== undefined) await assertInScope(trx, auth, b.orgId)
    const dictTypes = b.types
      .map((t) => DICT_OPTION_SOURCES[t])
      .flatMap((s) => (s === 'sex' || s === 'nation' ? [] : [s]))
    const rows = dictTypes.length === 0 ? [] : await listSelectableDictOfTypes(trx, org, dictTypes)
    return b.types.map((type) => {
      const source = DICT_OPTION_SOURCES[type]
      if (source === 'sex')
        return { type, data: Object.entries(SEX_LABEL).map(([code, text]) => ({ text, code: Number(code) })) }
      if (source === 'nation') return { type, data: NATIONS.map((n) => ({ text: n, code: n })) }
      return { type, data: rows.filter((r) => r.dict_type === source).map((r) => ({ text: r.name, code: r.id })) }
    })
  })
}

export function addDict(ctx: AppContext, auth: AuthInfo, b: DictAddBody): Promise<number> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    await assertDictPermission(trx, auth, b.dictType, b.level)
    const orgId = await levelOrg(trx, auth, b.level, b.orgId)
    if (orgId === null) await assertTopOrg(trx, auth)
    try {
      return await insertDictItem(trx, {
        org_id: orgId,
        dict_type: b.dictType,
        name: b.name,
        code: b.code || null,
        sort: b.sort ?? 0,
        remark: b.remark ?? null,
      })
    } catch (e) {
      return unique(e)
    }
  })
}

export function updateDict(ctx: AppContext, auth: AuthInfo, b: DictUpdateBody, only?: DictType): Promise<void> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    await loadForWrite(trx, auth, b.id, only)
    const set = {
      ...(b.name !== undefined && { name: b.name }),
      ...(b.code !== undefined && { code: b.code || null }),
      ...(b.sort !== undefined && { sort: b.sort }),
      ...(b.remark !== undefined && { remark: b.remark }),
    }
    if (!Object.keys(set).length) return
    try {
      await updateDictItem(trx, b.id, set)
    } catch (e) {
      unique(e)
    }
  })
}

export function setDictStatus(
  ctx: AppContext,
  auth: AuthInfo,
  id: number,
  status: number,
  only?: DictType,
): Promise<void> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    await loadForWrite(trx, auth, id, only)
    await updateDictItem(trx, id, { status })
  })
}

export function deleteDict(ctx: AppContext, auth: AuthInfo, id: number, only?: DictType): Promise<void> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    await loadForWrite(trx, auth, id, only)
    // Grades, buildings, rooms and subjects point at entries; the foreign keys refuse deleting one in use.
    try {
      await deleteDictItem(trx, id)
    } catch (e) {
      rethrowInUse(e, DictMsg.IN_USE)
    }
  })
}

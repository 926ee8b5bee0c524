import {
  ALLIANCE_IMPORT_MAX_ROWS,
  ALLIANCE_UNIT_ATTR,
  AllianceStatus,
  ErrorCode,
  OrgMsg,
  parseUnitAttr,
  UNIT_ATTR_LABEL,
  UNIT_ATTR_SCHOOL_THRESHOLD,
} from '@zhixiao/shared'
import type { Readable } from 'node:stream'
import type { AppContext, AuthInfo } from '../../platform/context.js'
import { refused } from '../../platform/errors.js'
import { readSheet, xlsxStream, type SheetColumn } from '../../platform/excel.js'
import { recordOp } from '../../platform/op-log.js'
import { findOrgTradeAndAppType, insertJoinedMember, insertOrg, listChildOrgNames, listOrgCodes } from './queries.js'
import { requireAdmin } from './service.js'

/** The alliance-school template's columns; an asterisk marks a required one. */
const ALLIANCE_SCHOOL_COLUMNS: SheetColumn[] = [
  { header: '学校名称*', key: 'name', width: 24 },
  { header: '学校编码', key: 'orgCode' },
  { header: '单位属性', key: 'unitAttr' },
  { header: '地址', key: 'address', width: 30 },
  { header: '联系人', key: 'contact' },
  { header: '联系电话', key: 'phone' },
]

export function allianceSchoolTemplate(): Readable {
  return xlsxStream('联盟学校导入', ALLIANCE_SCHOOL_COLUMNS, [
    {
      name: '示例联盟小学',
      orgCode: 'LM001',
      unitAttr: UNIT_ATTR_LABEL[ALLIANCE_UNIT_ATTR],
      address: '',
      contact: '',
      phone: '导入前请删除本示例行',
    },
  ])
}

interface Planned {
  name: string
  orgCode: string | null
  unitAttr: number
  address: string | null
  contact: string | null
  phone: string | null
}

/**
 * importAllianceSchoolExcel: alliance schools (orgs marked allianceSchool) created under the alliance and joined at
 * once, all or nothing like the organisation import: with any bad row nothing is written and every bad row is listed.
 * The file goes through the same guards as every import (zip-bomb caps, formulas kept as text).
 */
export async function importAllianceSchools(
  ctx: AppContext,
  auth: AuthInfo,
  allianceOrgId: number,
  file: Buffer,
): Promise<{ imported: number }> {
  // Strangers are refused before their file is parsed.
  await ctx.db.tenant(auth.tenantId, (trx) => requireAdmin(trx, auth, allianceOrgId))
  const rows = await readSheet(file, ALLIANCE_SCHOOL_COLUMNS, ALLIANCE_IMPORT_MAX_ROWS)
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const alliance = await requireAdmin(trx, auth, allianceOrgId)
    const parent = await findOrgTradeAndAppType(trx, allianceOrgId)
    const siblings = new Set((await listChildOrgNames(trx, allianceOrgId)).map((o) => o.name))
    const codes = new Set((await listOrgCodes(trx)).map((o) => o.org_code!))
    const errors: { row: number; reason: string }[] = []
    const planned: Planned[] = []
    for (const { rowNumber: row, values: v } of rows) {
      const fail = (reason: string) => errors.push({ row, reason })
      if (!v.name) {
        fail('学校名称不能为空')
        continue
      }
      if (v.name.length > 50) {
        fail('学校名称不能超过50个字符')
        continue
      }
      if (siblings.has(v.name)) {
        fail(OrgMsg.NAME_TAKEN)
        continue
      }
      if (v.orgCode.length > 50) {
        fail('学校编码不能超过50个字符')
        continue
      }
      if (v.orgCode && codes.has(v.orgCode)) {
        fail(OrgMsg.CODE_TAKEN)
        continue
      }
      const unitAttr = v.unitAttr === '' ? ALLIANCE_UNIT_ATTR : parseUnitAttr(v.unitAttr)
      if (unitAttr === null || unitAttr < UNIT_ATTR_SCHOOL_THRESHOLD) {
        fail(`单位属性“${v.unitAttr}”不是学校，请填写如 小学、中学`)
        continue
      }
      if (v.address.length > 200 || v.contact.length > 50 || v.phone.length > 50) {
        fail('地址、联系人或联系电话过长')
        continue
      }
      siblings.add(v.name)
      if (v.orgCode) codes.add(v.orgCode)
      planned.push({
        name: v.name,
        orgCode: v.orgCode || null,
        unitAttr,
        address: v.address || null,
        contact: v.contact || null,
        phone: v.phone || null,
      })
    }
    if (errors.length)
      throw refused(ErrorCode.BAD_REQUEST, `导入失败：${errors.length}行有误，未导入任何数据`, { errors })
    const now = ctx.clock.now()
    for (const p of planned) {
      const { id } = await insertOrg(trx, {
        parent_id: allianceOrgId,
        name: p.name,
        org_code: p.orgCode,
        unit_attr: p.unitAttr,
        trade: parent.trade,
        app_type: parent.app_type,
        org_type: 'org',
        alliance_school: true,
        address: p.address,
        contact: p.contact,
        phone: p.phone,
        icon_url: null,
        xd_page: null,
        jd_page: null,
      })
      await insertJoinedMember(trx, {
        tenant_id: auth.tenantId,
        alliance_org_id: allianceOrgId,
        member_tenant_id: auth.tenantId,
        member_org_id: id,
        member_org_name: p.name,
        member_unit_attr: p.unitAttr,
        member_tenant_name: alliance.tenant_name,
        status: AllianceStatus.JOINED,
        source: 'import',
        reason: '',
        applicant_account_id: auth.accountId,
        applicant_name: null,
        applied_at: now,
        decided_by: auth.accountId,
        decided_at: now,
        refuse_reason: null,
        left_at: null,
      })
    }
    await recordOp(trx, auth, {
      module: '学校联盟',
      action: '导入联盟学校',
      target: alliance.name,
      detail: { count: planned.length },
      important: true,
    })
    return { imported: planned.length }
  })
}

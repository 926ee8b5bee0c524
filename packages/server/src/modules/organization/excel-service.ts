import { ErrorCode, labelOf, OrgMsg, parseUnitAttr, UNIT_ATTR_LABEL } from '@zhixiao/shared'
import type { Readable } from 'node:stream'
import type { AppContext, AuthInfo } from '../../platform/context.js'
import { refused } from '../../platform/errors.js'
import { readSheet, xlsxStream, type SheetColumn } from '../../platform/excel.js'
import { subtreeIds } from '../../platform/org-scope.js'
import { allOrgCodes, exportOrgRows, getOrgDefaults, insertOrg, orgRowsIn } from './admin-queries.js'

/** The organisation template's columns; an asterisk marks a required one. */
export const ORG_COLUMNS: SheetColumn[] = [
  { header: '机构名称*', key: 'name', width: 24 },
  { header: '上级机构名称*', key: 'parentName', width: 24 },
  { header: '机构编码', key: 'orgCode' },
  { header: '类别（机构/部门）', key: 'orgType' },
  { header: '单位属性', key: 'unitAttr' },
  { header: '学段类型（Z12/Z3）', key: 'appType' },
  { header: '地址', key: 'address', width: 30 },
  { header: '联系人', key: 'contact' },
  { header: '联系电话', key: 'phone' },
  { header: '备注', key: 'remark', width: 30 },
]
const MAX_ROWS = 2000

export function orgTemplate(): Readable {
  return xlsxStream('机构导入', ORG_COLUMNS, [
    {
      name: '示例第一中学',
      parentName: '（填写已有的上级机构名称，或本表中排在前面的机构）',
      orgCode: 'ZX001',
      orgType: '机构',
      unitAttr: UNIT_ATTR_LABEL[9],
      appType: 'Z12',
      address: '',
      contact: '',
      phone: '',
      remark: '导入前请删除本示例行',
    },
  ])
}

interface ImportError {
  row: number
  reason: string
}

interface Planned {
  row: number
  name: string
  parentKey: string
  orgCode: string | null
  orgType: 'org' | 'depart'
  unitAttr: number | null
  appType: number | null
  address: string | null
  contact: string | null
  phone: string | null
  remark: string | null
}

/**
 * Imports organisations under the caller's scope, all or nothing: every row is checked first (required fields,
 * values, parents that exist in scope or earlier in the file, duplicate names under one parent and duplicate
 * codes, in the file or in the tenant); with any error nothing is written and every bad row is reported.
 */
export async function importOrgs(ctx: AppContext, auth: AuthInfo, file: Buffer): Promise<{ imported: number }> {
  const rows = await readSheet(file, ORG_COLUMNS, MAX_ROWS)
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const scope = await subtreeIds(trx, auth.orgId)
    const existing = await orgRowsIn(trx, scope)
    const allCodes = new Set((await allOrgCodes(trx)).map((o) => o.org_code!))
    const byName = new Map<string, number[]>()
    for (const o of existing) byName.set(o.name, [...(byName.get(o.name) ?? []), o.orgId])
    const siblings = new Set(existing.map((o) => `${o.parentId}/${o.name}`))
    const errors: ImportError[] = []
    const planned: Planned[] = []
    const fileNames = new Map<string, number>()
    const fileCodes = new Set<string>()

    for (const { rowNumber: row, values: v } of rows) {
      const fail = (reason: string) => errors.push({ row, reason })
      if (!v.name) {
        fail('机构名称不能为空')
        continue
      }
      if (v.name.length > 50) {
        fail('机构名称不能超过50个字符')
        continue
      }
      if (!v.parentName) {
        fail('上级机构名称不能为空')
        continue
      }
      const orgType = v.orgType === '' || v.orgType === '机构' ? 'org' : v.orgType === '部门' ? 'depart' : null
      if (!orgType) {
        fail('类别只能是“机构”或“部门”')
        continue
      }
      // A name (小学) as the template and the export write it; a number from files made before names still reads.
      const unitAttr = v.unitAttr === '' ? null : parseUnitAttr(v.unitAttr)
      if (v.unitAttr !== '' && unitAttr === null) {
        fail(`单位属性“${v.unitAttr}”不存在，请填写如 小学、中学、区级教育行政部门`)
        continue
      }
      const appType =
        v.appType === '' ? null : v.appType.toUpperCase() === 'Z12' ? 1 : v.appType.toUpperCase() === 'Z3' ? 2 : NaN
      if (Number.isNaN(appType)) {
        fail('学段类型只能是Z12或Z3')
        continue
      }
      const parents = byName.get(v.parentName) ?? []
      const inFile = fileNames.get(v.parentName)
      if (!parents.length && inFile === undefined) {
        fail(`上级机构“${v.parentName}”不存在或不在您的管理范围内`)
        continue
      }
      if (parents.length > 1 || (parents.length && inFile !== undefined)) {
        fail(`上级机构名称“${v.parentName}”不唯一`)
        continue
      }
      const parentKey = parents.length ? `id:${parents[0]}` : `row:${inFile}`
      if (siblings.has(`${parents[0]}/${v.name}`) || siblings.has(`${parentKey}/${v.name}`)) {
        fail(OrgMsg.NAME_TAKEN)
        continue
      }
      if (v.orgCode && (allCodes.has(v.orgCode) || fileCodes.has(v.orgCode))) {
        fail(OrgMsg.CODE_TAKEN)
        continue
      }
      siblings.add(`${parentKey}/${v.name}`)
      if (v.orgCode) fileCodes.add(v.orgCode)
      if (!fileNames.has(v.name)) fileNames.set(v.name, row)
      planned.push({
        row,
        name: v.name,
        parentKey,
        orgCode: v.orgCode || null,
        orgType,
        unitAttr,
        appType,
        address: v.address || null,
        contact: v.contact || null,
        phone: v.phone || null,
        remark: v.remark || null,
      })
    }
    if (errors.length)
      throw refused(ErrorCode.BAD_REQUEST, `导入失败：${errors.length}行有误，未导入任何数据`, { errors })

    const created = new Map<number, { id: number; unitAttr: number; appType: number | null; trade: number }>()
    const parentOf = async (key: string) => {
      if (key.startsWith('row:')) return created.get(Number(key.slice(4)))!
      const p = await getOrgDefaults(trx, Number(key.slice(3)))
      return { id: p.id, unitAttr: p.unit_attr, appType: p.app_type, trade: p.trade }
    }
    for (const p of planned) {
      const parent = await parentOf(p.parentKey)
      const unitAttr = p.orgType === 'depart' ? parent.unitAttr : (p.unitAttr ?? parent.unitAttr)
      const appType = p.orgType === 'depart' ? parent.appType : (p.appType ?? parent.appType)
      const id = await insertOrg(trx, {
        parent_id: parent.id,
        name: p.name,
        org_code: p.orgCode,
        unit_attr: unitAttr,
        trade: parent.trade,
        app_type: appType,
        org_type: p.orgType,
        address: p.address,
        contact: p.contact,
        phone: p.phone,
        remark: p.remark,
        icon_url: null,
        xd_page: null,
        jd_page: null,
      })
      created.set(p.row, { id, unitAttr, appType, trade: parent.trade })
    }
    return { imported: planned.length }
  })
}

/** The caller's organisations as a workbook, in the template's columns so it can be edited and imported elsewhere. */
export async function exportOrgs(
  ctx: AppContext,
  auth: AuthInfo,
  q: { keyword?: string | null; status?: number | null },
): Promise<Readable> {
  const rows = await ctx.db.tenant(auth.tenantId, async (trx) => {
    const scope = await subtreeIds(trx, auth.orgId)
    return exportOrgRows(trx, scope, q)
  })
  const names = new Map(rows.map((r) => [r.orgId, r.name]))
  return xlsxStream(
    '机构',
    ORG_COLUMNS,
    rows.map((r) => ({
      name: r.name,
      parentName: r.parentId ? (names.get(r.parentId) ?? '') : '',
      orgCode: r.orgCode,
      orgType: r.orgType === 'depart' ? '部门' : '机构',
      unitAttr: labelOf(UNIT_ATTR_LABEL, r.unitAttr),
      appType: r.appType === 2 ? 'Z3' : r.appType === 1 ? 'Z12' : '',
      address: r.address,
      contact: r.contact,
      phone: r.phone,
      remark: r.remark,
    })),
  )
}

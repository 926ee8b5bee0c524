import * as z from './z.js'
import { UNIT_ATTR_MAX } from './labels.js'

const optText = (max: number) => z.string().trim().max(max, `长度不能超过${max}个字符`).optional().nullable()

/** Organisation setup (base-organization/orgSet; 000 §7.7 add/update). orgType 'depart' is a department. */
export const orgAddBody = z.object({
  parentId: z.coerce.number().int({ message: '请选择上级机构' }),
  name: z.line({ message: '请输入机构名称' }).trim().min(1, '请输入机构名称').max(50, '机构名称不能超过50个字符'),
  orgCode: optText(32),
  unitAttr: z.coerce.number().int().min(0, '单位属性有误').max(UNIT_ATTR_MAX, '单位属性有误').optional(),
  appType: z
    .union([z.literal(1), z.literal(2)])
    .optional()
    .nullable(),
  orgType: z.enum(['org', 'depart']).default('org'),
  typeId: z.id().optional().nullable(),
  sort: z.coerce.number().int().min(0).max(99999).optional(),
  address: optText(200),
  contact: optText(50),
  phone: optText(30),
  remark: optText(500),
})
export type OrgAddBody = z.infer<typeof orgAddBody>

export const orgUpdateBody = orgAddBody
  .omit({ parentId: true, orgType: true })
  .partial()
  .extend({
    orgId: z.coerce.number().int(),
    name: z.line().trim().min(1, '请输入机构名称').max(50, '机构名称不能超过50个字符').optional(),
  })
export type OrgUpdateBody = z.infer<typeof orgUpdateBody>

export const orgListPageBody = z.object({
  pageIndex: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(20),
  parentId: z.coerce.number().int().optional().nullable(),
  keyword: z.string().trim().max(50).optional().nullable(),
  status: z.coerce.number().int().min(0).max(1).optional().nullable(),
  orgType: z.enum(['org', 'depart']).optional().nullable(),
})
export type OrgListPageBody = z.infer<typeof orgListPageBody>

export const orgRow = z.object({
  orgId: z.number(),
  parentId: z.number().nullable(),
  name: z.string(),
  orgCode: z.string().nullable(),
  unitAttr: z.number(),
  appType: z.number().nullable(),
  orgType: z.string(),
  typeId: z.number().nullable(),
  typeName: z.string().nullable(),
  status: z.number(),
  sort: z.number(),
  address: z.string().nullable(),
  contact: z.string().nullable(),
  phone: z.string().nullable(),
  remark: z.string().nullable(),
})
export type OrgRow = z.infer<typeof orgRow>

export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({ list: z.array(item), total: z.number(), pageIndex: z.number(), pageSize: z.number() })

/** Status values for records with a toggle: 0 enabled, 1 disabled. */
export const RecordStatus = { ENABLED: 0, DISABLED: 1 } as const

export const OrgMsg = {
  NAME_TAKEN: '同一上级下已存在同名机构',
  CODE_TAKEN: '机构编码已存在',
  HAS_MEMBERS: '该机构下存在人员，无法删除',
  HAS_CHILDREN: '该机构下存在下级机构，无法删除',
  HAS_DATA: '该机构下还有基础数据（年级、班级、楼宇、校历等），请先删除后再删除机构',
  PARENT_MISSING: '上级机构不存在',
  OWN_ORG: '不能删除或停用当前登录的机构',
  DEPART_NEEDS_PARENT: '部门必须属于一个机构',
  CYCLE: '不能把机构移动到自己的下级',
} as const

/** Organisation types (orgType pages) and department types (departType pages), tenant-wide. */
export const orgTypeKind = z.enum(['org', 'depart'])
export const orgTypeAddBody = z.object({
  kind: orgTypeKind,
  name: z.line({ message: '请输入类型名称' }).trim().min(1, '请输入类型名称').max(30, '类型名称不能超过30个字符'),
  code: optText(30),
  unitAttr: z.coerce.number().int().min(0, '单位属性有误').max(UNIT_ATTR_MAX, '单位属性有误').optional().nullable(),
  sort: z.coerce.number().int().min(0).max(99999).optional(),
})
export type OrgTypeAddBody = z.infer<typeof orgTypeAddBody>
export const orgTypeUpdateBody = orgTypeAddBody.omit({ kind: true }).partial().extend({ id: z.id() })
export type OrgTypeUpdateBody = z.infer<typeof orgTypeUpdateBody>
export const orgTypePageBody = z.object({
  kind: orgTypeKind,
  pageIndex: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(20),
  keyword: z.string().trim().max(30).optional().nullable(),
})
export const orgTypeRow = z.object({
  id: z.number(),
  kind: z.string(),
  name: z.string(),
  code: z.string().nullable(),
  unitAttr: z.number().nullable(),
  status: z.number(),
  sort: z.number(),
  orgCount: z.number(),
})
export type OrgTypeRow = z.infer<typeof orgTypeRow>
export const OrgTypeMsg = { NAME_TAKEN: '类型名称已存在', IN_USE: '该类型已被机构使用，无法删除' } as const

import { z } from 'zod'

const optText = (max: number) => z.string().trim().max(max, `长度不能超过${max}个字符`).optional().nullable()

/** Organisation setup (base-organization/orgSet; 000 §7.7 add/update). orgType 'depart' is a department. */
export const orgAddBody = z.object({
  parentId: z.coerce.number().int({ message: '请选择上级机构' }),
  name: z.string({ message: '请输入机构名称' }).trim().min(1, '请输入机构名称').max(50, '机构名称不能超过50个字符'),
  orgCode: optText(32),
  unitAttr: z.coerce.number().int().min(0, '单位属性有误').max(20, '单位属性有误').optional(),
  appType: z.union([z.literal(1), z.literal(2)]).optional().nullable(),
  orgType: z.enum(['org', 'depart']).default('org'),
  typeId: z.coerce.number().int().optional().nullable(),
  sort: z.coerce.number().int().min(0).max(99999).optional(),
  address: optText(200),
  contact: optText(50),
  phone: optText(30),
  remark: optText(500),
})
export type OrgAddBody = z.infer<typeof orgAddBody>

export const orgUpdateBody = orgAddBody.omit({ parentId: true, orgType: true }).partial().extend({
  orgId: z.coerce.number().int(),
  name: z.string().trim().min(1, '请输入机构名称').max(50, '机构名称不能超过50个字符').optional(),
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
  PARENT_MISSING: '上级机构不存在',
  OWN_ORG: '不能删除或停用当前登录的机构',
  DEPART_NEEDS_PARENT: '部门必须属于一个机构',
  CYCLE: '不能把机构移动到自己的下级',
} as const

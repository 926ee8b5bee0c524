import * as z from './z.js'

/**
 * Dictionary types of the base-data area (000 §2.3): school dictionaries, people dictionaries and the
 * top organisation's public fields. `group` picks the page permission that governs them.
 */
export const DICT_TYPES = {
  learnPeriod: { name: '学段', group: 'school' },
  subjectManage: { name: '学科类别', group: 'school' },
  admissionSet: { name: '招生类型', group: 'school' },
  studentSet: { name: '学生类别', group: 'school' },
  studyType: { name: '就读方式', group: 'school' },
  politicalStatus: { name: '政治面貌', group: 'userAccount' },
  position: { name: '职务', group: 'userAccount' },
  job: { name: '岗位', group: 'userAccount' },
  laborType: { name: '用工类型', group: 'userAccount' },
  title: { name: '职称', group: 'userAccount' },
  education: { name: '学历', group: 'userAccount' },
  degree: { name: '学位', group: 'userAccount' },
  teacherType: { name: '教师类型', group: 'userAccount' },
  teacherChangeType: { name: '教师异动类型', group: 'userAccount' },
  studentChangeType: { name: '学生异动类型', group: 'userAccount' },
  workRestType: { name: '作息类型', group: 'school' },
  buildingType: { name: '楼宇类型', group: 'communal' },
  roomUse: { name: '教室用途', group: 'communal' },
} as const
export type DictType = keyof typeof DICT_TYPES
export const DICT_TYPE_CODES = Object.keys(DICT_TYPES) as [DictType, ...DictType[]]
export const DICT_GROUP_PERMISSION = {
  school: 'base_school',
  userAccount: 'base_user_account',
  communal: 'base_communal_fields',
} as const
/** Holders of this code keep every tenant-level (全局) dictionary from the public-field page, whatever its group. */
export const COMMUNAL_PERMISSION = DICT_GROUP_PERMISSION.communal
/**
 * Button codes that also keep one dictionary type, at either level, beside its group's code: the room page's
 * 教室用途 (base_room_use) keeps roomUse and 类型设置 (base_room_type) keeps buildingType (000 §6, base_build_lot).
 */
export const DICT_BUTTON_PERMISSION: Partial<Record<DictType, string>> = {
  roomUse: 'base_room_use',
  buildingType: 'base_room_type',
}

/**
 * The public-field page's groups (000 §2.3 /base-communalFields): architecture (organisation and department types),
 * schoolDictionary, userDictionary and buildLot; the dictionary groups list the tenant-level types they keep.
 */
export const COMMUNAL_GROUPS = [
  { key: 'architecture', name: '组织架构', types: [] },
  {
    key: 'schoolDictionary',
    name: '学校字典',
    types: ['learnPeriod', 'subjectManage', 'admissionSet', 'studentSet', 'studyType', 'workRestType'],
  },
  {
    key: 'userDictionary',
    name: '用户字典',
    types: [
      'politicalStatus',
      'position',
      'job',
      'laborType',
      'title',
      'education',
      'degree',
      'teacherType',
      'teacherChangeType',
      'studentChangeType',
    ],
  },
  { key: 'buildLot', name: '楼宇教室', types: ['buildingType', 'roomUse'] },
] as const satisfies readonly { key: string; name: string; types: readonly DictType[] }[]
export type CommunalGroup = (typeof COMMUNAL_GROUPS)[number]['key']

const dictType = z.enum(DICT_TYPE_CODES, { message: '字典类型有误' })
/** tenant: shared by every org of the tenant (kept by the top org); org: one organisation's own entries. */
export const dictLevel = z.enum(['tenant', 'org'])

export const dictAddBody = z.object({
  dictType,
  level: dictLevel.default('tenant'),
  orgId: z.coerce.number().int().optional().nullable(),
  name: z.line({ message: '请输入名称' }).trim().min(1, '请输入名称').max(50, '名称不能超过50个字符'),
  code: z.line().trim().max(30, '编码不能超过30个字符').optional().nullable(),
  sort: z.coerce.number().int().min(0).max(99999).optional(),
  remark: z.string().trim().max(200).optional().nullable(),
})
export type DictAddBody = z.infer<typeof dictAddBody>
export const dictUpdateBody = dictAddBody
  .pick({ name: true, code: true, sort: true, remark: true })
  .partial()
  .extend({ id: z.id() })
export type DictUpdateBody = z.infer<typeof dictUpdateBody>
export const dictPageBody = z.object({
  dictType,
  level: dictLevel.default('tenant'),
  orgId: z.coerce.number().int().optional().nullable(),
  keyword: z.string().trim().max(50).optional().nullable(),
  status: z.coerce.number().int().min(0).max(1).optional().nullable(),
  pageIndex: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(500).default(20),
})
export type DictPageBody = z.infer<typeof dictPageBody>
export const dictRow = z.object({
  id: z.number(),
  dictType: z.string(),
  orgId: z.number().nullable(),
  name: z.string(),
  code: z.string().nullable(),
  sort: z.number(),
  status: z.number(),
  remark: z.string().nullable(),
})
export type DictRow = z.infer<typeof dictRow>
/** Options for a select: the tenant's entries plus the org's own, enabled only. */
export const dictSelectQuery = z.object({ dictType, orgId: z.coerce.number().int().optional() })

export const DictMsg = {
  NAME_TAKEN: '同类字典中已存在该名称',
  CODE_TAKEN: '同类字典中已存在该编码',
  NOT_FOUND: '字典项不存在',
  IN_USE: '该字典项已被使用，无法删除',
} as const

/**
 * The verify form's option types (001 §7.1 "Dictionary options") and where each comes from: sex and nation are the
 * fixed lists of the shared constants (SEX_LABEL, NATIONS), the others a people dictionary of ours.
 */
export const DICT_OPTION_SOURCES = {
  sex: 'sex',
  nation: 'nation',
  political_attitudes: 'politicalStatus',
  education: 'education',
  academic_degree: 'degree',
  professional_title: 'title',
} as const satisfies Record<string, 'sex' | 'nation' | DictType>
export type DictOptionType = keyof typeof DICT_OPTION_SOURCES
export const DICT_OPTION_TYPES = Object.keys(DICT_OPTION_SOURCES) as [DictOptionType, ...DictOptionType[]]
export const DictOptionMsg = {
  TYPE: '字典类型有误',
  TYPES_REQUIRED: '请指定字典类型',
  DUPLICATE: '字典类型不能重复',
} as const

/** POST /base/api/dict/options: the org whose entries are offered (default: the session's) and the types, in order. */
export const dictOptionsBody = z.object({
  orgId: z.coerce.number().int().optional(),
  types: z
    .array(z.enum(DICT_OPTION_TYPES, { message: DictOptionMsg.TYPE }), { message: DictOptionMsg.TYPES_REQUIRED })
    .min(1, DictOptionMsg.TYPES_REQUIRED)
    .max(DICT_OPTION_TYPES.length, DictOptionMsg.DUPLICATE)
    .refine((ts) => new Set(ts).size === ts.length, DictOptionMsg.DUPLICATE),
})
export type DictOptionsBody = z.infer<typeof dictOptionsBody>
/**
 * One group per type asked, in that order. `code` is the value the verify-info body takes for the field: the sex
 * number (0 男, 1 女), the nation's name, or a dictionary entry's id.
 */
export const dictOptionGroup = z.object({
  type: z.enum(DICT_OPTION_TYPES),
  data: z.array(z.object({ text: z.string(), code: z.union([z.number(), z.string()]) })),
})
export type DictOptionGroup = z.infer<typeof dictOptionGroup>

import * as z from './z.js'
import { dictAddBody, dictPageBody, dictUpdateBody } from './dictionary.js'
import { idCardField, mobileField, trueNameField } from './people.js'

/**
 * The base-data calls 000 §7.9 / §7.7 names without fields (docs/base-data.md "Work-rest types, workstations,
 * external staff, personal details, bound orgs"): workRestType, workStationMatrix (+ organizationUnit/workStationList),
 * external, userInfo/personalDetails and organizationUnit getBindOrg, jdmh/tenant/org, get/manager.
 */
const optId = z.id().optional().nullable()
const optText = (max: number, label: string) => z.string().trim().max(max, `${label}不能超过${max}个字符`).optional().nullable()
  .transform((v) => (v ? v : null))
const paging = {
  pageIndex: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(500).default(20),
}
const isoDate = (what: string) => z.string({ message: `请选择${what}` }).regex(/^\d{4}-\d{2}-\d{2}$/, `${what}格式应为YYYY-MM-DD`)

// ---- workRestType: the kinds of schedule (冬季作息, 夏季作息 …), a dictionary of its own ----
export const workRestTypePageBody = dictPageBody.omit({ dictType: true })
export const workRestTypeAddBody = dictAddBody.omit({ dictType: true })
export const workRestTypeUpdateBody = dictUpdateBody
export const workRestTypeSelectQuery = z.object({ orgId: z.coerce.number().int().optional() })

// ---- workStationMatrix: 岗位设置 — each cell is a job (岗位 dictionary) at a level with its approved headcount ----
export const WORK_STATION_LEVEL_MAX = 13
const levelMsg = `岗位等级为1-${WORK_STATION_LEVEL_MAX}级`
export const workStationAddBody = z.object({
  orgId: z.coerce.number().int().optional(),
  jobId: z.id({ message: '请选择岗位' }),
  level: z.coerce.number({ message: '请选择岗位等级' }).int(levelMsg).min(1, levelMsg).max(WORK_STATION_LEVEL_MAX, levelMsg),
  quota: z.coerce.number({ message: '请输入核定岗位数' }).int('核定岗位数应为整数').min(0, '核定岗位数不能小于0').max(9999, '核定岗位数不能超过9999'),
  remark: optText(200, '备注'),
})
export type WorkStationAddBody = z.infer<typeof workStationAddBody>
export const workStationUpdateBody = workStationAddBody.omit({ orgId: true }).extend({ id: z.id() })
export type WorkStationUpdateBody = z.infer<typeof workStationUpdateBody>
export const workStationPageBody = z.object({
  orgId: z.coerce.number().int().optional(),
  jobId: optId,
  status: z.coerce.number().int().min(0).max(1).optional().nullable(),
  ...paging,
})
export type WorkStationPageBody = z.infer<typeof workStationPageBody>
export const workStationRow = z.object({
  id: z.number(), orgId: z.number(), jobId: z.number(), jobName: z.string(), level: z.number(), name: z.string(),
  quota: z.number(), status: z.number(), remark: z.string().nullable(),
})
export type WorkStationRow = z.infer<typeof workStationRow>
/** The matrix of one org: rows are the jobs on offer (岗位 dictionary), columns the levels in use, cells the settings. */
export const workStationMatrix = z.object({
  jobs: z.array(z.object({ id: z.number(), name: z.string() })),
  levels: z.array(z.number()),
  cells: z.array(workStationRow),
  totalQuota: z.number(),
})
export type WorkStationMatrix = z.infer<typeof workStationMatrix>
export const workStationListItem = workStationRow.pick({ id: true, jobId: true, jobName: true, level: true, name: true, quota: true })
export type WorkStationListItem = z.infer<typeof workStationListItem>
export const workStationName = (jobName: string, level: number) => `${jobName}${level}级`
export const WorkStationMsg = {
  TAKEN: '该岗位的此等级已设置',
  NOT_FOUND: '岗位设置不存在',
  JOB_NOT_FOUND: '岗位不存在',
} as const

// ---- external: 外聘人员 of an org (external hires: name, phone, their employer, the job, the contract period) ----
const externalFields = {
  name: trueNameField,
  phone: mobileField,
  idCard: idCardField,
  company: optText(50, '所属单位'),
  jobId: optId,
  startDate: isoDate('聘用开始日期'),
  endDate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, '聘用结束日期格式应为YYYY-MM-DD').optional().nullable().or(z.literal('')).transform((v) => (v ? v : null)),
  remark: optText(200, '备注'),
}
const endAfterStart = { check: (b: { startDate: string; endDate: string | null }) => !b.endDate || b.endDate >= b.startDate, msg: { message: '聘用结束日期不能早于开始日期', path: ['endDate'] } }
export const externalAddBody = z.object({ orgId: z.coerce.number().int().optional(), ...externalFields }).refine(endAfterStart.check, endAfterStart.msg)
export type ExternalAddBody = z.infer<typeof externalAddBody>
export const externalUpdateBody = z.object({ id: z.id(), ...externalFields }).refine(endAfterStart.check, endAfterStart.msg)
export type ExternalUpdateBody = z.infer<typeof externalUpdateBody>
export const externalPageBody = z.object({
  orgId: z.coerce.number().int().optional(),
  keyword: z.string().trim().max(30).optional().nullable(),
  status: z.coerce.number().int().min(0).max(1).optional().nullable(),
  ...paging,
})
export type ExternalPageBody = z.infer<typeof externalPageBody>
export const externalRow = z.object({
  id: z.number(), orgId: z.number(), name: z.string(), phone: z.string(), idCard: z.string().nullable(), company: z.string().nullable(),
  jobId: z.number().nullable(), jobName: z.string().nullable(), startDate: z.string(), endDate: z.string().nullable(), status: z.number(), remark: z.string().nullable(),
})
export type ExternalRow = z.infer<typeof externalRow>
export const ExternalMsg = { NOT_FOUND: '外聘人员不存在', PHONE_TAKEN: '本机构已有该手机号的外聘人员' } as const

// ---- userInfo/personalDetails: the signed-in member's own details and the part they keep themselves ----
export const personalDetails = z.object({
  userInfoId: z.number(), userType: z.number(), trueName: z.string(), userName: z.string(), orgId: z.number(), orgName: z.string(),
  phone: z.string().nullable(), idCard: z.string().nullable(), sex: z.number().nullable(), birthday: z.string().nullable(), nation: z.string().nullable(),
  email: z.string().nullable(), politicalStatusId: z.number().nullable(), educationId: z.number().nullable(), degreeId: z.number().nullable(),
  jobNo: z.string().nullable(), deptName: z.string().nullable(), positionName: z.string().nullable(), titleName: z.string().nullable(),
  enteredOn: z.string().nullable(),
})
export type PersonalDetails = z.infer<typeof personalDetails>
/** What a member edits about themselves; name, phone and ID card stay with the administrators (and the verify form). */
export const personalDetailsUpdateBody = z.object({
  sex: z.coerce.number().int().min(0, '性别有误').max(1, '性别有误').optional().nullable(),
  birthday: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, '出生日期格式应为YYYY-MM-DD').optional().nullable().or(z.literal('')).transform((v) => (v ? v : null)),
  nation: optText(20, '民族'),
  email: z.string().trim().email('邮箱格式不正确').max(60, '邮箱不能超过60个字符').optional().nullable().or(z.literal('')).transform((v) => (v ? v : null)),
  politicalStatusId: optId,
  educationId: optId,
  degreeId: optId,
})
export type PersonalDetailsUpdateBody = z.infer<typeof personalDetailsUpdateBody>

// ---- organizationUnit: bound orgs, the tenant's bureau (JD) org, an org's administrators ----
export const bindOrg = z.object({
  orgId: z.number(), orgName: z.string(), unitAttr: z.number(), userInfoId: z.number(), userType: z.number(), current: z.boolean(),
})
export type BindOrg = z.infer<typeof bindOrg>
export const jdTenantOrgQuery = z.object({ tenantId: z.coerce.number({ message: '租户编号有误' }).int('租户编号有误') })
export const jdTenantOrg = z.object({ orgId: z.number(), orgName: z.string(), unitAttr: z.number(), jdPage: z.string().nullable() }).nullable()
export type JdTenantOrg = z.infer<typeof jdTenantOrg>
export const orgManager = z.object({ userInfoId: z.number(), trueName: z.string(), phone: z.string().nullable() })
export type OrgManager = z.infer<typeof orgManager>
export const OrgExtraMsg = { TENANT_NOT_FOUND: '租户不存在' } as const
/** 138****0000: an administrator's phone as other members see it. */
export const maskPhone = (p: string | null) => (p && p.length >= 7 ? `${p.slice(0, 3)}****${p.slice(-4)}` : p)

import * as z from './z.js'
import { appRow } from './apps.js'

/**
 * The data centre, the low-code area and the IoT entries (000 §1, §2.3, §2.5, §3, §9; 001 §2.1, §9). Both lists are
 * registry apps (docs/apps.md "Data centre, low-code, IoT"): of app type 3 or 4, with one of the spec's
 * uniqueIds, that the user is offered. The data centre also needs the tenant's data warehouse enabled by the
 * platform administrator (/dataWare/house/index).
 */

export const DataCentreMsg = {
  WAREHOUSE_OFF: '数据仓库未开通，请联系平台管理员',
  EMPTY: '暂无可用应用',
  TENANT_NOT_FOUND: '租户不存在',
  PLATFORM: '平台租户无需开通数据仓库',
  ENABLED: '开通成功',
  DISABLED: '关闭成功',
} as const

/** 000 §9: app types 3 and 4 qualify for the data-centre and low-code lists. */
export const DATA_CENTRE_APP_TYPES: readonly number[] = [3, 4]
/** 000 §3 entity "Application entry". */
export const DATA_CENTRE_IDS: readonly string[] = [
  'basis_data',
  'identity_center',
  'indlibrary',
  'knowledgeCenter',
  'certifyCenter',
  'schedule',
  'report_center',
  'student_file',
  'teacher_file',
  '3d_school',
  'datav',
]
export const LOW_CODE_IDS: readonly string[] = ['ict_pub', 'monitorCenter', 'clipCenter', 'h5HelpCenter', 'datav']
/** 001 §2.1: these data-centre apps open through the low-code page in a new tab. */
export const VIA_LOW_CODE_IDS: readonly string[] = ['knowledgeCenter', 'certifyCenter', '3d_school', 'datav']

export const dataCentreKind = z.enum(['dataCenter', 'lowCode'])
export type DataCentreKind = z.infer<typeof dataCentreKind>
export const DATA_CENTRE_KIND_LABEL: Record<DataCentreKind, string> = {
  dataCenter: '大数据中心',
  lowCode: '低代码应用',
}

export const dataCentreListQuery = z.object({ kind: dataCentreKind.default('lowCode') })
export const dataCentreList = z.object({
  kind: dataCentreKind,
  /** False for the data centre of a tenant whose data warehouse is not enabled (the list is then empty). */
  enabled: z.boolean(),
  apps: z.array(appRow),
})
export type DataCentreList = z.infer<typeof dataCentreList>

/**
 * IoT menu entries of 000 §2.5 with their permission names (null: no permission needed). Each opens the IoT
 * sub-application host at /iot/<page>, which mounts the app registered for /iot with that page.
 */
export const IOT_MENU: readonly { key: string; name: string; permission: string | null; page: string }[] = [
  { key: 'data', name: '数据概览', permission: 'iot_ysgw_dev_data', page: 'dataOverview' },
  { key: 'dev', name: '物联设备', permission: 'iot_ysgw_dev_dev', page: 'devices' },
  { key: 'i', name: '智能设备', permission: 'iot_ysgw_dev_i', page: 'smartDevices' },
  { key: 'zd', name: '魔盒/魔屏', permission: 'iot_ysgw_dev_zd', page: 'magicBox' },
  { key: 't', name: '设备管理', permission: 'iot_ysgw_dev_t', page: 'deviceManage' },
  { key: 'p', name: '位置管理', permission: 'iot_ysgw_dev_p', page: 'locationManage' },
  { key: 'phone', name: '智能手机', permission: null, page: 'smartPhone' },
]
export const IOT_HOST = '/iot'

export const iotMenuEntry = z.object({
  key: z.string(),
  name: z.string(),
  permission: z.string().nullable(),
  /** The route the entry opens (/iot/<page>). */
  route: z.string(),
})
export type IotMenuEntry = z.infer<typeof iotMenuEntry>

/** The platform administrator's data warehouse switch per tenant (000 §2.3 /dataWare/house/index). */
export const dataWarehouseQuery = z.object({
  keyword: z.line().max(50, '关键字不能超过50个字符').optional(),
  pageIndex: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
})
export const dataWarehouseRow = z.object({
  tenantId: z.number(),
  name: z.string(),
  uniqueName: z.string(),
  enabled: z.boolean(),
})
export type DataWarehouseRow = z.infer<typeof dataWarehouseRow>
export const dataWarehouseSetBody = z.object({
  tenantId: z.number({ message: '请选择租户' }).int().min(0),
  enabled: z.boolean({ message: '请选择是否开通' }),
})
export type DataWarehouseSetBody = z.infer<typeof dataWarehouseSetBody>

import * as z from './z.js'

/**
 * The config centre (001 §2.4, §8, §9; docs/config-center.md "Startup"): platform-wide addresses and settings the web app
 * loads once at startup (GET /base/api/config/center, public), maintained by the super administrator on
 * /base-set/system (POST /base/api/config/center/save). An empty field means "not configured": the web app keeps
 * its build-time default for it.
 */
export const CONFIG_CENTER_FIELDS = ['gateway', 'file', 'mqtt', 'ai', 'placeBookingUrl'] as const
export type ConfigCenterUrlField = (typeof CONFIG_CENTER_FIELDS)[number]

export const CONFIG_CENTER_LABEL: Record<ConfigCenterUrlField | 'schoolOrgId' | 'version', string> = {
  gateway: '网关地址',
  file: '文件服务地址',
  mqtt: '消息服务地址',
  ai: '智能助手地址',
  placeBookingUrl: '移动端场地预约地址',
  schoolOrgId: '学校门户机构ID',
  version: '应用版本',
}

export const ConfigCenterMsg = {
  SAVED: '保存成功',
  SCHOOL_NOT_FOUND: '学校门户机构不存在或已停用',
  VERSION: '应用版本为1-32位字母、数字或 . _ - +',
  TOO_LONG: (label: string) => `${label}不能超过300个字符`,
  HTTP: (label: string) => `${label}须以 http:// 或 https:// 开头`,
  MQTT: (label: string) => `${label}须以 ws://、wss://、mqtt:// 或 mqtts:// 开头`,
} as const

/** Longest stored address. */
export const CONFIG_CENTER_URL_MAX = 300

/** An address of the config centre: empty, or `scheme://host…` of one of `schemes`, without white space. */
function address(label: string, schemes: 'http' | 'mqtt') {
  const scheme = schemes === 'http' ? /^https?:\/\/[^\s/\\?#]+\S*$/i : /^(wss?|mqtts?):\/\/[^\s/\\?#]+\S*$/i
  return z
    .string()
    .trim()
    .max(CONFIG_CENTER_URL_MAX, ConfigCenterMsg.TOO_LONG(label))
    .refine(
      (v) => v === '' || scheme.test(v),
      schemes === 'http' ? ConfigCenterMsg.HTTP(label) : ConfigCenterMsg.MQTT(label),
    )
}

/** POST config/center/save (super administrator): every field; an empty address or a null school clears it. */
export const configCenterSaveBody = z.object({
  gateway: address(CONFIG_CENTER_LABEL.gateway, 'http').default(''),
  file: address(CONFIG_CENTER_LABEL.file, 'http').default(''),
  mqtt: address(CONFIG_CENTER_LABEL.mqtt, 'mqtt').default(''),
  ai: address(CONFIG_CENTER_LABEL.ai, 'http').default(''),
  placeBookingUrl: address(CONFIG_CENTER_LABEL.placeBookingUrl, 'http').default(''),
  schoolOrgId: z.coerce
    .number({ message: '学校门户机构ID须为正整数' })
    .int('学校门户机构ID须为正整数')
    .positive('学校门户机构ID须为正整数')
    .max(Number.MAX_SAFE_INTEGER, '学校门户机构ID须为正整数')
    .nullable()
    .default(null),
  version: z
    .string()
    .trim()
    .max(32, ConfigCenterMsg.VERSION)
    .refine((v) => v === '' || /^[A-Za-z0-9._+-]{1,32}$/.test(v), ConfigCenterMsg.VERSION)
    .default(''),
})
export type ConfigCenterSaveBody = z.infer<typeof configCenterSaveBody>

/** GET config/center: what the web app reads at startup (empty strings for what is not configured). */
export const configCenter = z.object({
  gateway: z.string(),
  file: z.string(),
  mqtt: z.string(),
  ai: z.string(),
  placeBookingUrl: z.string(),
  schoolOrgId: z.number().nullable(),
  version: z.string(),
})
export type ConfigCenter = z.infer<typeof configCenter>

/**
 * Portal configuration (000 §7.6, 001 §7.1, docs/portal-config.md): the header configs under /base/configMgr, the mobile
 * entries under /base/api/Mobile, the tenant calls the header makes, and the named-config family (get<Key>/set<Key>).
 */
import { get, post } from '../contract.js'
import { campusWeatherConfig } from '../campus.js'
import {
  bottomInfoQuery,
  configSource,
  footerConfig,
  jdAdminAnswer,
  jdMhSysConfigAnswer,
  jdPermissionsQuery,
  mobileEntry,
  mobileEntryQuery,
  mobileEntrySaveBody,
  mobileEntryUpdateBody,
  MOBILE_ENTRY_PERMISSION,
  personalConfigQuery,
  setPersonalConfigBody,
  setPersonalConfigQuery,
  setSysConfigBody,
  sysConfigQuery,
  mhSysConfigAnswer,
} from '../portal-config.js'
import * as z from '../z.js'

/** The prefix the config calls of several domains share (portal header, PC portal, mobile portal, red dots, weather). */
const C = '/base/configMgr'
const tags = ['门户配置']
const pc = { permission: 'sc_menhu_pc' }
const orgQuery = z.object({ orgId: z.coerce.number().int() })

/** The portal header configs (MH_SYS, JD_MH_SYS, ALLIANCE_MH_SYS), the personal override and the bureau checks. */
export const configMgrContracts = {
  /**
   * The answer is the config of the name asked for (MhSysConfigAnswer for MH_SYS, JdMhSysConfigAnswer otherwise). Both
   * are strict: every field of either has a default, so only the keys tell them apart, and a value is never read as
   * the other shape (trimmed of its own fields).
   */
  getSysConfig: get(`${C}/getMHSysConfig`, {
    tags,
    summary: '门户配置（按名称；本机构→上级机构→租户默认→内置默认）',
    query: sysConfigQuery,
    data: z.union([mhSysConfigAnswer.strict(), jdMhSysConfigAnswer.strict()]),
  }),
  setSysConfig: post(`${C}/setMHSysConfig`, {
    ...pc,
    tags,
    summary: '保存门户配置（本机构及下级，或顶级机构的租户默认）',
    body: setSysConfigBody,
  }),
  getPersonal: get(`${C}/getMHPersonalConfig`, {
    tags,
    summary: "个人配置：多个应用（'true'/'false'，未设置为 null）",
    query: personalConfigQuery,
    data: z.string().nullable(),
  }),
  setPersonalByQuery: get(`${C}/setMHPersonalConfig`, {
    tags,
    summary: "保存个人配置（本账号；value 或 hasMultiple 为 'true'/'false'）",
    query: setPersonalConfigQuery,
  }),
  setPersonal: post(`${C}/setMHPersonalConfig`, {
    tags,
    summary: '保存个人配置（本账号；001 §7.1 hasMultiple 布尔值）',
    body: setPersonalConfigBody,
  }),
  getJdConfig: get(`${C}/getJDMHSysConfig`, {
    public: true,
    tags,
    summary: '局端顶部配置（未登录可读）',
    query: orgQuery,
    data: jdMhSysConfigAnswer,
  }),
  jdCheckIsAdmin: get(`${C}/jd/checkIsAdmin`, {
    tags,
    summary: '局端管理员判断（管理员角色且当前机构为局端机构）',
    data: jdAdminAnswer,
  }),
  jdPermissions: get(`${C}/jd/permissions`, {
    tags,
    summary: '局端用户权限（本账号在局端机构的权限码）',
    query: jdPermissionsQuery,
    data: z.array(z.string()),
  }),
  getAllianceConfig: get(`${C}/getAllianceSchoolMHSysConfig`, {
    public: true,
    tags,
    summary: '联盟顶部配置（未登录可读）',
    query: orgQuery,
    data: jdMhSysConfigAnswer,
  }),
}

const MOBILE = '/base/api/Mobile'
const mobileTags = ['移动端入口']
const mobileWrite = { permission: MOBILE_ENTRY_PERMISSION }

/** Mobile entries of the header drawer (001 §7.5). */
export const mobileInfoContracts = {
  fullInfo: get(`${MOBILE}/fullInfo`, {
    tags: mobileTags,
    summary: '移动端入口（默认只含显示的；all=1 含隐藏）',
    query: mobileEntryQuery,
    data: z.array(mobileEntry),
  }),
  save: post(`${MOBILE}/save`, {
    ...mobileWrite,
    tags: mobileTags,
    summary: '新增移动端入口',
    body: z.object({ orgId: z.coerce.number().int().optional() }).and(mobileEntrySaveBody),
    data: z.number(),
  }),
  update: post(`${MOBILE}/update`, {
    ...mobileWrite,
    tags: mobileTags,
    summary: '编辑移动端入口',
    body: mobileEntryUpdateBody,
  }),
  delete: get(`${MOBILE}/delete`, {
    ...mobileWrite,
    tags: mobileTags,
    summary: '删除移动端入口',
    query: z.object({ id: z.id() }),
  }),
}

const T = '/base/api/tenant'
const tenantTags = ['tenant']

/** The tenant calls the portal header makes (000 §7.4), kept with the config they read. */
export const tenantPortalContracts = {
  bottomInfo: get(`${T}/getTenantBottomBaseInfo`, {
    public: true,
    tags: tenantTags,
    summary: '门户底部配置',
    query: bottomInfoQuery,
    data: footerConfig.extend({ orgId: z.number() }),
  }),
  outSchoolPortalEnable: get(`${T}/getOutSchoolPortalEnable`, {
    public: true,
    tags: tenantTags,
    summary: '公共门户是否开启',
    query: z.object({ tenantId: z.coerce.number().int().optional(), orgId: z.coerce.number().int().optional() }),
    data: z.object({ enable: z.boolean() }),
  }),
}

/** A named config's value (its schema) and who may save it; `tag` groups its two calls in the API description. */
interface NamedConfigSpec<S extends z.ZodType> {
  /** Chinese label for the summaries (the server's op log uses the same label). */
  label: string
  schema: S
  permission: string | readonly string[]
  tag?: string
}

/**
 * The two calls of a named config under /base/configMgr (the server's named-config.ts): GET get<Key> (a signed-in
 * user reads the resolved value of their org or of an org they may see) and POST set<Key> (body { orgId?,
 * tenantDefault?, value }, guarded by the config's permission).
 */
export function namedConfigContracts<const K extends string, S extends z.ZodType>(key: K, spec: NamedConfigSpec<S>) {
  const tags = [spec.tag ?? '门户配置']
  return {
    get: get(`${C}/get${key}`, {
      tags,
      summary: `${spec.label}（本机构→上级机构→租户默认→内置默认）`,
      query: z.object({ orgId: z.coerce.number().int().optional() }),
      data: z.intersection(spec.schema, z.object({ orgId: z.number(), source: configSource })),
    }),
    set: post(`${C}/set${key}`, {
      permission: spec.permission,
      tags,
      summary: `保存${spec.label}`,
      body: z.object({
        orgId: z.coerce.number().int().optional(),
        tenantDefault: z.boolean().optional(),
        value: spec.schema,
      }),
    }),
  }
}

/** The weather location of an org (campus's data, kept with the other named configs). */
export const campusWeatherConfigContracts = namedConfigContracts('CampusWeatherConfig', {
  label: '天气城市',
  schema: campusWeatherConfig,
  permission: 'sc_menhu_pc_weather',
  tag: '天气配置',
})

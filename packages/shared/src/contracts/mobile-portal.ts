/**
 * The mobile portal (docs/mobile-portal.md "Mobile portal"): its named configs under /base/configMgr, the home and its alarm
 * under /base/api/Mobile, the parent-student home layout (/base/portal/custom) and the quick entries per role
 * (/base/mobileHomeQuick).
 */
import { get, post } from '../contract.js'
import {
  alarmSaveBody,
  customLayoutQuery,
  customLayoutSaveBody,
  familyLayout,
  MOBILE_BUTTONS,
  mobileHome,
  mobileHomeAlarm,
  mobileHomeQuery,
  mobileMenuConfig,
  mobilePortalSettings,
  quickAppBody,
  quickDeleteAppBody,
  quickGroup,
  quickGroupSaveBody,
  quickIdQuery,
  quickListQuery,
  quickRoleRow,
  studentPcConfig,
} from '../mobile-portal.js'
import { configSource } from '../portal-config.js'
import * as z from '../z.js'
import { namedConfigContracts } from './portal-config.js'

/** MobileMenuConfig, MHSysConfigForStudentPC and MobilePortalSettings (saving needs the maintenance group's edit button). */
const cfgTag = '移动端配置'
export const mobileConfigContracts = {
  /** The bottom tabs of each terminal; either mobile group may save (each page sends its own terminals unchanged otherwise). */
  menu: namedConfigContracts('MobileMenuConfig', {
    label: '移动端菜单',
    schema: mobileMenuConfig,
    permission: [MOBILE_BUTTONS.teacher.edit, MOBILE_BUTTONS.family.edit],
    tag: cfgTag,
  }),
  /** What the student's PC home (/portal/personal) shows. */
  studentPc: namedConfigContracts('MHSysConfigForStudentPC', {
    label: '学生PC首页',
    schema: studentPcConfig,
    permission: MOBILE_BUTTONS.family.edit,
    tag: cfgTag,
  }),
  /** /menhu-Platform: which terminals are open, the closed message, the PC offer, banner and quick-entry switches. */
  settings: namedConfigContracts('MobilePortalSettings', {
    label: '移动端设置',
    schema: mobilePortalSettings,
    permission: MOBILE_BUTTONS.platform.edit,
    tag: cfgTag,
  }),
}

/** A named config's value as the alarm and layout calls answer it: wrapped, with the org and where it came from. */
export const resolvedConfig = <S extends z.ZodType>(s: S) =>
  z.object({ value: s, orgId: z.number(), source: configSource })

const tags = ['移动端门户']
const orgQuery = z.object({ orgId: z.coerce.number().int().optional() })
const M = '/base/api/Mobile'
/** The home alarm (001 §7.5) and the home itself, beside the mobile entries of portal-config. */
export const mobileHomeContracts = {
  alarm: get(`${M}/getMobileHomeAlarmConfig`, {
    tags,
    summary: '移动端首页提醒（本机构→上级机构→租户默认→内置默认）',
    query: orgQuery,
    data: resolvedConfig(mobileHomeAlarm),
  }),
  setAlarm: post(`${M}/settingMobileHomeAlarmConfig`, {
    permission: MOBILE_BUTTONS.platform.edit,
    tags,
    summary: '保存移动端首页提醒',
    body: alarmSaveBody,
  }),
  home: get(`${M}/home`, {
    tags,
    summary: '当前用户的移动端首页（终端、菜单、模块、轮播图、提醒、快捷入口、孩子）',
    query: mobileHomeQuery,
    data: mobileHome,
  }),
}

const P = '/base/portal/custom'
const layoutSave = {
  permission: MOBILE_BUTTONS.family.edit,
  tags,
  summary: '保存家长学生移动端首页布局',
  body: customLayoutSaveBody,
}
/** The parent-student mobile home layout (001 §7.5); /update and /save are the same call. */
export const customLayoutContracts = {
  get: get(`${P}/get`, {
    tags,
    summary: '家长学生移动端首页布局',
    query: customLayoutQuery,
    data: resolvedConfig(familyLayout),
  }),
  update: post(`${P}/update`, layoutSave),
  save: post(`${P}/save`, layoutSave),
}

const quickRead = { permission: ['sc_menhu_mobile_t', 'sc_menhu_mobile_p'] }
const quickWrite = (action: 'add' | 'edit' | 'delete') => ({
  permission: [MOBILE_BUTTONS.teacher[action], MOBILE_BUTTONS.family[action]],
})
const quickTags = ['移动端快捷入口']
const Q = '/base/mobileHomeQuick'
/** Quick entries per role (001 §7.5); the server checks the group of the role key. */
export const mobileQuickContracts = {
  roles: get(`${Q}/getRoleList`, {
    ...quickRead,
    tags: quickTags,
    summary: '可配置快捷入口的身份与角色',
    data: z.array(quickRoleRow),
  }),
  apps: get(`${Q}/getAppList`, {
    ...quickRead,
    tags: quickTags,
    summary: '本机构某身份或角色的快捷入口分组及应用',
    query: quickListQuery,
    data: z.array(quickGroup),
  }),
  addGroup: post(`${Q}/addMobileHomeAppGroup`, {
    ...quickWrite('add'),
    tags: quickTags,
    summary: '新增快捷入口分组',
    body: quickGroupSaveBody,
    data: z.number(),
  }),
  deleteGroup: get(`${Q}/deleteMobileHomeAppGroup`, {
    ...quickWrite('delete'),
    tags: quickTags,
    summary: '删除快捷入口分组',
    query: quickIdQuery,
  }),
  addApps: post(`${Q}/addMobileHomeApp`, {
    ...quickWrite('add'),
    tags: quickTags,
    summary: '添加应用到快捷入口分组',
    body: quickAppBody,
  }),
  deleteApp: post(`${Q}/deleteMobileHomeApp`, {
    ...quickWrite('delete'),
    tags: quickTags,
    summary: '从快捷入口分组移除应用',
    body: quickDeleteAppBody,
  }),
  reset: post(`${Q}/resetAppList`, {
    ...quickWrite('edit'),
    tags: quickTags,
    summary: '恢复默认（删除本机构该身份的快捷入口，沿用上级机构）',
    body: quickListQuery,
    data: z.number(),
  }),
}

/**
 * The app registry, groups, links, favourites and hand-over calls (docs/apps.md): /base/mobileAppGroup,
 * /base/mobileAppLink, /base/mobileApp, /base/oftenUse, /base/configMgr/permissions/dynamic,
 * /base/api/tenant/getAppListById and the once-token pair under /base/api/auth. Admin writes need 应用管理.
 */
import {
  appGroup,
  appGroupListQuery,
  appGroupResetBody,
  appGroupSaveBody,
  appGroupUpdateBody,
  appIdQuery,
  appLinkBody,
  appLinkResetBody,
  appPageBody,
  appRow,
  appSaveBody,
  appUpdateBody,
  dynamicPermissionBody,
  fallbackAppRow,
  hostedApp,
  hostedAppQuery,
  idQuery,
  onceTokenResponse,
  swapOnceTokenBody,
  swapOnceTokenResponse,
} from '../apps.js'
import { get, post } from '../contract.js'
import { pageOf } from '../organization.js'
import * as z from '../z.js'

const manage = { permission: 'sc_menhu_app_mgr' }
/**
 * Group writes also serve the mobile scopes (teacher 0, parent 1, student 5) of /menhu-teacher and /menhu-parent:
 * the hook lets in any of these codes and the server checks the one of the group's scope (groups.ts assertScopeWrite).
 */
const groupWrite = (action: 'add' | 'edit' | 'delete') => ({
  permission: ['sc_menhu_app_mgr', `sc_menhu_mobile_t_${action}`, `sc_menhu_mobile_p_${action}`],
})
/** The app list the group screens pick from (read only). */
const appPicker = { permission: ['sc_menhu_app_mgr', 'sc_menhu_mobile_t', 'sc_menhu_mobile_p'] }
const tags = ['应用管理']

const G = '/base/mobileAppGroup'
export const appGroupContracts = {
  list: get(`${G}/getAppGroupList`, {
    tags,
    summary: '本机构应用分组及应用（filter=1 只含可打开的应用；showDefaultGroup=true 附加其他应用）',
    query: appGroupListQuery,
    data: z.array(appGroup),
  }),
  save: post(`${G}/save`, {
    ...groupWrite('add'),
    tags,
    summary: '新增应用分组',
    body: appGroupSaveBody,
    data: z.number(),
  }),
  update: post(`${G}/update`, { ...groupWrite('edit'), tags, summary: '编辑应用分组', body: appGroupUpdateBody }),
  delete: get(`${G}/delete`, { ...groupWrite('delete'), tags, summary: '删除应用分组', query: idQuery }),
  reset: post(`${G}/resetAppGroupList`, {
    ...groupWrite('edit'),
    tags,
    summary: '恢复默认分组',
    body: appGroupResetBody,
  }),
}

const L = '/base/mobileAppLink'
export const appLinkContracts = {
  add: post(`${L}/addAppLinkToAppGroup`, { ...groupWrite('edit'), tags, summary: '添加应用到分组', body: appLinkBody }),
  delete: post(`${L}/deleteAppLinkToAppGroup`, {
    ...groupWrite('edit'),
    tags,
    summary: '从分组移除应用',
    body: appLinkBody,
  }),
  reset: post(`${L}/resetAppLinkList`, {
    ...groupWrite('edit'),
    tags,
    summary: '恢复分组的默认应用',
    body: appLinkResetBody,
  }),
}

const A = '/base/mobileApp'
export const appContracts = {
  page: post(`${A}/getAppPage`, {
    ...appPicker,
    tags,
    summary: '应用分页（内置与本机构及上级注册的应用）',
    body: appPageBody,
    data: pageOf(appRow),
  }),
  save: post(`${A}/save`, {
    ...manage,
    tags,
    summary: '注册应用（新权限编码加入机构应用节点）',
    body: appSaveBody,
    data: z.number(),
  }),
  update: post(`${A}/update`, { ...manage, tags, summary: '编辑应用（内置应用只改设置）', body: appUpdateBody }),
  delete: get(`${A}/delete`, { ...manage, tags, summary: '删除注册的应用', query: idQuery }),
  refreshInternal: post(`${A}/refreshInternalApp`, { ...manage, tags, summary: '刷新内置应用', data: z.number() }),
  hosted: get(`${A}/hosted`, {
    tags,
    summary: '子应用路由对应的已注册应用（宿主页用）',
    query: hostedAppQuery,
    data: hostedApp.nullable(),
  }),
}

/** The caller's own favourites, so a session is all they need. */
const oftenTags = ['常用应用']
const O = '/base/oftenUse'
export const oftenUseContracts = {
  list: get(`${O}/selectOftenUseAppList`, { tags: oftenTags, summary: '我的常用应用', data: z.array(appRow) }),
  add: get(`${O}/addOftenUseApp`, { tags: oftenTags, summary: '加入常用', query: appIdQuery }),
  delete: get(`${O}/deleteOftenUseApp`, { tags: oftenTags, summary: '移出常用', query: appIdQuery }),
  clear: get(`${O}/clearOftenUseApp`, { tags: oftenTags, summary: '清空常用', data: z.number() }),
}

/** /base/configMgr/permissions/dynamic (the rest of /base/configMgr is the portal config's). */
export const dynamicPermissionContracts = {
  check: post('/base/configMgr/permissions/dynamic', {
    tags: ['统一门户'],
    summary: '统一门户权限校验：返回用户拥有的 {appUniqueId, permission}',
    body: dynamicPermissionBody,
    data: dynamicPermissionBody,
  }),
}

/** The spec's callers send id=0; the id picks nothing (every app the user may open is listed), so 0 is allowed. */
export const fallbackAppQuery = z.object({
  id: z.coerce.number().int().min(0).optional(),
  orgId: z.coerce.number().int().optional(),
})
export const fallbackAppContracts = {
  list: get('/base/api/tenant/getAppListById', {
    tags,
    summary: '备用应用列表（用户可打开的应用）',
    query: fallbackAppQuery,
    data: z.array(fallbackAppRow),
  }),
}

/** Once-token issue (signed in) and swap (public) under /base/api/auth. */
const authTags = ['认证']
export const onceTokenContracts = {
  issue: get('/base/api/auth/once/token', {
    tags: authTags,
    summary: '签发一次性令牌（交给子应用，60 秒内一次有效）',
    data: onceTokenResponse,
  }),
  swap: post('/base/api/auth/swap/once/token', {
    public: true,
    tags: authTags,
    summary: '用一次性令牌换取同账号同机构的会话',
    body: swapOnceTokenBody,
    data: swapOnceTokenResponse,
  }),
}

/** The PC portal (docs/pc-portal.md "PC portal menu, sidebar, websites, system info"): named configs, sidebar and websites, system info. */
import { get, post } from '../contract.js'
import { PcPortalPerm } from '../pc-portal.js'
import {
  portalMenuConfig,
  saveSidebarBody,
  saveWebsiteBody,
  sidebarInfoAnswer,
  sidebarQuery,
  systemInfoAnswer,
  systemInfoConfig,
  systemInfoQuery,
  updateWebsiteBody,
  website,
  websiteIdQuery,
  websiteQuery,
} from '../pc-portal-schemas.js'
import * as z from '../z.js'
import { namedConfigContracts } from './portal-config.js'

/** PortalMenuConfig and SystemInfoConfig under /base/configMgr (get<Key> for members, set<Key> with the button code). */
export const portalMenuConfigContracts = namedConfigContracts('PortalMenuConfig', {
  label: '门户菜单',
  schema: portalMenuConfig,
  permission: PcPortalPerm.MENU_SAVE,
  tag: 'PC门户',
})
export const systemInfoConfigContracts = namedConfigContracts('SystemInfoConfig', {
  label: '系统信息',
  schema: systemInfoConfig,
  permission: PcPortalPerm.SYS_INFO_SAVE,
  tag: 'PC门户',
})

const S = '/base/api/Sidebar'
const tags = ['PC门户侧边栏与推荐网站']

/**
 * The floating sidebar (fullAllInfo, saveSidebarInfo) and the recommended websites (the spec gives those calls no
 * prefix; they live here beside the sidebar, docs/pc-portal.md).
 */
export const sidebarContracts = {
  fullAllInfo: get(`${S}/fullAllInfo`, {
    tags,
    summary: '侧边栏（本机构→上级机构→租户默认→内置默认）',
    query: sidebarQuery,
    data: sidebarInfoAnswer,
  }),
  save: post(`${S}/saveSidebarInfo`, {
    permission: PcPortalPerm.SIDEBAR_SAVE,
    tags,
    summary: '保存侧边栏',
    body: saveSidebarBody,
  }),
  websites: get(`${S}/fullRecommendlWebInfoById`, {
    tags,
    summary: '推荐网站：id 取一条，否则取机构（默认本机构）及上级机构的网站；all=1 含停用的',
    query: websiteQuery,
    data: z.union([website, z.array(website)]),
  }),
  saveWebsite: post(`${S}/saveRecommendlWeb`, {
    permission: PcPortalPerm.WEBSITE_ADD,
    tags,
    summary: '新增推荐网站',
    body: saveWebsiteBody,
    data: z.number(),
  }),
  updateWebsite: post(`${S}/updateRecommendlWeb`, {
    permission: PcPortalPerm.WEBSITE_EDIT,
    tags,
    summary: '编辑推荐网站',
    body: updateWebsiteBody,
  }),
  deleteWebsite: get(`${S}/deleteRecommendlWebById`, {
    permission: PcPortalPerm.WEBSITE_DELETE,
    tags,
    summary: '删除推荐网站',
    query: websiteIdQuery,
  }),
}

/** Public: the login page reads it signed out (by org or tenant), with the running version. */
export const systemInfoContracts = {
  get: get('/base/api/systemInfo/get', {
    public: true,
    tags: ['PC门户'],
    summary: '系统信息（未登录可读，含版本号）',
    query: systemInfoQuery,
    data: systemInfoAnswer,
  }),
}

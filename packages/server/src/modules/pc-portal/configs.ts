import { PcPortalConfigName, PcPortalPerm, portalMenuConfig, sidebarInfo, systemInfoConfig } from '@zhixiao/shared'
import { readFileSync } from 'node:fs'
import type { NamedConfig } from '../portal-config/named-config.js'

/** PortalMenuConfig (001 §7.5 configMgr): the PC portal menu tabs; read by the portal header. */
export const portalMenuCfg: NamedConfig<typeof portalMenuConfig> = {
  name: PcPortalConfigName.MENU,
  label: '门户菜单',
  schema: portalMenuConfig,
  permission: PcPortalPerm.MENU_SAVE,
}

/** The floating sidebar of the PC portal homes (/base/api/Sidebar). */
export const sidebarCfg: NamedConfig<typeof sidebarInfo> = {
  name: PcPortalConfigName.SIDEBAR,
  label: '侧边栏',
  schema: sidebarInfo,
  permission: PcPortalPerm.SIDEBAR_SAVE,
}

/** System info (/menhu-systems): login footer and the 关于系统 dialog. */
export const systemInfoCfg: NamedConfig<typeof systemInfoConfig> = {
  name: PcPortalConfigName.SYS_INFO,
  label: '系统信息',
  schema: systemInfoConfig,
  permission: PcPortalPerm.SYS_INFO_SAVE,
}

/** The running server's version: packages/server/package.json, read once (the server runs from its source tree). */
export const SERVER_VERSION: string = (() => {
  try {
    const pkg = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as {
      version?: unknown
    }
    return typeof pkg.version === 'string' ? pkg.version : '0.0.0'
  } catch {
    return '0.0.0'
  }
})()

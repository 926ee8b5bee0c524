import type { RouteMeta } from './route-basics.js'

/**
 * Alliance pages (001 §2.1; docs/alliance.md). The portal pages use the alliance layout; the management pages the
 * home layout, guarded by the alliance codes (the server checks again, against the alliance's org tree).
 */
export const ALLIANCE_ROUTES: RouteMeta[] = [
  { path: '/alliancePortal/systemNav/index', title: '联盟应用', layout: 'alliance', hidden: true },
  {
    path: '/allianceManage/allianceUser',
    title: '联盟成员',
    layout: 'home',
    permission: 'alliance_manage',
    hidden: true,
  },
  { path: '/allianceManage/setting', title: '联盟设置', layout: 'home', permission: 'alliance_manage', hidden: true },
  { path: '/allianceManage/join', title: '我的联盟', layout: 'home', hidden: true },
]

/** Where a page of an alliance goes: its portal with the alliance named (?orgId=). */
export const alliancePortalPath = (orgId: number, page: 'home' | 'systemNav/index' = 'home') =>
  `/alliancePortal/${page}?orgId=${orgId}`

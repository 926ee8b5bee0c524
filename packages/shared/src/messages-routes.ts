import type { RouteMeta } from './route-basics.js'

const t = 'sc_menhu_mobile_t'
const p = 'sc_menhu_mobile_p'

/**
 * Messages and service accounts (docs/messages.md "Messages and service accounts"): the message centre of every
 * signed-in account (PC and phone), the service account and its message templates, the external-hire
 * mini-program, and the WeChat / DingTalk settings of the teacher and parent terminals.
 */
export const MESSAGE_ROUTES: RouteMeta[] = [
  { path: '/portal/messages', title: '消息中心', layout: 'home', hidden: true },
  { path: '/mobile/messages', title: '消息', layout: 'mobile', hidden: true },
  { path: '/menhu-accounts/index', title: '服务号配置', layout: 'default', permission: 'sc_menhu_service_config' },
  {
    path: '/menhu-accounts/configure',
    title: '消息模板配置',
    layout: 'default',
    permission: 'sc_menhu_service_config',
  },
  { path: '/menhu-waipin/index', title: '外聘小程序', layout: 'default', permission: 'sc_menhu_employee_mini' },
  {
    path: '/menhu-waipin/addConfigWX',
    title: '微信小程序配置',
    layout: 'default',
    permission: 'sc_menhu_employee_mini',
    hidden: true,
  },
  {
    path: '/menhu-waipin/addConfigDD',
    title: '钉钉小程序配置',
    layout: 'default',
    permission: 'sc_menhu_employee_mini',
    hidden: true,
  },
  { path: '/menhu-teacher/wenlist', title: '微信配置', layout: 'default', permission: t },
  { path: '/menhu-addwenxin', title: '微信公众号配置', layout: 'default', permission: t, hidden: true },
  { path: '/menhu-teacher/dingTalk', title: '钉钉配置', layout: 'default', permission: t },
  { path: '/menhu-teacher/addDingTalk', title: '钉钉应用配置', layout: 'default', permission: t, hidden: true },
  { path: '/menhu-teacher/dingMessageindex', title: '消息模板映射', layout: 'default', permission: t },
  { path: '/menhu-teacher/addModel', title: '模板映射配置', layout: 'default', permission: t, hidden: true },
  { path: '/menhu-parent/wenlist', title: '微信配置', layout: 'default', permission: p },
  { path: '/menhu-parent/dingTalk', title: '钉钉配置', layout: 'default', permission: p },
  { path: '/menhu-parent/addDingTalk', title: '钉钉应用配置', layout: 'default', permission: p, hidden: true },
  { path: '/menhu-parent/dingMessageindex', title: '消息模板映射', layout: 'default', permission: p },
  { path: '/menhu-parent/addModel', title: '模板映射配置', layout: 'default', permission: p, hidden: true },
]

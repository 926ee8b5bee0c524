import type { MpPlatform, MpScope } from '@zhixiao/shared'

/** What each WeChat / DingTalk page shows: the scope (whose codes guard it), its platforms and its pages. */
export interface MpPage {
  scope: MpScope
  platforms: readonly MpPlatform[]
  list: string
  form?: Partial<Record<MpPlatform, string>>
  map?: string
  mapForm?: string
  note?: string
}

const WHO = { teacher: '教师', parent: '家长和学生' } as const
/** What the server does with a terminal's apps (notify.ts terminalApps), said on its page. */
const note = (g: 'teacher' | 'parent', platforms: readonly MpPlatform[]) =>
  platforms.includes('wx_mp')
    ? `启用后，发给${WHO[g]}的消息中，在“消息模板映射”里配置了模板ID的事件，同时以微信模板消息推送给已绑定本公众号的${WHO[g]}。`
    : `启用后，发给${WHO[g]}的消息同时以钉钉工作通知发送（按手机号匹配钉钉用户，需填写AgentId）；在“消息模板映射”里配置了模板ID的事件使用该模板，其余以文本通知发送。`

const group = (g: 'teacher' | 'parent', platforms: readonly MpPlatform[], list: string): MpPage => ({
  scope: g,
  platforms,
  list,
  note: note(g, platforms),
  form: { ...(g === 'teacher' ? { wx_mp: '/menhu-addwenxin' } : {}), dd_mini: `/menhu-${g}/addDingTalk` },
  map: `/menhu-${g}/dingMessageindex`,
  mapForm: `/menhu-${g}/addModel`,
})

export const MP_PAGES: Record<string, MpPage> = {
  '/menhu-accounts/index': { scope: 'service', platforms: ['wx_mp', 'wx_mini'], list: '/menhu-accounts/index' },
  '/menhu-waipin/index': {
    scope: 'waipin',
    platforms: ['wx_mini', 'dd_mini'],
    list: '/menhu-waipin/index',
    form: { wx_mini: '/menhu-waipin/addConfigWX', dd_mini: '/menhu-waipin/addConfigDD' },
    note: '启用后，外聘人员在本小程序中授权手机号（微信）或免登（钉钉）即可查看本人的外聘工作证：须已在“外聘人员”中登记、启用且在合同期内；停用的小程序不能使用。',
  },
  '/menhu-teacher/wenlist': group('teacher', ['wx_mp'], '/menhu-teacher/wenlist'),
  '/menhu-teacher/dingTalk': group('teacher', ['dd_mini'], '/menhu-teacher/dingTalk'),
  '/menhu-parent/wenlist': group('parent', ['wx_mp'], '/menhu-parent/wenlist'),
  '/menhu-parent/dingTalk': group('parent', ['dd_mini'], '/menhu-parent/dingTalk'),
}

/** The form pages: scope, platform and the list to go back to. */
export const MP_FORMS: Record<string, { scope: MpScope; platform: MpPlatform; back: string }> = {
  '/menhu-waipin/addConfigWX': { scope: 'waipin', platform: 'wx_mini', back: '/menhu-waipin/index' },
  '/menhu-waipin/addConfigDD': { scope: 'waipin', platform: 'dd_mini', back: '/menhu-waipin/index' },
  '/menhu-addwenxin': { scope: 'teacher', platform: 'wx_mp', back: '/menhu-teacher/wenlist' },
  '/menhu-teacher/addDingTalk': { scope: 'teacher', platform: 'dd_mini', back: '/menhu-teacher/dingTalk' },
  '/menhu-parent/addDingTalk': { scope: 'parent', platform: 'dd_mini', back: '/menhu-parent/dingTalk' },
}

/** The template-mapping pages of the teacher and parent terminals. */
export const MP_MAPS: Record<string, { scope: MpScope; form: string; back: string }> = {
  '/menhu-teacher/dingMessageindex': {
    scope: 'teacher',
    form: '/menhu-teacher/addModel',
    back: '/menhu-teacher/dingMessageindex',
  },
  '/menhu-teacher/addModel': {
    scope: 'teacher',
    form: '/menhu-teacher/addModel',
    back: '/menhu-teacher/dingMessageindex',
  },
  '/menhu-parent/dingMessageindex': {
    scope: 'parent',
    form: '/menhu-parent/addModel',
    back: '/menhu-parent/dingMessageindex',
  },
  '/menhu-parent/addModel': { scope: 'parent', form: '/menhu-parent/addModel', back: '/menhu-parent/dingMessageindex' },
}

import { UserType } from '@zhixiao/shared'

/**
 * 帮助中心 content for members (docs/portal-config.md "帮助中心"): what a staff member, a student or a parent does in this
 * portal, in the order they meet it. Kept in code beside the page; each topic describes a feature that exists.
 * `link` is an in-portal page the topic is about; `when` limits a topic to a state of the user.
 */
export interface HelpTopic {
  key: string
  title: string
  steps: string[]
  link?: { to: string; label: string }
  /** Shown only when the complaints entry is open to the user (complaint) or they have an admin page (admin). */
  when?: 'complaint' | 'noComplaint' | 'admin'
}

const SIGN_IN: HelpTopic = {
  key: 'signin',
  title: '登录与退出',
  steps: [
    '在登录页输入学校发放的用户名和密码后点击“登录”。首次登录或密码到期时，系统会先要求修改密码。',
    '账号属于多个机构时，登录后在机构列表中选择要进入的机构并点击“确定”。',
    '点击右上角的头像或姓名，在菜单中选择“退出”即可安全退出。',
  ],
}
const PASSWORD: HelpTopic = {
  key: 'password',
  title: '修改密码',
  steps: [
    '点击右上角头像，选择“修改密码”。',
    '输入当前密码，再输入两次新密码（两次必须一致，并符合弹窗下方的密码规则）。',
    '修改成功后需要用新密码重新登录。',
  ],
}
const SWITCH_ORG: HelpTopic = {
  key: 'org',
  title: '切换机构',
  steps: [
    '在多个机构任职或有多个身份时，点击右上角头像，选择“切换机构”，在列表中选择后进入对应机构的门户。',
    '只有一个机构时会提示“当前账号只有一个机构”。',
  ],
}
const PERSONAL: HelpTopic = {
  key: 'personal',
  title: '个人中心',
  link: { to: '/oneselfCenter', label: '打开个人中心' },
  steps: ['点击右上角头像，选择“个人中心”，查看姓名、账号、手机号、身份、当前机构和角色，以及您所属的全部机构。'],
}
const APPS: HelpTopic = {
  key: 'apps',
  title: '应用与常用',
  steps: [
    '点击顶部的“应用”打开应用中心：左侧是应用分组，可在搜索框按名称查找；这里只列出您的身份可以使用、且学校已开通的应用。',
    '点击应用图标即可打开；最近打开的应用会列在“最近”一栏，方便再次打开。',
    '点击应用右上角的星标可加入“常用”，再次点击取消。顶部的“常用”和首页的“常用应用”会列出这些应用，也可以在“常用”中移除或清空。',
    '应用提示“此应用已废弃”或“此应用已过期”时，请联系学校管理员。',
  ],
}
const NEWS: HelpTopic = {
  key: 'news',
  title: '通知公告',
  steps: [
    '首页列出学校和教育局发布的通知与动态，点击标题查看详情，点击“更多”查看全部。',
    '标有“待确认”的通知，请阅读后点击详情页中的“确认已阅”。',
  ],
}
const COMPLAINT: HelpTopic = {
  key: 'complaint',
  title: '投诉建议',
  when: 'complaint',
  link: { to: '/complaintSuggest/submit', label: '去提交投诉建议' },
  steps: [
    '点击右上角头像，选择“投诉建议”（或点击顶部的留言图标）。',
    '选择分类，填写标题和内容，可留下手机号；学校允许时可勾选匿名，处理人将看不到您的姓名和手机号。',
    '提交后在同一页面的“我的投诉建议”中查看处理状态（待处理、处理中、已处理）和处理回复。',
  ],
}
const NO_COMPLAINT: HelpTopic = {
  key: 'complaint',
  title: '投诉建议',
  when: 'noComplaint',
  steps: ['本机构目前未向您的身份开放投诉建议。开放后，右上角头像菜单中会出现“投诉建议”，可在那里提交并查看回复。'],
}

const STAFF: HelpTopic[] = [
  SIGN_IN,
  APPS,
  {
    ...SWITCH_ORG,
    steps: [
      '在多所学校任职（或兼任教育局工作）时，点击右上角头像，选择“切换机构”，选择要进入的学校；各学校的门户、应用和常用相互独立。',
      SWITCH_ORG.steps[1]!,
    ],
  },
  PASSWORD,
  NEWS,
  COMPLAINT,
  NO_COMPLAINT,
  {
    key: 'handle',
    title: '处理投诉建议',
    when: 'complaint',
    steps: [
      '被学校设为某个分类的处理人后，投诉建议页面会出现“处理投诉建议”按钮和待处理数量；在其中查看内容、填写回复并把状态改为处理中或已处理。',
    ],
  },
  PERSONAL,
  {
    key: 'admin',
    title: '管理员设置',
    when: 'admin',
    link: { to: '/base-useRoute/index', label: '查看使用指南' },
    steps: [
      '您有管理权限：点击顶部的齿轮图标进入管理后台；学校开始使用前请按使用指南的顺序设置机构、楼宇教室、校历、年级、班级、学科和人员。',
    ],
  },
]

const STUDENT: HelpTopic[] = [
  {
    ...SIGN_IN,
    steps: [...SIGN_IN.steps.slice(0, 1), '登录后进入个人门户，首页有常用应用和通知公告。', SIGN_IN.steps[2]!],
  },
  APPS,
  PASSWORD,
  {
    key: 'forgot',
    title: '忘记密码',
    steps: ['学生账号由学校创建。忘记密码时，请联系班主任或学校管理员重置密码，再用新密码登录并按提示修改。'],
  },
  NEWS,
  COMPLAINT,
  NO_COMPLAINT,
  PERSONAL,
]

const PARENT: HelpTopic[] = [
  {
    ...SIGN_IN,
    steps: [...SIGN_IN.steps.slice(0, 1), '登录后进入个人门户，首页有常用应用和通知公告。', SIGN_IN.steps[2]!],
  },
  {
    key: 'child',
    title: '孩子在不同学校',
    steps: [
      '家长账号与孩子的对应关系由学校维护。孩子在不同学校就读时，您在每所学校各有一个机构身份。',
      '点击右上角头像，选择“切换机构”，进入孩子所在学校的门户，查看该校的通知和应用。',
      '孩子的班级、家长关系等信息有误时，请联系班主任或学校管理员修改。',
    ],
  },
  APPS,
  PASSWORD,
  NEWS,
  COMPLAINT,
  NO_COMPLAINT,
  PERSONAL,
]

export const HELP_BY_TYPE: Record<UserType, { label: string; intro: string; topics: HelpTopic[] }> = {
  [UserType.STAFF]: { label: '教职工', intro: '以下说明面向学校和教育局的教职工。', topics: STAFF },
  [UserType.STUDENT]: { label: '学生', intro: '以下说明面向学生。', topics: STUDENT },
  [UserType.PARENT]: { label: '家长', intro: '以下说明面向家长。', topics: PARENT },
}

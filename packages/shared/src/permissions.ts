/**
 * The permission catalogue: apps → menus → pages → buttons. Seeded into the database by the server and
 * read by the web app to filter menus and dim buttons. Codes named by the spec are used verbatim; the
 * base-data page and button codes the spec leaves unnamed follow the `base_*` pattern documented in
 * docs/permissions.md.
 */
import { PI_EXPORT_FULL_PERMISSION, PI_EXPORT_PAGE_PERMISSION, PI_OFFICER_PERMISSION } from './privacy/export-codes.js'
import { ROLLOVER_MANAGE_PERMISSION, ROLLOVER_PAGE_PERMISSION } from './rollover-codes.js'
import { PI_REVEAL_PERMISSION, PI_REVEAL_PERMISSION_NAME } from './privacy/personal-fields.js'
import {
  TRANSFER_APPLY_PERMISSION,
  TRANSFER_BUREAU_PERMISSION,
  TRANSFER_OUT_PERMISSION,
  TRANSFER_PAGE_PERMISSION,
} from './transfers.js'

export type PermissionKind = 'app' | 'menu' | 'page' | 'button'
export interface PermissionNode {
  code: string
  name: string
  kind: PermissionKind
  children?: PermissionNode[]
}

const btn = (code: string, name: string): PermissionNode => ({ code, name, kind: 'button' })
const page = (code: string, name: string, children?: PermissionNode[]): PermissionNode =>
  children ? { code, name, kind: 'page', children } : { code, name, kind: 'page' }
const menu = (code: string, name: string, children: PermissionNode[]): PermissionNode => ({
  code,
  name,
  kind: 'menu',
  children,
})

export const PERMISSION_CATALOGUE: PermissionNode[] = [
  {
    code: 'sc_menhu_app',
    name: '统一门户',
    kind: 'app',
    children: [
      menu('sc_menhu_menu', '门户首页', [
        page('sc_menhu_menu_jujiguan', '局机关门户'),
        page('sc_menhu_menu_school', '学校门户'),
        page('sc_menhu_menu_person', '个人门户'),
        page('sc_menhu_menu_class', '班级门户'),
      ]),
      menu('sc_menhu', '门户管理', [
        page('sc_menhu_pc', 'PC端', [
          btn('sc_menhu_pc_weather', '天气配置'),
          btn('sc_menhu_pc_class_home_save', '保存班级主页配置'),
          btn('sc_menhu_pc_outer_limit_save', '维护公共门户访问限制'),
          btn('sc_menhu_pc_menu_save', '保存门户菜单'),
          btn('sc_menhu_pc_sidebar_save', '保存侧边栏'),
          btn('sc_menhu_pc_website_add', '新增推荐网站'),
          btn('sc_menhu_pc_website_edit', '编辑推荐网站'),
          btn('sc_menhu_pc_website_delete', '删除推荐网站'),
          btn('sc_menhu_pc_assistant_config', '保存智能客服配置'),
          btn('sc_menhu_pc_assistant_add', '新增帮助文档'),
          btn('sc_menhu_pc_assistant_edit', '编辑帮助文档'),
          btn('sc_menhu_pc_assistant_delete', '删除帮助文档'),
        ]),
        page('sc_menhu_mobile_t', '教师移动端', [
          btn('sc_menhu_mobile_t_add', '新增'),
          btn('sc_menhu_mobile_t_edit', '编辑'),
          btn('sc_menhu_mobile_t_delete', '删除'),
        ]),
        page('sc_menhu_mobile_p', '家长学生移动端', [
          btn('sc_menhu_mobile_p_add', '新增'),
          btn('sc_menhu_mobile_p_edit', '编辑'),
          btn('sc_menhu_mobile_p_delete', '删除'),
        ]),
        page('sc_menhu_service_config', '服务号配置', [
          btn('sc_menhu_service_config_edit', '保存服务号'),
          btn('sc_menhu_service_config_template', '消息模板维护'),
        ]),
        page('sc_menhu_newFeedback_config', '投诉建议', [
          btn('sc_menhu_newFeedback_config_base_config', '基础配置'),
          btn('sc_menhu_newFeedback_config_list', '投诉建议列表'),
        ]),
        page('sc_menhu_redot_mgr', '红点管理', [btn('sc_menhu_redot_mgr_save', '保存红点规则')]),
        page('sc_menhu_app_mgr', '应用管理'),
        page('sc_menhu_sys_info', '系统信息', [btn('sc_menhu_sys_info_save', '保存系统信息')]),
        page('sc_menhu_mobile_en', '移动端设置', [btn('sc_menhu_mobile_en_edit', '保存设置')]),
        page('sc_menhu_sms_config', '短信配置'),
        page('sc_menhu_third_config', '第三方登录配置'),
        page('sc_menhu_employee_mini', '外聘小程序', [btn('sc_menhu_employee_mini_edit', '保存配置')]),
      ]),
      page('cms_news_mgr', '新闻管理'),
    ],
  },
  {
    code: 'permission_app',
    name: '角色权限',
    kind: 'app',
    children: [
      page('permission_role', '角色授权'),
      page('permission_f_user', '权限用户查询'),
      page('permission_f_p', '用户权限查询'),
      page('permission_operation_log', '操作日志'),
    ],
  },
  {
    code: 'base_app',
    name: '基础数据',
    kind: 'app',
    children: [
      page('base_set', '基础设置'),
      page('base_organization', '组织机构', [
        btn('base_org_add', '新增'),
        btn('base_org_edit', '编辑'),
        btn('base_org_enable', '启用/停用'),
        btn('base_org_delete', '删除'),
      ]),
      page('base_build_lot', '楼宇教室', [
        btn('base_room_attr', '属性设置'),
        btn('base_room_use', '教室用途'),
        btn('base_room_add', '新增'),
        btn('base_room_edit', '编辑'),
        btn('base_room_delete', '删除'),
        btn('base_room_batch_move', '批量移动'),
        btn('base_room_enable', '启用/停用'),
        btn('base_room_type', '类型设置'),
        btn('base_building_add', '新增楼宇'),
        btn('base_building_edit', '编辑楼宇'),
        btn('base_building_delete', '删除楼宇'),
        btn('base_room_tags', '标签'),
      ]),
      page('base_school', '学校设置'),
      // The school year's roll-over (docs/school-year.md): the page for a school's preview, the button for the plan.
      page(ROLLOVER_PAGE_PERMISSION, '学年结转', [btn(ROLLOVER_MANAGE_PERMISSION, '创建/审批/执行/撤销结转')]),
      page('base_user_account', '人员管理', [
        btn('base_teacher_join_audit', '加入审核'),
        btn('base_teacher_change_type', '异动'),
        btn('base_teacher_add', '新增教师'),
        btn('base_teacher_edit', '编辑教师'),
        btn('base_teacher_delete', '删除教师'),
        btn('base_teacher_enable', '启用/停用教师'),
        btn('base_teacher_archive', '归档恢复教师'),
        btn('base_teacher_reset_pwd', '重置教师密码'),
        btn('base_teacher_export', '导出教师'),
        btn('base_student_change_type', '学生异动'),
        btn('base_student_add', '新增学生'),
        btn('base_student_edit', '编辑学生'),
        btn('base_student_change_class', '调班'),
        btn('base_student_delete', '删除学生'),
        btn('base_student_enable', '启用/停用学生'),
        btn('base_student_archive', '归档恢复学生'),
        btn('base_student_parent', '家长管理'),
        btn('base_student_reset_pwd', '重置学生密码'),
        btn('base_parent_add', '新增家长'),
        btn('base_parent_delete', '删除家长'),
        btn('base_parent_manage', '管理家长'),
        btn('base_parent_export', '导出家长'),
        btn(PI_REVEAL_PERMISSION, PI_REVEAL_PERMISSION_NAME),
        btn(PI_EXPORT_FULL_PERMISSION, '申请导出完整信息'),
      ]),
      page('base_log_monitor', '关键日志监控'),
      page('base_privacy_log', '个人信息访问日志'),
      page(PI_OFFICER_PERMISSION, '个人信息保护负责人'),
      page(PI_EXPORT_PAGE_PERMISSION, '导出申请'),
      page('base_privacy_retention', '个人信息保留期限'),
      page('base_privacy_request', '家长信息申请'),
      page('base_privacy_notice', '隐私政策与服务条款'),
      page('base_privacy_audit', '年度合规审计'),
      // The autumn statistics (docs/school-year.md): schools see their own figures, the bureau takes the snapshot.
      page('base_school_stats', '秋季统计', [btn('base_school_stats_snapshot', '生成统计快照')]),
      page('base_search_person', '人员查询'),
      // Transfers between the district's schools (docs/school-year.md "Transfers").
      page(TRANSFER_PAGE_PERMISSION, '转学管理', [
        btn(TRANSFER_APPLY_PERMISSION, '转入申请'),
        btn(TRANSFER_OUT_PERMISSION, '转出审核'),
        btn(TRANSFER_BUREAU_PERMISSION, '教育局审核'),
      ]),
      // The school year (docs/school-year.md): feeder schools (the bureau's) and a school's intake.
      page('base_feeder_school', '对口学校'),
      page('base_intake', '新生入学'),
      page('base_communal_fields', '公共字段'),
    ],
  },
  {
    // School alliances (docs/alliance.md): founding and running one, and an org's own applications.
    code: 'alliance_app',
    name: '学校联盟',
    kind: 'app',
    children: [page('alliance_manage', '联盟管理'), page('alliance_join', '加入联盟')],
  },
  {
    code: 'iot_ysgw_dev',
    name: '物联网平台',
    kind: 'app',
    children: [
      page('iot_ysgw_dev_data', '数据概览'),
      page('iot_ysgw_dev_dev', '物联设备'),
      page('iot_ysgw_dev_i', '智能设备'),
      page('iot_ysgw_dev_zd', '魔盒/魔屏'),
      page('iot_ysgw_dev_t', '设备管理'),
      page('iot_ysgw_dev_p', '位置管理'),
    ],
  },
]

export interface FlatPermission {
  code: string
  name: string
  kind: PermissionKind
  parentCode: string | null
  sort: number
}

export function flattenCatalogue(nodes: PermissionNode[] = PERMISSION_CATALOGUE): FlatPermission[] {
  const out: FlatPermission[] = []
  const walk = (list: PermissionNode[], parentCode: string | null) => {
    for (const n of list) {
      out.push({ code: n.code, name: n.name, kind: n.kind, parentCode, sort: out.length })
      if (n.children) walk(n.children, n.code)
    }
  }
  walk(nodes, null)
  return out
}

export const ALL_PERMISSION_CODES: readonly string[] = flattenCatalogue().map((p) => p.code)

import { flattenCatalogue, Msg, PeopleMsg, UserType } from '@zhixiao/shared'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createRole } from '../src/modules/tenant/provisioning.js'
import {
  call,
  createTestApp,
  loginToken,
  makePerson,
  makeWorld,
  staffOf,
  type Staff,
  type TestApp,
  type World,
} from './helpers.js'

/**
 * Every button code of the permission catalogue (000 §6) guards a real action: a member holding every other code
 * is refused it (403 暂无权限) and nothing is written, and the same action succeeds for a member holding the code.
 * The table below names each code's action; a code added to the catalogue without an entry fails the first test,
 * so no button can stay untested. The generated permission matrix (permission-matrix.test.ts) proves each route's
 * check with empty bodies; this file proves the actions themselves go through.
 */
let t: TestApp
let w: World
let s: Staff
let allCodes: string[]
/** A member of the school holding every catalogue code (not the builtin admin role, which needs none). */
let holder: string
/** A staff member of the school, the handler a complaint class needs. */
let handlerId: number
const lacking = new Map<string, string>()
const holding = new Map<string, string>()

const T = '/base/api/userInfo/teacherInfo'
const S = '/base/api/userInfo/studentInfo'
const P = '/base/api/userInfo/parentBindChild'
const B = '/base/api/buildings'
const F = '/base/api/floor'
const R = '/base/api/classroom'
const ORG = '/base/api/organizationUnit'

let seq = 0
const n = () => `${process.pid % 10000}${++seq}`
const phone = () => `137${String(process.pid % 10000).padStart(4, '0')}${String(++seq).padStart(4, '0')}`

/** What an action sends: a JSON body (POST) or none (GET). Built afresh for each call, so each has its own fixture. */
interface Request {
  method?: 'GET' | 'POST'
  url: string
  body?: unknown
}
interface Action {
  /** Prepares the fixture (as the school admin) and names the call. */
  make: () => Promise<Request>
  /** The answer a success gives: code 0 (with this msg when given), or a file of this content type. */
  expect: { msg?: string } | { file: string }
  /**
   * A setting of the whole tenant (001 §6): only the top organisation's administrator saves it, so the member
   * lacking the code sits at the top organisation and the bureau's administrator (who holds every code) does it.
   */
  top?: boolean
  /** Other codes that grant the same action by design (they are withheld too when proving this one is needed). */
  alsoGrantedBy?: string[]
  /** The success is done by a member holding only these codes (a code that shares its action with another). */
  holderCodes?: string[]
}

// Fixtures, made by the school's administrator.
const admin = (url: string, body?: unknown) => call(t, { url, body, token: s.schoolAdmin })
async function aClass(): Promise<number> {
  const g = await admin('/base/api/grade/add', { name: `${n()}级`, entryYear: 2026 })
  return (await admin('/base/api/class/add', { gradeId: g.data, name: `${n()}班` })).data
}
const aStudent = async () =>
  (await admin(`${S}/add`, { trueName: '按钮生', jobNo: `BTN${n()}`, classId: await aClass() })).data as number
/** A student of the second school (测试二中), made by its administrator. */
async function aStudentOf2(): Promise<number> {
  const as2 = (url: string, body: unknown) => call(t, { url, body, token: s.school2Admin })
  const g = await as2('/base/api/grade/add', { name: `${n()}级`, entryYear: 2026 })
  const c = await as2('/base/api/class/add', { gradeId: g.data, name: `${n()}班` })
  return (await as2(`${S}/add`, { trueName: '转学生', jobNo: `TR${n()}`, classId: c.data })).data as number
}
/** A transfer of a student of 测试一小 that 测试二中 applied for; agreed by 测试一小 when `agreed`. */
async function aTransfer(agreed: boolean): Promise<number> {
  const id = (
    await call(t, {
      url: '/base/api/transfer/apply',
      token: s.school2Admin,
      body: { userInfoId: await aStudent(), reason: '按钮测试' },
    })
  ).data as number
  if (agreed) await admin('/base/api/transfer/outAgree', { id })
  return id
}
const aTeacher = async () => (await admin(`${T}/add`, { trueName: '按钮老师', phone: phone() })).data as number
/** The tenant's personal-information officer (a bureau member), named once by the bureau's administrator. */
let officerNamed = false
async function anOfficer(): Promise<void> {
  if (officerNamed) return
  const p = await makePerson(t, w.tenantId, {
    memberships: [{ orgId: w.bureauId, userType: UserType.STAFF, roleIds: [w.roles.staff] }],
  })
  const r = await call(t, {
    url: '/base/api/privacy/officer/save',
    token: s.bureauAdmin,
    body: { officerUserInfoId: p.userInfoIds[0], minorRowLimit: null },
  })
  expect(r.code).toBe(0)
  officerNamed = true
}
async function aParent(): Promise<{ parentId: number; childId: number }> {
  const childId = await aStudent()
  const parentId = (await admin(`${P}/add`, { trueName: '按钮家长', phone: phone(), childId, relation: '母亲' }))
    .data as number
  return { parentId, childId }
}
const aBuilding = async () => (await admin(`${B}/add`, { name: `按钮楼${n()}`, floorCount: 2 })).data as number
const floorsOf = async (buildingId: number) =>
  (await admin(`${F}/list?buildingId=${buildingId}`)).data as { id: number }[]
async function aRoom(): Promise<{ id: number; buildingId: number }> {
  const buildingId = await aBuilding()
  const [floor] = await floorsOf(buildingId)
  return { id: (await admin(`${R}/add`, { floorId: floor!.id, name: `按钮室${n()}` })).data, buildingId }
}
const aChangeType = async (dictType: string) =>
  (await call(t, { url: '/base/api/dict/add', token: s.bureauAdmin, body: { dictType, name: `按钮异动${n()}` } }))
    .data as number
/** A named portal config saved back as it reads (001 §7.5 get<Key> / set<Key>): the save itself is the action. */
async function roundTrip(key: string): Promise<Request> {
  const {
    orgId: _orgId,
    source: _source,
    ...value
  } = (await admin(`/base/configMgr/get${key}`)).data as Record<string, unknown>
  return { url: `/base/configMgr/set${key}`, body: { value } }
}
const Q = '/base/mobileHomeQuick'
const aQuickGroup = async (roleKey: string) =>
  (await admin(`${Q}/addMobileHomeAppGroup`, { roleKey, name: `分组${n()}` })).data as number
const aWebsite = async () =>
  (await admin('/base/api/Sidebar/saveRecommendlWeb', { name: `网站${n()}`, url: 'https://www.example.cn' }))
    .data as number
const anArticle = async () =>
  (
    await call(t, {
      url: '/base/api/assistant/article/add',
      token: s.bureauAdmin,
      body: { title: `按钮文档${n()}`, body: '正文' },
    })
  ).data as number
const mpApp = (platform: string, name: string) => ({
  platform,
  name,
  appId: `wx${n()}`,
  appSecret: 'S3cretS3cretS3cretS3cret',
})
const aDepartment = async () =>
  (await admin(`${ORG}/add`, { parentId: w.schoolId, name: `按钮部门${n()}`, orgType: 'depart' })).data as number

/** The catalogue's button codes and the action each one guards. */
const ACTIONS: Record<string, Action> = {
  // Organisations (base_organization).
  base_org_add: {
    make: async () => ({
      url: `${ORG}/add`,
      body: { parentId: w.schoolId, name: `按钮部门${n()}`, orgType: 'depart' },
    }),
    expect: { msg: '新增成功' },
  },
  base_org_edit: {
    make: async () => ({ url: `${ORG}/update`, body: { orgId: await aDepartment(), name: `改名部门${n()}` } }),
    expect: { msg: '编辑成功' },
  },
  base_org_enable: {
    make: async () => ({ method: 'GET', url: `${ORG}/status/new?orgId=${await aDepartment()}&status=1` }),
    expect: { msg: '停用成功' },
  },
  base_org_delete: {
    make: async () => ({ method: 'GET', url: `${ORG}/delete/new?orgId=${await aDepartment()}` }),
    expect: { msg: '删除成功' },
  },
  // Buildings and rooms (base_build_lot).
  base_building_add: {
    make: async () => ({ url: `${B}/add`, body: { name: `按钮楼${n()}`, floorCount: 1 } }),
    expect: { msg: '新增成功' },
  },
  base_building_edit: {
    make: async () => ({ url: `${B}/update`, body: { id: await aBuilding(), name: `改名楼${n()}` } }),
    expect: { msg: '编辑成功' },
  },
  base_building_delete: {
    make: async () => ({ url: `${B}/delete`, body: { id: await aBuilding() } }),
    expect: { msg: '删除成功' },
  },
  base_room_add: {
    make: async () => ({
      url: `${R}/add`,
      body: { floorId: (await floorsOf(await aBuilding()))[0]!.id, name: `按钮室${n()}` },
    }),
    expect: { msg: '新增成功' },
  },
  base_room_edit: {
    make: async () => ({ url: `${R}/update`, body: { id: (await aRoom()).id, name: `改名室${n()}` } }),
    expect: { msg: '编辑成功' },
  },
  base_room_delete: {
    make: async () => ({ url: `${R}/delete`, body: { id: (await aRoom()).id } }),
    expect: { msg: '删除成功' },
  },
  base_room_enable: {
    make: async () => ({ url: `${R}/updateStatus`, body: { id: (await aRoom()).id, status: 1 } }),
    expect: { msg: '停用成功' },
  },
  base_room_attr: {
    make: async () => ({ url: `${R}/setAttr`, body: { roomIds: [(await aRoom()).id], capacity: 40 } }),
    expect: { msg: '已设置1间教室' },
  },
  base_room_batch_move: {
    make: async () => {
      const room = await aRoom()
      return { url: `${R}/batchMove`, body: { roomIds: [room.id], floorId: (await floorsOf(room.buildingId))[1]!.id } }
    },
    expect: { msg: '已移动1间教室' },
  },
  base_room_tags: {
    make: async () => ({ url: '/base/api/tags/add', body: { name: `按钮标签${n()}` } }),
    expect: { msg: '新增成功' },
  },
  // 教室用途 and 类型设置 keep their dictionaries (DICT_BUTTON_PERMISSION).
  // Both dictionaries are of the public-field group, which base_communal_fields keeps too.
  base_room_use: {
    make: async () => ({
      url: '/base/api/dict/add',
      body: { dictType: 'roomUse', level: 'org', name: `按钮用途${n()}` },
    }),
    expect: { msg: '新增成功' },
    alsoGrantedBy: ['base_communal_fields'],
  },
  base_room_type: {
    make: async () => ({
      url: '/base/api/dict/add',
      body: { dictType: 'buildingType', level: 'org', name: `按钮类型${n()}` },
    }),
    expect: { msg: '新增成功' },
    alsoGrantedBy: ['base_communal_fields'],
  },
  // Teachers (base_user_account).
  base_teacher_add: {
    make: async () => ({ url: `${T}/add`, body: { trueName: '新老师', phone: phone() } }),
    expect: { msg: '新增成功' },
  },
  base_teacher_edit: {
    make: async () => ({ url: `${T}/update`, body: { id: await aTeacher(), trueName: '改名老师', phone: phone() } }),
    expect: { msg: '编辑成功' },
  },
  base_teacher_delete: {
    make: async () => ({ url: `${T}/delete`, body: { id: await aTeacher() } }),
    expect: { msg: '删除成功' },
  },
  base_teacher_enable: {
    make: async () => ({ url: `${T}/updateStatus`, body: { id: await aTeacher(), status: 1 } }),
    expect: { msg: '停用成功' },
  },
  base_teacher_archive: {
    make: async () => {
      const id = await aTeacher()
      await admin(`${T}/archive`, { ids: [id] })
      return { url: `${T}/resetArchive`, body: { ids: [id] } }
    },
    expect: { msg: '恢复成功' },
  },
  base_teacher_reset_pwd: {
    make: async () => ({ url: `${T}/resetPassword`, body: { id: await aTeacher() } }),
    expect: { msg: PeopleMsg.RESET_DONE },
  },
  base_teacher_export: { make: async () => ({ url: `${T}/export`, body: {} }), expect: { file: 'spreadsheetml' } },
  base_teacher_join_audit: {
    make: async () => ({ url: '/base/api/userInfo/joinAudit/page', body: {} }),
    expect: { msg: '操作成功' },
  },
  base_teacher_change_type: {
    make: async () => ({
      url: '/base/api/userInfo/change/add',
      body: {
        userInfoId: await aTeacher(),
        changeTypeId: await aChangeType('teacherChangeType'),
        effect: 'none',
        changedOn: '2026-11-20',
      },
    }),
    expect: { msg: '异动成功' },
  },
  // Students.
  base_student_add: {
    make: async () => ({ url: `${S}/add`, body: { trueName: '新学生', jobNo: `NEW${n()}`, classId: await aClass() } }),
    expect: { msg: '新增成功' },
  },
  base_student_edit: {
    make: async () => ({ url: `${S}/update`, body: { id: await aStudent(), trueName: '改名学生', jobNo: `ED${n()}` } }),
    expect: { msg: '编辑成功' },
  },
  base_student_change_class: {
    make: async () => ({ url: `${S}/changeClass`, body: { ids: [await aStudent()], classId: await aClass() } }),
    expect: { msg: '调班成功' },
  },
  base_student_delete: {
    make: async () => ({ url: `${S}/delete`, body: { id: await aStudent() } }),
    expect: { msg: '删除成功' },
  },
  base_student_enable: {
    make: async () => ({ url: `${S}/updateStatus`, body: { id: await aStudent(), status: 1 } }),
    expect: { msg: '停用成功' },
  },
  base_student_archive: {
    make: async () => {
      const id = await aStudent()
      await admin(`${S}/archive`, { ids: [id] })
      return { url: `${S}/resetArchive`, body: { ids: [id] } }
    },
    expect: { msg: '恢复成功' },
  },
  base_student_reset_pwd: {
    make: async () => ({ url: `${S}/resetPassword`, body: { id: await aStudent() } }),
    expect: { msg: PeopleMsg.RESET_DONE },
  },
  base_student_change_type: {
    make: async () => ({
      url: '/base/api/userInfo/change/add',
      body: {
        userInfoId: await aStudent(),
        changeTypeId: await aChangeType('studentChangeType'),
        effect: 'none',
        changedOn: '2026-11-20',
      },
    }),
    expect: { msg: '异动成功' },
  },
  // Parents.
  base_parent_add: {
    make: async () => ({
      url: `${P}/add`,
      body: { trueName: '新家长', phone: phone(), childId: await aStudent(), relation: '父亲' },
    }),
    expect: { msg: '新增成功' },
    alsoGrantedBy: ['base_student_parent'],
  },
  // 学生 → 家长管理: the student's parents drawer adds and unbinds parents, holding this code alone.
  base_student_parent: {
    make: async () => ({ url: `${P}/unbind`, body: await aParent() }),
    expect: { msg: '解除成功' },
    alsoGrantedBy: ['base_parent_manage'],
    holderCodes: ['base_user_account', 'base_student_parent'],
  },
  base_parent_manage: {
    make: async () => ({
      url: `${P}/bind`,
      body: { parentId: (await aParent()).parentId, childId: await aStudent(), relation: '母亲' },
    }),
    expect: { msg: '绑定成功' },
  },
  base_parent_delete: {
    make: async () => ({ url: `${P}/delete`, body: { id: (await aParent()).parentId } }),
    expect: { msg: '删除成功' },
  },
  base_parent_export: {
    make: async () => {
      await aParent()
      return { url: `${P}/export`, body: {} }
    },
    expect: { file: 'spreadsheetml' },
  },
  // Personal-data protection (docs/privacy.md): revealing one field of a person, with a reason.
  base_user_account_reveal: {
    make: async () => ({
      url: '/base/api/privacy/reveal',
      body: { userInfoId: await aStudent(), field: 'phone', reason: '核对联系方式' },
    }),
    expect: { msg: '已记录本次查看' },
  },
  // Export approval (docs/privacy.md): asking for a full-value export, once the tenant has its officer.
  base_user_account_export_full: {
    make: async () => {
      await anOfficer()
      return { url: '/base/api/privacy/export/request', body: { kind: 'student', filter: {}, purpose: '按钮测试用途' } }
    },
    expect: { msg: '已提交申请，请等待审批' },
  },
  // The school year's roll-over plan is the whole tenant's (docs/school-year.md): the bureau creates it.
  base_rollover_manage: {
    make: async () => ({ url: '/base/api/school-year/rollover/plan/create', body: { toSchoolYear: '2027-2028' } }),
    expect: { msg: '结转计划已创建' },
    top: true,
  },
  // Transfers (docs/school-year.md "Transfers"): 测试二中 applies for a student of 测试一小, which agrees; the bureau approves.
  base_transfer_apply: {
    make: async () => ({
      url: '/base/api/transfer/apply',
      body: { userInfoId: await aStudentOf2(), reason: '按钮测试' },
    }),
    expect: { msg: '已提交转入申请，待转出学校审核' },
  },
  base_transfer_out: {
    make: async () => ({ url: '/base/api/transfer/outAgree', body: { id: await aTransfer(false) } }),
    expect: { msg: '已同意转出，待教育局审核' },
  },
  base_transfer_bureau: {
    make: async () => ({ url: '/base/api/transfer/bureauApprove', body: { id: await aTransfer(true) } }),
    expect: { msg: '已批准' },
    top: true,
  },
  // PC portal (sc_menhu_pc).
  sc_menhu_pc_weather: { make: () => roundTrip('CampusWeatherConfig'), expect: { msg: '保存成功' } },
  sc_menhu_pc_class_home_save: { make: () => roundTrip('ClassHomeConfig'), expect: { msg: '保存成功' } },
  sc_menhu_pc_menu_save: { make: () => roundTrip('PortalMenuConfig'), expect: { msg: '保存成功' } },
  sc_menhu_redot_mgr_save: { make: () => roundTrip('RedotMsgConfig'), expect: { msg: '保存成功' } },
  sc_menhu_sys_info_save: { make: () => roundTrip('SystemInfoConfig'), expect: { msg: '保存成功' } },
  sc_menhu_pc_outer_limit_save: {
    make: async () => ({ url: '/base/portal/outer/setLimitType', body: { limitType: 1 } }),
    expect: {},
  },
  sc_menhu_pc_sidebar_save: {
    make: async () => ({
      url: '/base/api/Sidebar/saveSidebarInfo',
      body: { value: { enabled: true, items: [{ kind: 'top', title: '回到顶部' }] } },
    }),
    expect: { msg: '保存成功' },
  },
  sc_menhu_pc_website_add: {
    make: async () => ({
      url: '/base/api/Sidebar/saveRecommendlWeb',
      body: { name: `网站${n()}`, url: 'https://www.example.cn' },
    }),
    expect: { msg: '新增成功' },
  },
  sc_menhu_pc_website_edit: {
    make: async () => ({
      url: '/base/api/Sidebar/updateRecommendlWeb',
      body: { id: await aWebsite(), name: `改名网站${n()}`, url: 'https://www.example.cn' },
    }),
    expect: {},
  },
  sc_menhu_pc_website_delete: {
    make: async () => ({ method: 'GET', url: `/base/api/Sidebar/deleteRecommendlWebById?id=${await aWebsite()}` }),
    expect: { msg: '删除成功' },
  },
  // The help articles and the assistant's settings are the whole tenant's.
  // The autumn statistics' snapshot is the whole district's (docs/school-year.md "The autumn statistics").
  base_school_stats_snapshot: {
    make: async () => ({ url: '/base/api/schoolStats/snapshot/take', body: { schoolYear: '2019-2020' } }),
    expect: { msg: '统计快照已生成' },
    top: true,
  },
  sc_menhu_pc_assistant_config: {
    make: async () => ({ url: '/base/api/assistant/config/save', body: { enabled: false, provider: 'builtin' } }),
    expect: {},
    top: true,
  },
  sc_menhu_pc_assistant_add: {
    make: async () => ({ url: '/base/api/assistant/article/add', body: { title: `按钮文档${n()}`, body: '正文' } }),
    expect: {},
    top: true,
  },
  sc_menhu_pc_assistant_edit: {
    make: async () => ({
      url: '/base/api/assistant/article/update',
      body: { id: await anArticle(), title: `改名文档${n()}`, body: '新正文' },
    }),
    expect: {},
    top: true,
  },
  sc_menhu_pc_assistant_delete: {
    make: async () => ({ url: '/base/api/assistant/article/delete', body: { id: await anArticle() } }),
    expect: {},
    top: true,
  },
  // Mobile terminals: the quick-entry calls take either terminal's code, the service the one of the roleKey's terminal.
  sc_menhu_mobile_t_add: {
    make: async () => ({ url: `${Q}/addMobileHomeAppGroup`, body: { roleKey: 'ut:1002', name: `分组${n()}` } }),
    expect: {},
  },
  sc_menhu_mobile_t_edit: {
    make: async () => {
      await aQuickGroup('ut:1002')
      return { url: `${Q}/resetAppList`, body: { roleKey: 'ut:1002' } }
    },
    expect: {},
  },
  sc_menhu_mobile_t_delete: {
    make: async () => ({ method: 'GET', url: `${Q}/deleteMobileHomeAppGroup?id=${await aQuickGroup('ut:1002')}` }),
    expect: {},
  },
  sc_menhu_mobile_p_add: {
    make: async () => ({ url: `${Q}/addMobileHomeAppGroup`, body: { roleKey: 'ut:1004', name: `分组${n()}` } }),
    expect: {},
  },
  sc_menhu_mobile_p_edit: {
    make: async () => {
      await aQuickGroup('ut:1004')
      return { url: `${Q}/resetAppList`, body: { roleKey: 'ut:1004' } }
    },
    expect: {},
  },
  sc_menhu_mobile_p_delete: {
    make: async () => ({ method: 'GET', url: `${Q}/deleteMobileHomeAppGroup?id=${await aQuickGroup('ut:1004')}` }),
    expect: {},
  },
  sc_menhu_mobile_en_edit: { make: () => roundTrip('MobilePortalSettings'), expect: { msg: '保存成功' } },
  // Service account, its templates, the external-hire mini program.
  sc_menhu_service_config_edit: {
    make: async () => ({ url: '/base/api/mpApp/service/save', body: mpApp('wx_mp', `服务号${n()}`) }),
    expect: {},
  },
  sc_menhu_service_config_template: {
    make: async () => ({
      url: '/base/api/messagetemplate/create',
      body: {
        name: `模板${n()}`,
        event: 'joinApproved',
        pushType: 'site',
        title: '欢迎',
        content: '{姓名}，欢迎加入{学校名称}',
      },
    }),
    expect: {},
  },
  sc_menhu_employee_mini_edit: {
    make: async () => ({ url: '/base/api/mpApp/waipin/save', body: mpApp('wx_mini', `外聘${n()}`) }),
    expect: {},
  },
  // Complaints and suggestions: the configuration and the whole list.
  sc_menhu_newFeedback_config_base_config: {
    make: async () => ({
      url: '/base/complainSuggestion/classification/add',
      body: { name: `分类${n()}`, handlerIds: [handlerId] },
    }),
    expect: {},
  },
  sc_menhu_newFeedback_config_list: {
    make: async () => ({ url: '/base/complainSuggestion/queryListForAdmin', body: { scope: 'all' } }),
    expect: {},
  },
}

beforeAll(async () => {
  t = await createTestApp()
  w = await makeWorld(t)
  s = await staffOf(t, w)
  allCodes = (await t.db.kysely.selectFrom('permission').select('code').execute()).map((p) => p.code)
  const member = async (codes: string[], name: string, orgId = w.schoolId) => {
    const roleId = await t.db.tenant(w.tenantId, (trx) =>
      createRole(trx, { code: `btn_${name}`, name: `按钮${name}`, permissions: codes }),
    )
    const p = await makePerson(t, w.tenantId, { memberships: [{ orgId, userType: UserType.STAFF, roleIds: [roleId] }] })
    return loginToken(t, p.userName)
  }
  holder = await member(allCodes, 'all')
  handlerId = (
    await makePerson(t, w.tenantId, {
      memberships: [{ orgId: w.schoolId, userType: UserType.STAFF, roleIds: [w.roles.teacher] }],
    })
  ).userInfoIds[0]!
  for (const [code, action] of Object.entries(ACTIONS)) {
    const withheld = [code, ...(action.alsoGrantedBy ?? [])]
    lacking.set(
      code,
      await member(
        allCodes.filter((c) => !withheld.includes(c)),
        `no_${code}`,
        action.top ? w.bureauId : w.schoolId,
      ),
    )
    if (action.holderCodes) holding.set(code, await member(action.holderCodes, `only_${code}`))
  }
}, 300_000)
afterAll(() => t.close())

/** Sends a request as `token`: the envelope, or for a file its content type. */
async function send(req: Request, token: string) {
  const res = await t.app.inject({
    method: req.method ?? 'POST',
    url: req.url,
    payload: req.method === 'GET' ? undefined : (req.body as object),
    headers: { authorization: `Bearer ${token}` },
  })
  const type = String(res.headers['content-type'] ?? '')
  // Files answer their bytes; every other answer is the envelope.
  const json = res.body.startsWith('{') ? (res.json() as { code: number; msg: string }) : null
  return { status: res.statusCode, code: json?.code, msg: json?.msg, type }
}

describe('button codes (000 §6): each guards its action', () => {
  it('every button code of the catalogue has an action here', () => {
    const buttons = flattenCatalogue()
      .filter((p) => p.kind === 'button')
      .map((p) => p.code)
    expect(buttons.filter((c) => !(c in ACTIONS))).toEqual([])
    expect(Object.keys(ACTIONS).filter((c) => !buttons.includes(c))).toEqual([])
  })

  it.each(Object.keys(ACTIONS))('%s: refused without the code, done with it', async (code) => {
    const action = ACTIONS[code]!
    const refused = await send(await action.make(), lacking.get(code)!)
    expect(refused).toMatchObject({ status: 403, msg: Msg.NO_PERMISSION })
    const done = await send(await action.make(), action.top ? s.bureauAdmin : (holding.get(code) ?? holder))
    if ('file' in action.expect)
      expect(done).toMatchObject({ status: 200, type: expect.stringContaining(action.expect.file) })
    else expect(done).toMatchObject({ status: 200, code: 0, ...(action.expect.msg ? { msg: action.expect.msg } : {}) })
  })
})

/** /base/api/cms2 (news and images), /base/portal/module (the portal homes' blocks) and /base/api/banner (carousel pictures). */
import { CMS_IMAGE_PATH } from '../constants.js'
import { get, post } from '../contract.js'
import {
  bannerOrderBody,
  bannerPageBody,
  bannerRow,
  bannerSaveBody,
  homeKind,
  layoutQuery,
  moduleLayout,
  moduleListBody,
  moduleStatusBody,
  newsAdminDetail,
  newsAdminPageBody,
  newsAdminRow,
  newsDetail,
  newsIdBody,
  newsQueryBody,
  newsRow,
  newsSaveBody,
  newsTypeRow,
  setModuleBody,
  moduleRow,
} from '../cms-schemas.js'
import { pageOf } from '../organization.js'
import * as z from '../z.js'

const N = '/base/api/cms2'
const newsTags = ['新闻']
const mgr = { permission: 'cms_news_mgr' }

/** News admin (cms_news_mgr), reading (members and visitors), confirmation, images. */
export const cmsContracts = {
  query: post(`${N}/open/query/page`, {
    public: true,
    tags: newsTags,
    summary: '新闻分页（登录用户：本机构及上级已发布的新闻；访客：指定机构公开的新闻）',
    body: newsQueryBody,
    data: pageOf(newsRow),
  }),
  detail: get(`${N}/open/detail`, {
    public: true,
    tags: newsTags,
    summary: '新闻详情（访客需带 orgId）',
    query: z.object({ id: z.id(), orgId: z.coerce.number().int().optional() }),
    data: newsDetail,
  }),
  confirm: post(`${N}/open/confirm`, { tags: newsTags, summary: '确认已阅（需要确认的新闻）', body: newsIdBody }),
  /** An uploaded image's address (CMS_IMAGE_PATH/tenantId/id): the bytes, cached for good. */
  image: get(`${CMS_IMAGE_PATH}/:tenantId/:id`, {
    public: true,
    tags: newsTags,
    summary: '上传的图片（长期缓存）',
    params: z.object({ tenantId: z.coerce.number().int().min(0), id: z.uuid() }),
    file: true,
  }),
  uploadImage: post(`${N}/image/upload`, {
    tags: newsTags,
    summary: '上传图片（multipart 字段 file；JPG/PNG/GIF/WEBP，不超过2MB；需新闻管理或门户PC端权限）',
    upload: true,
    data: z.object({ url: z.string(), id: z.string() }),
  }),
  page: post(`${N}/news/page`, {
    ...mgr,
    tags: newsTags,
    summary: '本机构新闻分页（管理）',
    body: newsAdminPageBody,
    data: pageOf(newsAdminRow),
  }),
  get: get(`${N}/news/get`, {
    ...mgr,
    tags: newsTags,
    summary: '新闻详情（管理）',
    query: newsIdBody,
    data: newsAdminDetail,
  }),
  add: post(`${N}/news/add`, {
    ...mgr,
    tags: newsTags,
    summary: '新增新闻（草稿；正文按白名单清理）',
    body: newsSaveBody,
    data: z.number(),
  }),
  update: post(`${N}/news/update`, {
    ...mgr,
    tags: newsTags,
    summary: '编辑新闻',
    body: newsSaveBody.extend({ id: z.id() }),
    data: z.number(),
  }),
  delete: post(`${N}/news/delete`, { ...mgr, tags: newsTags, summary: '删除新闻', body: newsIdBody }),
  publish: post(`${N}/news/publish`, { ...mgr, tags: newsTags, summary: '发布新闻', body: newsIdBody }),
  unpublish: post(`${N}/news/unpublish`, { ...mgr, tags: newsTags, summary: '撤回新闻', body: newsIdBody }),
}

const M = '/base/portal/module'
const moduleTags = ['门户模块']
const pc = { permission: 'sc_menhu_pc' }

/** 001 §7.5: the blocks of the portal homes, per org and home kind. */
export const portalModuleContracts = {
  layout: get(`${M}/getModuleLayout`, {
    public: true,
    tags: moduleTags,
    summary: '门户首页布局（本机构或上级配置，否则默认）；访客仅公共门户与学校门户',
    query: layoutQuery,
    data: moduleLayout,
  }),
  list: get(`${M}/getModuleList`, {
    ...pc,
    tags: moduleTags,
    summary: '本机构某首页的模块（含隐藏；未配置时为默认）',
    query: z.object({ homeKind }),
    data: moduleLayout,
  }),
  get: get(`${M}/getModule`, {
    ...pc,
    tags: moduleTags,
    summary: '模块详情',
    query: z.object({ id: z.id() }),
    data: moduleRow.and(z.object({ homeKind: z.string() })),
  }),
  set: post(`${M}/setModule`, {
    ...pc,
    tags: moduleTags,
    summary: '新增或编辑模块',
    body: setModuleBody,
    data: z.number(),
  }),
  setStatus: post(`${M}/setModuleStatus`, {
    ...pc,
    tags: moduleTags,
    summary: '显示/隐藏模块（0 显示，1 隐藏）',
    body: moduleStatusBody,
  }),
  remove: post(`${M}/removeModule`, { ...pc, tags: moduleTags, summary: '删除模块', body: z.object({ id: z.id() }) }),
  maintain: post(`${M}/moduleListMaintain`, {
    ...pc,
    tags: moduleTags,
    summary: '保存整个首页（按顺序；空列表恢复默认）',
    body: moduleListBody,
  }),
  types: get(`${M}/getCMSTypeList`, { tags: moduleTags, summary: '新闻类型（学校端）', data: z.array(newsTypeRow) }),
  jdTypes: get(`${M}/getJDCMSTypeList`, { tags: moduleTags, summary: '新闻类型（局端）', data: z.array(newsTypeRow) }),
}

const B = '/base/api/banner'
const bannerTags = ['轮播图']
/** Banner calls let in any of the three maintenance groups; the server checks the terminal's own code. */
const bannerRead = { permission: ['sc_menhu_pc', 'sc_menhu_mobile_t', 'sc_menhu_mobile_p'] }
const bannerWrite = <A extends 'add' | 'edit' | 'delete'>(action: A) => ({
  permission: ['sc_menhu_pc', `sc_menhu_mobile_t_${action}`, `sc_menhu_mobile_p_${action}`] as const,
})
const terminalField = { terminal: z.coerce.number().int().min(0, '终端无效').max(2, '终端无效').optional() }

/** 001 §7.5: the carousel pictures of the admin's org, per terminal (0 PC, 1 teacher mobile, 2 parent and student mobile). */
export const bannerContracts = {
  page: post(`${B}/page`, {
    ...bannerRead,
    tags: bannerTags,
    summary: '轮播图分页（本机构；terminal 0 PC，1 教师移动端，2 家长学生移动端）',
    body: bannerPageBody,
    data: pageOf(bannerRow),
  }),
  add: post(`${B}/add`, {
    ...bannerWrite('add'),
    tags: bannerTags,
    summary: '新增轮播图',
    body: bannerSaveBody,
    data: z.number(),
  }),
  update: post(`${B}/update`, {
    ...bannerWrite('edit'),
    tags: bannerTags,
    summary: '编辑轮播图（终端不变）',
    body: bannerSaveBody.extend({ id: z.id() }),
    data: z.number(),
  }),
  delete: post(`${B}/delete`, {
    ...bannerWrite('delete'),
    tags: bannerTags,
    summary: '删除轮播图',
    body: z.object({ id: z.id(), ...terminalField }),
  }),
  order: post(`${B}/updateBannerOrderIndex`, {
    ...bannerWrite('edit'),
    tags: bannerTags,
    summary: '轮播图排序（按 ids 顺序）',
    body: bannerOrderBody.extend(terminalField),
  }),
}

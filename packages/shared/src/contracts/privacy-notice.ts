/** /base/api/privacyNotice: the tenant's versioned 服务条款, 隐私政策 and 儿童个人信息保护规则 (docs/privacy.md). */
import { get, post } from '../contract.js'
import {
  myNoticeAcceptance,
  noticeCurrentQuery,
  noticeDoc,
  noticeDraftBody,
  noticeIdQuery,
  noticeKindQuery,
  noticeListRow,
  noticeVersionRef,
  noticeVersionsQuery,
} from '../privacy/notices.js'
import * as z from '../z.js'

const B = '/base/api/privacyNotice'
const tags = ['个人信息保护']
const manage = { permission: 'base_privacy_notice', tags } as const
export const privacyNoticeContracts = {
  current: get(`${B}/current`, {
    public: true,
    tags,
    summary: '当前生效的平台文档（登录页、注册页，无需登录；未发布时为 null）',
    query: noticeCurrentQuery,
    data: noticeDoc.nullable(),
  }),
  versions: get(`${B}/versions`, {
    public: true,
    tags,
    summary: '各类平台文档的当前版本号（注册页记录同意的版本）',
    query: noticeVersionsQuery,
    data: z.array(noticeVersionRef),
  }),
  list: get(`${B}/list`, {
    ...manage,
    summary: '平台文档的全部版本与草稿',
    data: z.array(noticeListRow),
  }),
  detail: get(`${B}/detail`, { ...manage, summary: '一个版本或草稿的全文', query: noticeIdQuery, data: noticeDoc }),
  saveDraft: post(`${B}/saveDraft`, {
    ...manage,
    tenantWide: true,
    summary: '保存草稿（每类一份；已发布的版本不可修改）',
    body: noticeDraftBody,
    data: noticeDoc,
  }),
  deleteDraft: post(`${B}/deleteDraft`, {
    ...manage,
    tenantWide: true,
    summary: '删除草稿',
    body: noticeKindQuery,
  }),
  publish: post(`${B}/publish`, {
    ...manage,
    tenantWide: true,
    summary: '发布草稿为新版本（仅顶级机构管理员）',
    body: noticeKindQuery,
    data: noticeDoc,
  }),
  myAcceptances: get(`${B}/myAcceptances`, {
    tags,
    summary: '本人注册时同意的文档版本',
    data: z.array(myNoticeAcceptance),
  }),
}

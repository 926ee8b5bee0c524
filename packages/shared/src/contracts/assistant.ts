/**
 * The AI helper (docs/assistant.md): the spec's calls on the AI host (000 §7.5, this server under ASSISTANT_API by
 * default) and its maintenance under ASSISTANT_ADMIN_API (/menhu-port/assistant), under the PC portal's codes.
 */
import { ASSISTANT_API, ASSISTANT_ADMIN_API } from '../constants.js'
import {
  ASSISTANT_BUTTONS,
  assistantConfigSave,
  assistantConfigView,
  assistantIdBody,
  assistantLogPage,
  assistantPageQuery,
  chatStreamBody,
  helpArticleBody,
  helpArticlePage,
  startOrEndBody,
} from '../assistant.js'
import { get, post } from '../contract.js'
import * as z from '../z.js'

const chatTags = ['智能客服']
/** On the AI host: the web calls them at the config centre's ai address when one is set (web features/assistant/api.ts). */
export const assistantChatContracts = {
  isEnableAssistant: get(`${ASSISTANT_API}/isEnableAssistant`, {
    tags: chatTags,
    summary: '本租户是否开启智能客服',
    data: z.boolean(),
  }),
  startOrEndToChat: post(`${ASSISTANT_API}/startOrEndToChat`, {
    tags: chatTags,
    summary: '开始（status 1）或结束（status 0）对话，只能是本人',
    body: startOrEndBody,
    data: z.number().nullable(),
  }),
  /** Answered as a server-sent event stream; read with fetch, not an EventSource (the bearer token). */
  chatStream: post(`${ASSISTANT_API}/chat-stream`, {
    tags: chatTags,
    summary: '提问，回答以 SSE 流返回（事件 assistant-event，结束标志 [end]）',
    body: chatStreamBody,
    stream: true,
  }),
}

const A = ASSISTANT_ADMIN_API
const adminTags = ['智能客服配置']
const page = { permission: 'sc_menhu_pc' }
export const assistantAdminContracts = {
  getConfig: get(`${A}/config/get`, {
    ...page,
    tags: adminTags,
    summary: '智能客服配置（API Key 不返回）',
    data: assistantConfigView,
  }),
  saveConfig: post(`${A}/config/save`, {
    permission: ASSISTANT_BUTTONS.CONFIG,
    tenantWide: true,
    tags: adminTags,
    summary: '保存智能客服配置（顶级机构管理员）',
    body: assistantConfigSave,
  }),
  articlePage: get(`${A}/article/page`, {
    ...page,
    tags: adminTags,
    summary: '帮助文档列表',
    query: assistantPageQuery,
    data: helpArticlePage,
  }),
  addArticle: post(`${A}/article/add`, {
    permission: ASSISTANT_BUTTONS.ADD,
    tenantWide: true,
    tags: adminTags,
    summary: '新增帮助文档',
    body: helpArticleBody.omit({ id: true }),
    data: z.number(),
  }),
  updateArticle: post(`${A}/article/update`, {
    permission: ASSISTANT_BUTTONS.EDIT,
    tenantWide: true,
    tags: adminTags,
    summary: '编辑帮助文档',
    body: helpArticleBody.required({ id: true }),
  }),
  deleteArticle: post(`${A}/article/delete`, {
    permission: ASSISTANT_BUTTONS.DELETE,
    tenantWide: true,
    tags: adminTags,
    summary: '删除帮助文档',
    body: assistantIdBody,
  }),
  logPage: get(`${A}/log/page`, {
    ...page,
    tags: adminTags,
    summary: '对话记录（本机构及下级）',
    query: assistantPageQuery,
    data: assistantLogPage,
  }),
}

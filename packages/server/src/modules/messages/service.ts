import {
  MESSAGE_EVENT_LABELS,
  MESSAGE_EVENTS,
  MESSAGE_KEYWORDS,
  MessageMsg,
  MP_SCOPE_PLATFORMS,
  MpMsg,
  PUSH_TYPE_LABELS,
  PUSH_TYPES,
  templateBody,
  mpAppBody,
  type MessageRow,
  type MpAppRow,
  type MpScope,
  type TemplateRow,
  type WechatBindScope,
} from '@zhixiao/shared'
import type { z } from 'zod'
import type { AppContext, AuthInfo } from '../../platform/context.js'
import { badRequest, notFound, refused } from '../../platform/errors.js'
import { rethrowUnique } from '../../platform/db-errors.js'
import { recordOp } from '../../platform/op-log.js'
import { scopedOrg } from '../../platform/org-scope.js'
import { assertProviderUrls, usableProviderUrl } from '../../platform/provider-url.js'
import type { Page } from '../../platform/paging.js'
import { ErrorCode } from '@zhixiao/shared'
import { defaultWechat } from './dispatch.js'
import type { WechatProvider } from '../../platform/providers/wechat.js'
import {
  countUnread,
  deleteAppRow,
  deleteOpenidBindings,
  deleteTemplateRow,
  findApp,
  findOwnMessage,
  findTemplate,
  insertApp,
  insertOpenidBinding,
  insertTemplate,
  listAppRows,
  lockApp,
  lockTemplate,
  nearestWechatApp,
  pageMessages,
  pageTemplateRows,
  setAllUnreadRead,
  setMessageRead,
  updateApp,
  updateTemplate,
  type AppRaw,
} from './queries.js'

const iso = (d: Date | string | null): string | null => (d === null ? null : new Date(d).toISOString())

// ---- The message centre: the caller's own messages only ----

export function unreadCount(ctx: AppContext, auth: AuthInfo): Promise<number> {
  return ctx.db.tenant(auth.tenantId, async (trx) => Number((await countUnread(trx, auth.accountId)).n))
}

export function listMessages(
  ctx: AppContext,
  auth: AuthInfo,
  q: { pageIndex: number; pageSize: number; unreadOnly: boolean },
): Promise<Page<MessageRow>> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const page = await pageMessages(trx, auth.accountId, q.unreadOnly, q)
    return {
      ...page,
      list: page.list.map((r) => ({
        id: r.id,
        event: r.event,
        title: r.title,
        content: r.content,
        link: r.link,
        read: r.read_at !== null,
        createdAt: iso(r.created_at)!,
        readAt: iso(r.read_at),
      })),
    }
  })
}

export function markRead(ctx: AppContext, auth: AuthInfo, id: number): Promise<void> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    // Another account's message answers like a missing one.
    const m = await findOwnMessage(trx, auth.accountId, id)
    if (!m) throw notFound(MessageMsg.NOT_FOUND)
    if (m.read_at === null) await setMessageRead(trx, id, ctx.clock.now())
  })
}

export function markAllRead(ctx: AppContext, auth: AuthInfo): Promise<number> {
  return ctx.db.tenant(auth.tenantId, async (trx) =>
    Number((await setAllUnreadRead(trx, auth.accountId, ctx.clock.now())).numUpdatedRows),
  )
}

// ---- Message templates (/base/api/messagetemplate) ----

export const pushTypeOptions = () => PUSH_TYPES.map((value) => ({ value, label: PUSH_TYPE_LABELS[value] }))
export const eventOptions = () => MESSAGE_EVENTS.map((value) => ({ value, label: MESSAGE_EVENT_LABELS[value] }))
export const keywordsOf = (event: keyof typeof MESSAGE_KEYWORDS) => MESSAGE_KEYWORDS[event].map((k) => `{${k}}`)

type TplRaw = {
  id: number
  org_id: number
  name: string
  event: string
  push_type: string
  title: string
  content: string
  link: string
  sms_template_code: string | null
  wx_template_id: string | null
  status: number
  updated_at: Date
}
const toTemplate = (r: TplRaw): TemplateRow => ({
  id: r.id,
  orgId: r.org_id,
  name: r.name,
  event: r.event,
  pushType: r.push_type,
  title: r.title,
  content: r.content,
  link: r.link,
  smsTemplateCode: r.sms_template_code ?? '',
  wxTemplateId: r.wx_template_id ?? '',
  enabled: r.status === 0,
  updatedAt: iso(r.updated_at)!,
})

export function saveTemplate(ctx: AppContext, auth: AuthInfo, b: z.output<typeof templateBody>): Promise<number> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const values = {
      name: b.name,
      event: b.event,
      push_type: b.pushType,
      title: b.title,
      content: b.content,
      link: b.link,
      sms_template_code: b.smsTemplateCode || null,
      wx_template_id: b.wxTemplateId || null,
      status: b.enabled ? 0 : 1,
      updated_at: ctx.clock.now(),
    }
    try {
      let id: number
      if (b.id) {
        const old = await lockTemplate(trx, b.id)
        if (!old) throw notFound(MessageMsg.TEMPLATE_NOT_FOUND)
        await scopedOrg(trx, auth, old.org_id)
        await updateTemplate(trx, b.id, values)
        id = b.id
      } else {
        const orgId = await scopedOrg(trx, auth, b.orgId)
        id = (await insertTemplate(trx, { ...values, org_id: orgId })).id
      }
      await recordOp(trx, auth, { module: '消息模板', action: b.id ? '编辑' : '新增', target: b.name })
      return id
    } catch (e) {
      return rethrowUnique(e, {}, MessageMsg.DUPLICATE)
    }
  })
}

async function ownTemplate(ctx: AppContext, auth: AuthInfo, id: number) {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const r = await findTemplate(trx, id)
    if (!r) throw notFound(MessageMsg.TEMPLATE_NOT_FOUND)
    await scopedOrg(trx, auth, r.org_id).catch(() => {
      throw notFound(MessageMsg.TEMPLATE_NOT_FOUND)
    })
    return r
  })
}

export async function getTemplate(ctx: AppContext, auth: AuthInfo, id: number): Promise<TemplateRow> {
  return toTemplate(await ownTemplate(ctx, auth, id))
}

export async function deleteTemplate(ctx: AppContext, auth: AuthInfo, id: number): Promise<void> {
  const r = await ownTemplate(ctx, auth, id)
  await ctx.db.tenant(auth.tenantId, async (trx) => {
    await deleteTemplateRow(trx, id)
    await recordOp(trx, auth, { module: '消息模板', action: '删除', target: r.name })
  })
}

export function pageTemplates(
  ctx: AppContext,
  auth: AuthInfo,
  q: { pageIndex: number; pageSize: number; event?: string; pushType?: string; name: string },
): Promise<Page<TemplateRow>> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const page = await pageTemplateRows(trx, auth.orgId, q)
    return { ...page, list: page.list.map(toTemplate) }
  })
}

// ---- WeChat / DingTalk app settings (mp_app) ----

/** Never the secret: only whether one is stored. */
const toApp = (r: AppRaw): MpAppRow => ({
  id: r.id,
  scope: r.scope,
  orgId: r.org_id,
  platform: r.platform,
  name: r.name,
  appId: r.app_id,
  hasSecret: !!r.app_secret_sealed,
  agentId: r.agent_id ?? '',
  apiBase: r.api_base ?? '',
  templates: r.template_map,
  enabled: r.status === 0,
  updatedAt: iso(r.updated_at)!,
})

export function listApps(ctx: AppContext, auth: AuthInfo, scope: MpScope, orgId?: number): Promise<MpAppRow[]> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const org = await scopedOrg(trx, auth, orgId)
    const rows = await listAppRows(trx, scope, org)
    return rows.map(toApp)
  })
}

async function ownApp(ctx: AppContext, auth: AuthInfo, id: number, scope: MpScope) {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const r = await findApp(trx, id, scope)
    if (!r) throw notFound(MpMsg.NOT_FOUND)
    await scopedOrg(trx, auth, r.org_id).catch(() => {
      throw notFound(MpMsg.NOT_FOUND)
    })
    return r
  })
}
export const getApp = async (ctx: AppContext, auth: AuthInfo, id: number, scope: MpScope) =>
  toApp(await ownApp(ctx, auth, id, scope))

export function saveApp(
  ctx: AppContext,
  auth: AuthInfo,
  b: z.output<typeof mpAppBody> & { scope: MpScope },
): Promise<number> {
  if (!MP_SCOPE_PLATFORMS[b.scope].includes(b.platform)) throw badRequest(MpMsg.PLATFORM_NOT_ALLOWED)
  // A terminal's DingTalk app sends work notices, which name the app's AgentId.
  if ((b.scope === 'teacher' || b.scope === 'parent') && b.platform === 'dd_mini' && !b.agentId)
    throw badRequest(MpMsg.AGENT_REQUIRED)
  assertProviderUrls(ctx.config.allowLoopbackProviders, b.apiBase)
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const values = {
      platform: b.platform,
      name: b.name,
      app_id: b.appId,
      agent_id: b.agentId || null,
      api_base: b.apiBase || null,
      template_map: JSON.stringify(b.templates),
      status: b.enabled ? 0 : 1,
      updated_at: ctx.clock.now(),
    }
    try {
      let id: number
      if (b.id) {
        const old = await lockApp(trx, b.id, b.scope)
        if (!old) throw notFound(MpMsg.NOT_FOUND)
        await scopedOrg(trx, auth, old.org_id).catch(() => {
          throw notFound(MpMsg.NOT_FOUND)
        })
        await updateApp(trx, b.id, {
          ...values,
          ...(b.appSecret ? { app_secret_sealed: ctx.secrets.seal(b.appSecret) } : {}),
        })
        id = b.id
      } else {
        if (!b.appSecret) throw badRequest(MpMsg.SECRET_REQUIRED)
        const orgId = await scopedOrg(trx, auth, b.orgId)
        id = (
          await insertApp(trx, {
            ...values,
            scope: b.scope,
            org_id: orgId,
            app_secret_sealed: ctx.secrets.seal(b.appSecret),
          })
        ).id
      }
      await recordOp(trx, auth, {
        module: '服务号与小程序',
        action: b.id ? '编辑' : '新增',
        target: `${b.name}（${b.appId}）`,
      })
      return id
    } catch (e) {
      return rethrowUnique(e, {}, MpMsg.DUPLICATE)
    }
  })
}

export async function deleteApp(ctx: AppContext, auth: AuthInfo, id: number, scope: MpScope): Promise<void> {
  const r = await ownApp(ctx, auth, id, scope)
  await ctx.db.tenant(auth.tenantId, async (trx) => {
    await deleteAppRow(trx, id)
    await recordOp(trx, auth, { module: '服务号与小程序', action: '删除', target: r.name })
  })
}

/**
 * Binds the caller's account to their openid of an official account — the service account's, or the teacher /
 * parent terminal's (scope) — of the nearest org on the way up from the caller's, the one notify() pushes through:
 * the page WeChat's web authorisation returns to hands over the code, which the server exchanges
 * (sns/oauth2/access_token) for the openid.
 */
export async function bindWechat(
  ctx: AppContext,
  auth: AuthInfo,
  code: string,
  scope: WechatBindScope = 'service',
  wechat: WechatProvider = defaultWechat(),
): Promise<void> {
  const app = await ctx.db.tenant(auth.tenantId, (trx) => nearestWechatApp(trx, auth.orgId, scope))
  if (!app) throw refused(ErrorCode.BAD_REQUEST, MpMsg.NO_WECHAT)
  const openid = await wechat.openidOf(
    {
      appId: app.app_id,
      appSecret: ctx.secrets.open(app.app_secret_sealed),
      apiBase: usableProviderUrl(app.api_base, ctx.config.allowLoopbackProviders),
    },
    code,
  )
  if (!openid) throw refused(ErrorCode.BAD_REQUEST, MpMsg.BIND_FAILED)
  await ctx.db.tenant(auth.tenantId, async (trx) => {
    // One openid is one person: a new binding moves it.
    await deleteOpenidBindings(trx, app.id, openid, auth.accountId)
    await insertOpenidBinding(trx, app.id, auth.accountId, openid, ctx.clock.now())
  })
}

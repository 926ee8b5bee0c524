import { DEFAULT_MESSAGE_TEMPLATES, fillKeywords, UserType, type MessageEvent } from '@zhixiao/shared'
import type { Trx } from '../../db/database.js'
import type { AppContext } from '../../platform/context.js'
import type { MessageCentre, Notice } from '../../platform/notify.js'
import {
  findOrgName,
  firstMembershipOrg,
  firstTopOrg,
  insertNotices,
  listEventTemplatesUp,
  listTerminalAppsUp,
  nearestServiceAccount,
  type NoticeTemplate,
  type TerminalPush,
} from './queries.js'

/** For each push type, the template of the nearest org on the way up from orgId. */
async function templatesFor(trx: Trx, orgId: number, event: MessageEvent): Promise<Map<string, NoticeTemplate>> {
  const out = new Map<string, NoticeTemplate>()
  for (const r of await listEventTemplatesUp(trx, orgId, event)) if (!out.has(r.push_type)) out.set(r.push_type, r)
  return out
}

/** Who each terminal reaches: its settings page's people (教师移动端: staff; 家长学生移动端: parents and students). */
const TERMINAL_USER_TYPES: Record<'teacher' | 'parent', readonly UserType[]> = {
  teacher: [UserType.STAFF],
  parent: [UserType.PARENT, UserType.STUDENT],
}

/**
 * The teacher and parent terminals' apps that push this event: per scope and platform the nearest org's app that is
 * on. A WeChat official account pushes only the events its template map names (a template message needs a template
 * id); a DingTalk app pushes every event, through the mapped work-notice template or else as a text notice.
 */
async function terminalApps(trx: Trx, orgId: number, event: MessageEvent): Promise<TerminalPush[]> {
  const rows = await listTerminalAppsUp(trx, orgId)
  return rows.flatMap((r): TerminalPush[] => {
    const template = r.template_map[event] || null
    const userTypes = TERMINAL_USER_TYPES[r.scope]
    if (r.platform === 'wx_mp') return template ? [{ id: Number(r.id), platform: 'wx_mp', template, userTypes }] : []
    return [{ id: Number(r.id), platform: 'dd_mini', template, userTypes }]
  })
}

/** Beijing time, minutes: what {时间} reads. */
const stamp = (d: Date) => new Date(+d + 8 * 3600_000).toISOString().slice(0, 16).replace('T', ' ')

/**
 * Makes the event's messages inside the caller's transaction, one statement for any number of recipients: an
 * in-app message per recipient (the org's in-app template, or the built-in one when none is saved), and a queued
 * SMS / WeChat push per recipient whose template is on and who has a phone / an openid of the org's official
 * account, and a push through each teacher / parent terminal app that is on (terminalApps) to the recipients it
 * reaches: a WeChat template message to those with an openid of it, a DingTalk work notice to those with a phone.
 * An in-app template saved switched off keeps the message as the record of the pushes, already read, or makes none
 * when no push is on either. Pushes leave only after the transaction commits (dispatch.ts), so a rolled-back action
 * sends nothing at all. Returns the number of messages made.
 */
async function notify(trx: Trx, ctx: AppContext, n: Notice): Promise<number> {
  if (Array.isArray(n.to) && !n.to.length) return 0
  const now = ctx.clock.now()
  const tpls = await templatesFor(trx, n.orgId, n.event)
  const site = tpls.get('site') ?? {
    ...DEFAULT_MESSAGE_TEMPLATES[n.event],
    push_type: 'site',
    sms_template_code: null,
    wx_template_id: null,
    status: 0,
  }
  const sms = tpls.get('sms')?.status === 0 ? tpls.get('sms')! : null
  const wx = tpls.get('wechat')?.status === 0 ? tpls.get('wechat')! : null
  const terminals = await terminalApps(trx, n.orgId, n.event)
  // With the in-app template switched off, a terminal push still carries its text (the message row is its record).
  const source = site.status === 0 ? site : (sms ?? wx ?? (terminals.length ? site : null))
  if (!source) return 0

  const org = await findOrgName(trx, n.orgId)
  const values: Record<string, string> = { 时间: stamp(now), 学校名称: org?.name ?? '', ...n.values }
  const fill = (t: string) => fillKeywords(t, values)
  // The official account (the nearest org's) and the template id: the template's own, else the account's for the event.
  const wxApp = wx ? await nearestServiceAccount(trx, n.orgId) : undefined
  const wxTemplate = wx && wxApp ? wx.wx_template_id || wxApp.template_map[n.event] || null : null

  return insertNotices(trx, {
    orgId: n.orgId,
    event: n.event,
    to: n.to,
    title: fill(source.title || DEFAULT_MESSAGE_TEMPLATES[n.event].title),
    content: fill(source.content),
    link: n.link ?? source.link,
    now,
    readAt: site.status === 0 ? null : now,
    time: values.时间!,
    sms: sms?.sms_template_code
      ? { templateCode: sms.sms_template_code, params: values, text: fill(sms.content) }
      : undefined,
    wechat:
      wx && wxApp && wxTemplate
        ? { appId: wxApp.id, template: wxTemplate, first: fill(wx.title), keyword1: fill(wx.content) }
        : undefined,
    terminals,
  })
}

/** The org an account's messages are about when the action names none: its first membership, else the tenant's top org. */
async function orgOfAccount(trx: Trx, accountId: number): Promise<number | null> {
  const own = await firstMembershipOrg(trx, accountId)
  if (own) return own.org_id
  const top = await firstTopOrg(trx)
  return top?.id ?? null
}

/** The message centre platform/notify.ts hands every module's notices to (registered by buildApp). */
export const messageCentre: MessageCentre = { notify, orgOfAccount }

import { DEFAULT_MESSAGE_TEMPLATES, fillKeywords, UserType, type MessageEvent } from '@zhixiao/shared'
import { sql, type RawBuilder } from 'kysely'
import type { Trx } from '../db/database.js'
import type { AppContext } from './context.js'

export interface Notice {
  event: MessageEvent
  /** The org whose templates apply (the nearest org up the tree that has one) and whose name is {学校名称}. */
  orgId: number
  /** Recipient accounts, or every active member of an org and the orgs below it (the readers of a news item). */
  to: readonly number[] | { orgSubtree: number }
  /** Keyword values; {时间} and {学校名称} are filled here when absent, {姓名} and {账号} per recipient. */
  values?: Record<string, string>
  /** Overrides the template's link (the news item to confirm). */
  link?: string
}

type Tpl = {
  push_type: string
  title: string
  content: string
  link: string
  sms_template_code: string | null
  wx_template_id: string | null
  status: number
}

const ancestors = (
  orgId: number,
) => sql`(WITH RECURSIVE up AS (SELECT id, parent_id, 0 AS depth FROM org_unit WHERE id = ${orgId}
  UNION ALL SELECT o.id, o.parent_id, up.depth + 1 FROM org_unit o JOIN up ON o.id = up.parent_id) SELECT id, depth FROM up)`

/** For each push type, the template of the nearest org on the way up from orgId. */
async function templatesFor(trx: Trx, orgId: number, event: MessageEvent): Promise<Map<string, Tpl>> {
  const rows =
    await sql<Tpl>`SELECT t.push_type, t.title, t.content, t.link, t.sms_template_code, t.wx_template_id, t.status
    FROM message_template t JOIN ${ancestors(orgId)} up ON t.org_id = up.id WHERE t.event = ${event} ORDER BY up.depth`.execute(
      trx,
    )
  const out = new Map<string, Tpl>()
  for (const r of rows.rows) if (!out.has(r.push_type)) out.set(r.push_type, r)
  return out
}

/** Who each terminal reaches: its settings page's people (教师移动端: staff; 家长学生移动端: parents and students). */
const TERMINAL_USER_TYPES: Record<'teacher' | 'parent', readonly UserType[]> = {
  teacher: [UserType.STAFF],
  parent: [UserType.PARENT, UserType.STUDENT],
}
type Terminal = { id: number; scope: 'teacher' | 'parent'; platform: 'wx_mp' | 'dd_mini'; template: string | null }

/**
 * The teacher and parent terminals' apps that push this event: per scope and platform the nearest org's app that is
 * on. A WeChat official account pushes only the events its template map names (a template message needs a template
 * id); a DingTalk app pushes every event, through the mapped work-notice template or else as a text notice.
 */
async function terminalApps(trx: Trx, orgId: number, event: MessageEvent): Promise<Terminal[]> {
  const rows = await sql<{
    id: number
    scope: 'teacher' | 'parent'
    platform: string
    template_map: Record<string, string>
  }>`SELECT DISTINCT ON (a.scope, a.platform)
      a.id, a.scope, a.platform, a.template_map FROM mp_app a JOIN ${ancestors(orgId)} up ON a.org_id = up.id
    WHERE a.scope IN ('teacher', 'parent') AND a.platform IN ('wx_mp', 'dd_mini') AND a.status = 0 ORDER BY a.scope, a.platform, up.depth`.execute(
    trx,
  )
  return rows.rows.flatMap((r): Terminal[] => {
    const template = r.template_map[event] || null
    if (r.platform === 'wx_mp')
      return template ? [{ id: Number(r.id), scope: r.scope, platform: 'wx_mp' as const, template }] : []
    return [{ id: Number(r.id), scope: r.scope, platform: 'dd_mini' as const, template }]
  })
}

/** Beijing time, minutes: what {时间} reads. */
const stamp = (d: Date) => new Date(+d + 8 * 3600_000).toISOString().slice(0, 16).replace('T', ' ')
/** A text with the shared keywords filled in JS and the recipient's own ({姓名}, {账号}) filled per row in SQL. */
const perRecipient = (text: string): RawBuilder<string> =>
  sql<string>`replace(replace(${text}::text, '{姓名}', p.name), '{账号}', p.user_name)`

/**
 * Makes the event's messages inside the caller's transaction, one statement for any number of recipients: an
 * in-app message per recipient (the org's in-app template, or the built-in one when none is saved), and a queued
 * SMS / WeChat push per recipient whose template is on and who has a phone / an openid of the org's official
 * account, and a push through each teacher / parent terminal app that is on (terminalApps) to the recipients it
 * reaches: a WeChat template message to those with an openid of it, a DingTalk work notice to those with a phone. An in-app template saved switched off keeps the message as the record of the pushes, already read, or
 * makes none when no push is on either. Pushes leave only after the transaction commits (dispatch.ts), so a
 * rolled-back action sends nothing at all. Returns the number of messages made.
 */
export async function notify(trx: Trx, ctx: AppContext, n: Notice): Promise<number> {
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

  const org = await trx.selectFrom('org_unit').select('name').where('id', '=', n.orgId).executeTakeFirst()
  const values: Record<string, string> = { 时间: stamp(now), 学校名称: org?.name ?? '', ...n.values }
  const fill = (t: string) => fillKeywords(t, values)
  // The official account (the nearest org's) and the template id: the template's own, else the account's for the event.
  const wxApp = wx
    ? (
        await sql<{
          id: number
          template_map: Record<string, string>
        }>`SELECT a.id, a.template_map FROM mp_app a JOIN ${ancestors(n.orgId)} up ON a.org_id = up.id
    WHERE a.scope = 'service' AND a.platform = 'wx_mp' AND a.status = 0 ORDER BY up.depth LIMIT 1`.execute(trx)
      ).rows[0]
    : undefined
  const wxTemplate = wx && wxApp ? wx.wx_template_id || wxApp.template_map[n.event] || null : null

  const recipients = Array.isArray(n.to)
    ? sql`SELECT DISTINCT unnest(${sql.val([...n.to])}::bigint[]) AS account_id`
    : sql`SELECT DISTINCT u.account_id FROM user_info u WHERE u.org_id IN (WITH RECURSIVE down AS (SELECT id FROM org_unit WHERE id = ${(n.to as { orgSubtree: number }).orgSubtree}
        UNION ALL SELECT o.id FROM org_unit o JOIN down ON o.parent_id = down.id) SELECT id FROM down) AND u.status = 0 AND NOT u.archived`
  const pushes: RawBuilder<unknown>[] = []
  if (sms?.sms_template_code) {
    pushes.push(sql`, s AS (INSERT INTO message_push (message_id, channel, target, template_ref, params, text, created_at)
      SELECT m.id, 'sms', p.phone, ${sms.sms_template_code}, ${JSON.stringify(values)}::jsonb || jsonb_build_object('姓名', p.name, '账号', p.user_name),
        ${perRecipient(fill(sms.content))}, ${now} FROM m JOIN p ON p.account_id = m.account_id WHERE p.phone IS NOT NULL RETURNING 1)`)
  }
  if (wx && wxApp && wxTemplate) {
    // The classic template layout (first / keyword1 / remark): the title, the text and the time.
    pushes.push(sql`, w AS (INSERT INTO message_push (message_id, channel, target, template_ref, params, text, created_at, app_id)
      SELECT m.id, 'wechat', o.openid, ${wxTemplate}, jsonb_build_object('first', ${perRecipient(fill(wx.title))}, 'keyword1', ${perRecipient(fill(wx.content))}, 'remark', ${values.时间!}::text),
        NULL, ${now}, ${wxApp.id}::bigint FROM m JOIN p ON p.account_id = m.account_id JOIN mp_openid o ON o.account_id = m.account_id AND o.app_id = ${wxApp.id} RETURNING 1)`)
  }
  terminals.forEach((a, i) => {
    const cte = sql.raw(`t${i}`)
    const reaches = sql`p.types && ${sql.val([...TERMINAL_USER_TYPES[a.scope]])}::int[]`
    if (a.platform === 'wx_mp') {
      // The terminal's official account, to the recipients who bound an openid of it; the same layout as the service account's.
      pushes.push(sql`, ${cte} AS (INSERT INTO message_push (message_id, channel, target, template_ref, params, text, created_at, app_id)
        SELECT m.id, 'wechat', o.openid, ${a.template}, jsonb_build_object('first', m.title, 'keyword1', m.content, 'remark', ${values.时间!}::text),
          NULL, ${now}, ${a.id}::bigint FROM m JOIN p ON p.account_id = m.account_id JOIN mp_openid o ON o.account_id = m.account_id AND o.app_id = ${a.id}
          WHERE ${reaches} RETURNING 1)`)
    } else {
      // A DingTalk work notice to the user with the recipient's phone: the mapped template, else a text notice.
      pushes.push(sql`, ${cte} AS (INSERT INTO message_push (message_id, channel, target, template_ref, params, text, created_at, app_id)
        SELECT m.id, 'dingtalk', p.phone, ${a.template}, jsonb_build_object('title', m.title, 'content', m.content, 'time', ${values.时间!}::text),
          m.content, ${now}, ${a.id}::bigint FROM m JOIN p ON p.account_id = m.account_id WHERE p.phone IS NOT NULL AND ${reaches} RETURNING 1)`)
    }
  })
  const made = await sql<{ n: number }>`WITH r AS (${recipients}),
    p AS (SELECT a.id AS account_id, a.user_name,
      coalesce(a.phone, (SELECT u.phone FROM user_info u WHERE u.account_id = a.id AND u.phone IS NOT NULL ORDER BY (u.org_id = ${n.orgId}) DESC, u.id LIMIT 1)) AS phone,
      coalesce((SELECT u.true_name FROM user_info u WHERE u.account_id = a.id ORDER BY (u.org_id = ${n.orgId}) DESC, u.id LIMIT 1), a.user_name) AS name,
      ARRAY(SELECT DISTINCT u.user_type::int FROM user_info u WHERE u.account_id = a.id AND u.status = 0 AND NOT u.archived) AS types
      FROM account a JOIN r ON r.account_id = a.id),
    m AS (INSERT INTO message (account_id, org_id, event, title, content, link, created_at, read_at)
      SELECT p.account_id, ${n.orgId}, ${n.event}, ${perRecipient(fill(source.title || DEFAULT_MESSAGE_TEMPLATES[n.event].title))}, ${perRecipient(fill(source.content))},
        ${n.link ?? source.link}, ${now}, ${site.status === 0 ? null : now}::timestamptz FROM p RETURNING id, account_id, title, content)
    ${sql.join(pushes, sql``)}
    SELECT count(*)::int AS n FROM m`.execute(trx)
  return Number(made.rows[0]?.n ?? 0)
}

/** The org an account's messages are about when the action names none: its first membership, else the tenant's top org. */
export async function orgOfAccount(trx: Trx, accountId: number): Promise<number | null> {
  const own = await trx
    .selectFrom('user_info')
    .select('org_id')
    .where('account_id', '=', accountId)
    .orderBy('id')
    .executeTakeFirst()
  if (own) return own.org_id
  const top = await trx
    .selectFrom('org_unit')
    .select('id')
    .where('parent_id', 'is', null)
    .orderBy('id')
    .executeTakeFirst()
  return top?.id ?? null
}

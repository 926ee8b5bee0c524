import type { MessageEvent, MpScope, WechatBindScope } from '@zhixiao/shared'
import { sql, type Insertable, type RawBuilder, type Updateable } from 'kysely'
import type { Trx } from '../../db/database.js'
import type { MessagePushTable, MessageTemplateTable, MpAppTable } from '../../db/tables/messages.js'
import { paginate, type PageQuery } from '../../platform/paging.js'

// ---- The message centre

export function countUnread(trx: Trx, accountId: number) {
  return trx
    .selectFrom('message')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('account_id', '=', accountId)
    .where('read_at', 'is', null)
    .executeTakeFirstOrThrow()
}

/** One page of the account's messages, newest first (only the unread ones with unreadOnly). */
export function pageMessages(trx: Trx, accountId: number, unreadOnly: boolean, q: PageQuery) {
  let rows = trx.selectFrom('message').where('account_id', '=', accountId)
  if (unreadOnly) rows = rows.where('read_at', 'is', null)
  return paginate(
    rows.select(['id', 'event', 'title', 'content', 'link', 'created_at', 'read_at']).orderBy('id', 'desc'),
    rows,
    q,
  )
}

export function findOwnMessage(trx: Trx, accountId: number, id: number) {
  return trx
    .selectFrom('message')
    .select(['id', 'read_at'])
    .where('id', '=', id)
    .where('account_id', '=', accountId)
    .executeTakeFirst()
}

export function setMessageRead(trx: Trx, id: number, readAt: Date) {
  return trx.updateTable('message').set({ read_at: readAt }).where('id', '=', id).execute()
}

export function setAllUnreadRead(trx: Trx, accountId: number, readAt: Date) {
  return trx
    .updateTable('message')
    .set({ read_at: readAt })
    .where('account_id', '=', accountId)
    .where('read_at', 'is', null)
    .executeTakeFirst()
}

// ---- Message templates

/** Locks the template row for the save. */
export function lockTemplate(trx: Trx, id: number) {
  return trx.selectFrom('message_template').select(['id', 'org_id']).where('id', '=', id).forUpdate().executeTakeFirst()
}

export function updateTemplate(trx: Trx, id: number, values: Updateable<MessageTemplateTable>) {
  return trx.updateTable('message_template').set(values).where('id', '=', id).execute()
}

export function insertTemplate(trx: Trx, values: Insertable<MessageTemplateTable>) {
  return trx.insertInto('message_template').values(values).returning('id').executeTakeFirstOrThrow()
}

export function findTemplate(trx: Trx, id: number) {
  return trx.selectFrom('message_template').selectAll().where('id', '=', id).executeTakeFirst()
}

export function deleteTemplateRow(trx: Trx, id: number) {
  return trx.deleteFrom('message_template').where('id', '=', id).execute()
}

/** One page of the org's templates, newest first, filtered by event, push type and a name fragment when given. */
export function pageTemplateRows(
  trx: Trx,
  orgId: number,
  q: PageQuery & { event?: string; pushType?: string; name: string },
) {
  let rows = trx.selectFrom('message_template').where('org_id', '=', orgId)
  if (q.event) rows = rows.where('event', '=', q.event)
  if (q.pushType) rows = rows.where('push_type', '=', q.pushType)
  if (q.name) rows = rows.where('name', 'like', `%${q.name.replace(/[\\%_]/g, (c) => `\\${c}`)}%`)
  return paginate(rows.selectAll().orderBy('id', 'desc'), rows, q)
}

// ---- WeChat / DingTalk app settings (mp_app)

export function listAppRows(trx: Trx, scope: MpScope, orgId: number) {
  return trx
    .selectFrom('mp_app')
    .selectAll()
    .where('scope', '=', scope)
    .where('org_id', '=', orgId)
    .orderBy('id')
    .execute()
}

export function findApp(trx: Trx, id: number, scope: MpScope) {
  return trx.selectFrom('mp_app').selectAll().where('id', '=', id).where('scope', '=', scope).executeTakeFirst()
}

/** Locks the app row for the save. */
export function lockApp(trx: Trx, id: number, scope: MpScope) {
  return trx
    .selectFrom('mp_app')
    .select(['id', 'org_id'])
    .where('id', '=', id)
    .where('scope', '=', scope)
    .forUpdate()
    .executeTakeFirst()
}

export function updateApp(trx: Trx, id: number, values: Updateable<MpAppTable>) {
  return trx.updateTable('mp_app').set(values).where('id', '=', id).execute()
}

export function insertApp(trx: Trx, values: Insertable<MpAppTable>) {
  return trx.insertInto('mp_app').values(values).returning('id').executeTakeFirstOrThrow()
}

export function deleteAppRow(trx: Trx, id: number) {
  return trx.deleteFrom('mp_app').where('id', '=', id).execute()
}

export type AppRaw = {
  id: number
  scope: string
  org_id: number
  platform: string
  name: string
  app_id: string
  app_secret_sealed: string
  agent_id: string | null
  api_base: string | null
  template_map: Record<string, string>
  status: number
  updated_at: Date
}

/** The enabled service-account (or terminal) WeChat official account of the nearest org on the way up. */
export async function nearestWechatApp(trx: Trx, orgId: number, scope: WechatBindScope) {
  return (
    await sql<AppRaw>`SELECT a.* FROM mp_app a JOIN (WITH RECURSIVE up AS (
      SELECT id, parent_id, 0 AS depth FROM org_unit WHERE id = ${orgId} UNION ALL SELECT o.id, o.parent_id, up.depth + 1 FROM org_unit o JOIN up ON o.id = up.parent_id)
    SELECT id, depth FROM up) up ON a.org_id = up.id WHERE a.scope = ${scope} AND a.platform = 'wx_mp' AND a.status = 0 ORDER BY up.depth LIMIT 1`.execute(
      trx,
    )
  ).rows[0]
}

/** One openid is one person: drops the app's bindings of this openid or of this account. */
export function deleteOpenidBindings(trx: Trx, appId: number, openid: string, accountId: number) {
  return trx
    .deleteFrom('mp_openid')
    .where('app_id', '=', appId)
    .where((eb) => eb.or([eb('openid', '=', openid), eb('account_id', '=', accountId)]))
    .execute()
}

export function insertOpenidBinding(trx: Trx, appId: number, accountId: number, openid: string, createdAt: Date) {
  return trx
    .insertInto('mp_openid')
    .values({ app_id: appId, account_id: accountId, openid, created_at: createdAt })
    .execute()
}

// ---- Push dispatch (dispatch.ts)

/** Claims a batch of queued pushes: locks them, skipping rows another process holds. */
export function lockQueuedPushes(trx: Trx, queued: number, batch: number) {
  return trx
    .selectFrom('message_push')
    .select([
      'tenant_id',
      'id',
      'message_id',
      'channel',
      'target',
      'template_ref',
      'params',
      'text',
      'attempts',
      'app_id',
    ])
    .where('status', '=', queued)
    .orderBy('id')
    .limit(batch)
    .forUpdate()
    .skipLocked()
    .execute()
}

export function setPushStatusOfTenant(trx: Trx, tenantId: number, id: number, status: number) {
  return trx
    .updateTable('message_push')
    .set({ status })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .execute()
}

export function updatePush(trx: Trx, id: number, values: Updateable<MessagePushTable>) {
  return trx.updateTable('message_push').set(values).where('id', '=', id).execute()
}

export function findEnabledAppCredentials(trx: Trx, id: number) {
  return trx
    .selectFrom('mp_app')
    .select(['app_id', 'app_secret_sealed', 'api_base', 'agent_id'])
    .where('id', '=', id)
    .where('status', '=', 0)
    .executeTakeFirst()
}

/** The enabled app an openid is bound to (pushes queued before message_push.app_id existed). */
export function findEnabledAppCredentialsByOpenid(trx: Trx, openid: string) {
  return trx
    .selectFrom('mp_openid as o')
    .innerJoin('mp_app as a', (j) => j.onRef('a.tenant_id', '=', 'o.tenant_id').onRef('a.id', '=', 'o.app_id'))
    .select(['a.app_id', 'a.app_secret_sealed', 'a.api_base', 'a.agent_id'])
    .where('o.openid', '=', openid)
    .where('a.status', '=', 0)
    .executeTakeFirst()
}

export function findMessageLink(trx: Trx, id: number) {
  return trx.selectFrom('message').select('link').where('id', '=', id).executeTakeFirst()
}

// ---- External-hire mini-program (waipin.ts)

type WaipinAppRaw = {
  scope: string
  platform: string
  app_id: string
  app_secret_sealed: string
  api_base: string | null
}

/** The enabled waipin mini-program of this platform of the nearest org on the way up. */
export async function nearestWaipinApp(trx: Trx, orgId: number, platform: string) {
  return (
    await sql<WaipinAppRaw>`SELECT a.scope, a.platform, a.app_id, a.app_secret_sealed, a.api_base FROM mp_app a
    JOIN (WITH RECURSIVE up AS (SELECT id, parent_id, 0 AS depth FROM org_unit WHERE id = ${orgId}
      UNION ALL SELECT o.id, o.parent_id, up.depth + 1 FROM org_unit o JOIN up ON o.id = up.parent_id) SELECT id, depth FROM up) up ON a.org_id = up.id
    WHERE a.scope = 'waipin' AND a.platform = ${platform} AND a.status = 0 ORDER BY up.depth LIMIT 1`.execute(trx)
  ).rows[0]
}

export function findExternalStaffByPhone(trx: Trx, orgId: number, phone: string) {
  return trx
    .selectFrom('external_staff as x')
    .innerJoin('org_unit as o', (j) => j.onRef('o.tenant_id', '=', 'x.tenant_id').onRef('o.id', '=', 'x.org_id'))
    .leftJoin('dict_item as d', (j) => j.onRef('d.tenant_id', '=', 'x.tenant_id').onRef('d.id', '=', 'x.job_id'))
    .select([
      'x.name',
      'x.phone',
      'x.company',
      'x.start_date',
      'x.end_date',
      'x.status',
      'o.name as orgName',
      'd.name as jobName',
    ])
    .where('x.org_id', '=', orgId)
    .where('x.phone', '=', phone)
    .executeTakeFirst()
}

// ---- Notices (notice-service.ts, the message centre behind platform/notify.ts)

/** The orgs from orgId up to the top, each with its distance from orgId (0 for orgId itself). */
const ancestors = (
  orgId: number,
) => sql`(WITH RECURSIVE up AS (SELECT id, parent_id, 0 AS depth FROM org_unit WHERE id = ${orgId}
  UNION ALL SELECT o.id, o.parent_id, up.depth + 1 FROM org_unit o JOIN up ON o.id = up.parent_id) SELECT id, depth FROM up)`

export type NoticeTemplate = {
  push_type: string
  title: string
  content: string
  link: string
  sms_template_code: string | null
  wx_template_id: string | null
  status: number
}

/** The event's templates of orgId and the orgs above it, the nearest org's first. */
export async function listEventTemplatesUp(trx: Trx, orgId: number, event: MessageEvent): Promise<NoticeTemplate[]> {
  const rows =
    await sql<NoticeTemplate>`SELECT t.push_type, t.title, t.content, t.link, t.sms_template_code, t.wx_template_id, t.status
    FROM message_template t JOIN ${ancestors(orgId)} up ON t.org_id = up.id WHERE t.event = ${event} ORDER BY up.depth`.execute(
      trx,
    )
  return rows.rows
}

/** Per scope and platform, the teacher and parent terminals' app of the nearest org that is on. */
export async function listTerminalAppsUp(trx: Trx, orgId: number) {
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
  return rows.rows
}

/** The service account (WeChat official account) of the nearest org on the way up that is on. */
export async function nearestServiceAccount(trx: Trx, orgId: number) {
  return (
    await sql<{
      id: number
      template_map: Record<string, string>
    }>`SELECT a.id, a.template_map FROM mp_app a JOIN ${ancestors(orgId)} up ON a.org_id = up.id
    WHERE a.scope = 'service' AND a.platform = 'wx_mp' AND a.status = 0 ORDER BY up.depth LIMIT 1`.execute(trx)
  ).rows[0]
}

export function findOrgName(trx: Trx, orgId: number) {
  return trx.selectFrom('org_unit').select('name').where('id', '=', orgId).executeTakeFirst()
}

/** A terminal app's push: to the recipients whose live memberships are of `userTypes`. */
export type TerminalPush = {
  id: number
  platform: 'wx_mp' | 'dd_mini'
  template: string | null
  userTypes: readonly number[]
}

/** What insertNotices writes; the texts are filled but for {姓名} and {账号}, filled per recipient here. */
export interface NoticeRows {
  orgId: number
  event: MessageEvent
  /** Recipient accounts, or every active member of an org and the orgs below it. */
  to: readonly number[] | { orgSubtree: number }
  title: string
  content: string
  link: string
  now: Date
  /** Set: the message is made already read (the record of pushes whose in-app template is off). */
  readAt: Date | null
  /** {时间}, the remark of the WeChat template layouts. */
  time: string
  /** An SMS per recipient with a phone: the provider's template, its keyword values (the recipient's added), the text. */
  sms?: { templateCode: string; params: Record<string, string>; text: string }
  /** A service-account template message per recipient with an openid of `appId`. */
  wechat?: { appId: number; template: string; first: string; keyword1: string }
  terminals: readonly TerminalPush[]
}

/** A text with the recipient's own keywords ({姓名}, {账号}) filled per row in SQL. */
const perRecipient = (text: string): RawBuilder<string> =>
  sql<string>`replace(replace(${text}::text, '{姓名}', p.name), '{账号}', p.user_name)`

/**
 * One statement for any number of recipients: a message per recipient and, per push given, a queued push per
 * recipient it reaches (an SMS to those with a phone, a WeChat template message to those with an openid of the app,
 * a DingTalk work notice to those with a phone). Returns the number of messages made.
 */
export async function insertNotices(trx: Trx, n: NoticeRows): Promise<number> {
  const recipients = Array.isArray(n.to)
    ? sql`SELECT DISTINCT unnest(${sql.val([...n.to])}::bigint[]) AS account_id`
    : sql`SELECT DISTINCT u.account_id FROM user_info u WHERE u.org_id IN (WITH RECURSIVE down AS (SELECT id FROM org_unit WHERE id = ${(n.to as { orgSubtree: number }).orgSubtree}
        UNION ALL SELECT o.id FROM org_unit o JOIN down ON o.parent_id = down.id) SELECT id FROM down) AND u.status = 0 AND NOT u.archived`
  const pushes: RawBuilder<unknown>[] = []
  if (n.sms) {
    pushes.push(sql`, s AS (INSERT INTO message_push (message_id, channel, target, template_ref, params, text, created_at)
      SELECT m.id, 'sms', p.phone, ${n.sms.templateCode}, ${JSON.stringify(n.sms.params)}::jsonb || jsonb_build_object('姓名', p.name, '账号', p.user_name),
        ${perRecipient(n.sms.text)}, ${n.now} FROM m JOIN p ON p.account_id = m.account_id WHERE p.phone IS NOT NULL RETURNING 1)`)
  }
  if (n.wechat) {
    // The classic template layout (first / keyword1 / remark): the title, the text and the time.
    pushes.push(sql`, w AS (INSERT INTO message_push (message_id, channel, target, template_ref, params, text, created_at, app_id)
      SELECT m.id, 'wechat', o.openid, ${n.wechat.template}, jsonb_build_object('first', ${perRecipient(n.wechat.first)}, 'keyword1', ${perRecipient(n.wechat.keyword1)}, 'remark', ${n.time}::text),
        NULL, ${n.now}, ${n.wechat.appId}::bigint FROM m JOIN p ON p.account_id = m.account_id JOIN mp_openid o ON o.account_id = m.account_id AND o.app_id = ${n.wechat.appId} RETURNING 1)`)
  }
  n.terminals.forEach((a, i) => {
    const cte = sql.raw(`t${i}`)
    const reaches = sql`p.types && ${sql.val([...a.userTypes])}::int[]`
    if (a.platform === 'wx_mp') {
      // The terminal's official account, to the recipients who bound an openid of it; the same layout as the service account's.
      pushes.push(sql`, ${cte} AS (INSERT INTO message_push (message_id, channel, target, template_ref, params, text, created_at, app_id)
        SELECT m.id, 'wechat', o.openid, ${a.template}, jsonb_build_object('first', m.title, 'keyword1', m.content, 'remark', ${n.time}::text),
          NULL, ${n.now}, ${a.id}::bigint FROM m JOIN p ON p.account_id = m.account_id JOIN mp_openid o ON o.account_id = m.account_id AND o.app_id = ${a.id}
          WHERE ${reaches} RETURNING 1)`)
    } else {
      // A DingTalk work notice to the user with the recipient's phone: the mapped template, else a text notice.
      pushes.push(sql`, ${cte} AS (INSERT INTO message_push (message_id, channel, target, template_ref, params, text, created_at, app_id)
        SELECT m.id, 'dingtalk', p.phone, ${a.template}, jsonb_build_object('title', m.title, 'content', m.content, 'time', ${n.time}::text),
          m.content, ${n.now}, ${a.id}::bigint FROM m JOIN p ON p.account_id = m.account_id WHERE p.phone IS NOT NULL AND ${reaches} RETURNING 1)`)
    }
  })
  const made = await sql<{ n: number }>`WITH r AS (${recipients}),
    p AS (SELECT a.id AS account_id, a.user_name,
      coalesce(a.phone, (SELECT u.phone FROM user_info u WHERE u.account_id = a.id AND u.phone IS NOT NULL ORDER BY (u.org_id = ${n.orgId}) DESC, u.id LIMIT 1)) AS phone,
      coalesce((SELECT u.true_name FROM user_info u WHERE u.account_id = a.id ORDER BY (u.org_id = ${n.orgId}) DESC, u.id LIMIT 1), a.user_name) AS name,
      ARRAY(SELECT DISTINCT u.user_type::int FROM user_info u WHERE u.account_id = a.id AND u.status = 0 AND NOT u.archived) AS types
      FROM account a JOIN r ON r.account_id = a.id),
    m AS (INSERT INTO message (account_id, org_id, event, title, content, link, created_at, read_at)
      SELECT p.account_id, ${n.orgId}, ${n.event}, ${perRecipient(n.title)}, ${perRecipient(n.content)},
        ${n.link}, ${n.now}, ${n.readAt}::timestamptz FROM p RETURNING id, account_id, title, content)
    ${sql.join(pushes, sql``)}
    SELECT count(*)::int AS n FROM m`.execute(trx)
  return Number(made.rows[0]?.n ?? 0)
}

/** The org of an account's first membership. */
export function firstMembershipOrg(trx: Trx, accountId: number) {
  return trx
    .selectFrom('user_info')
    .select('org_id')
    .where('account_id', '=', accountId)
    .orderBy('id')
    .executeTakeFirst()
}

/** The tenant's first org without a parent. */
export function firstTopOrg(trx: Trx) {
  return trx.selectFrom('org_unit').select('id').where('parent_id', 'is', null).orderBy('id').executeTakeFirst()
}

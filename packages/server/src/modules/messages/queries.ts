import type { MpScope, WechatBindScope } from '@zhixiao/shared'
import { sql, type Insertable, type Updateable } from 'kysely'
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

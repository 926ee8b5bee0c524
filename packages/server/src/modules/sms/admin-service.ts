import {
  ErrorCode,
  maskPhone,
  SMS_EVENT_LABELS,
  SmsMsg,
  type SmsConfigSave,
  type SmsConfigView,
  type SmsEventName,
  type SmsLogRow,
  type SmsTemplate,
  type SmsTemplateCreate,
  type SmsTemplateUpdate,
  type SmsType,
  SUPER_ADMIN,
} from '@zhixiao/shared'
import type { Selectable } from 'kysely'
import type { SmsTemplateTable } from '../../db/schema.js'
import type { AppContext, AuthInfo } from '../../platform/context.js'
import { rethrowUnique } from '../../platform/db-errors.js'
import { badRequest, notFound, refused } from '../../platform/errors.js'
import type { Page, PageQuery } from '../../platform/paging.js'
import { isSuperAdminGrant, loadGrants } from '../../platform/permissions.js'
import { assertProviderUrls } from '../../platform/provider-url.js'
import {
  deleteSmsConfig,
  deleteTemplateRow,
  findAccountUserName,
  findLogText,
  findSmsConfig,
  findTemplate,
  insertSmsConfig,
  insertTemplate,
  lockSmsConfig,
  pageSmsLog,
  pageTemplates,
  updateSmsConfig,
  updateTemplateRow,
} from './queries.js'

// ---- config (one row per tenant) ----

export async function getConfig(ctx: AppContext, tenantId: number): Promise<SmsConfigView> {
  const row = await ctx.db.tenant(tenantId, findSmsConfig)
  return {
    smsType: (row?.sms_type ?? 'outbox') as SmsType,
    accessKeyId: row?.access_key_id ?? null,
    hasSecret: !!row?.access_key_secret,
    signName: row?.sign_name ?? null,
    endpoint: row?.endpoint ?? null,
    passwordLoginSmsStep: row?.password_login_sms_step ?? false,
    updatedAt: row ? new Date(row.updated_at).toISOString() : null,
  }
}

/** Saves the tenant's provider; an empty secret keeps the stored one, a new one is sealed before it is stored. */
export async function saveConfig(ctx: AppContext, auth: AuthInfo, body: SmsConfigSave): Promise<void> {
  const now = ctx.clock.now()
  assertProviderUrls(ctx.config.allowLoopbackProviders, body.endpoint)
  const secret = body.accessKeySecret ? ctx.secrets.seal(body.accessKeySecret) : undefined
  await ctx.db.tenant(auth.tenantId, async (trx) => {
    const old = await lockSmsConfig(trx)
    const keep = body.smsType === 'outbox' ? null : (old?.access_key_secret ?? null)
    const values = {
      sms_type: body.smsType,
      access_key_id: body.accessKeyId || null,
      access_key_secret: secret ?? keep,
      sign_name: body.signName || null,
      endpoint: body.endpoint || null,
      password_login_sms_step: body.passwordLoginSmsStep ?? old?.password_login_sms_step ?? false,
      updated_at: now,
    }
    if (body.smsType === 'aliyun' && (!values.access_key_id || !values.access_key_secret || !values.sign_name))
      throw badRequest(SmsMsg.CONFIG_INCOMPLETE)
    if (old) await updateSmsConfig(trx, values)
    else await insertSmsConfig(trx, values)
  })
}

/** Back to the outbox: the stored keys are deleted, not kept. */
export async function removeConfig(ctx: AppContext, auth: AuthInfo): Promise<void> {
  await ctx.db.tenant(auth.tenantId, deleteSmsConfig)
}

// ---- templates ----

function toTemplate(r: Selectable<SmsTemplateTable>): SmsTemplate {
  const event = r.event as SmsEventName
  return {
    id: r.id,
    event,
    eventName: SMS_EVENT_LABELS[event] ?? r.event,
    name: r.name,
    templateCode: r.template_code,
    content: r.content,
    status: r.status,
    createdAt: new Date(r.created_at).toISOString(),
  }
}

export async function templatePage(
  ctx: AppContext,
  auth: AuthInfo,
  q: PageQuery & { event?: SmsEventName },
): Promise<Page<SmsTemplate>> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const page = await pageTemplates(trx, q)
    return { ...page, list: page.list.map(toTemplate) }
  })
}

export async function getTemplate(ctx: AppContext, auth: AuthInfo, id: number): Promise<SmsTemplate> {
  const row = await ctx.db.tenant(auth.tenantId, (trx) => findTemplate(trx, id))
  if (!row) throw notFound()
  return toTemplate(row)
}

export async function createTemplate(ctx: AppContext, auth: AuthInfo, b: SmsTemplateCreate): Promise<number> {
  try {
    return await ctx.db.tenant(
      auth.tenantId,
      async (trx) =>
        (
          await insertTemplate(trx, {
            event: b.event,
            name: b.name,
            template_code: b.templateCode || null,
            content: b.content,
            status: b.status,
          })
        ).id,
    )
  } catch (e) {
    rethrowUnique(e, {}, SmsMsg.TEMPLATE_EXISTS)
  }
}

export async function updateTemplate(ctx: AppContext, auth: AuthInfo, b: SmsTemplateUpdate): Promise<void> {
  try {
    const n = await ctx.db.tenant(
      auth.tenantId,
      async (trx) =>
        (
          await updateTemplateRow(trx, b.id, {
            event: b.event,
            name: b.name,
            template_code: b.templateCode || null,
            content: b.content,
            status: b.status,
          })
        ).numUpdatedRows,
    )
    if (n === 0n) throw notFound()
  } catch (e) {
    rethrowUnique(e, {}, SmsMsg.TEMPLATE_EXISTS)
  }
}

export async function deleteTemplate(ctx: AppContext, auth: AuthInfo, id: number): Promise<void> {
  const r = await ctx.db.tenant(auth.tenantId, (trx) => deleteTemplateRow(trx, id))
  if (r.numDeletedRows === 0n) throw notFound()
}

// ---- log ----

/** Is the caller the super administrator (who may read another tenant's SMS log)? */
export async function isSuperAdmin(ctx: AppContext, auth: AuthInfo): Promise<boolean> {
  if (auth.tenantId !== SUPER_ADMIN.tenantId) return false
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const acc = await findAccountUserName(trx, auth.accountId)
    return (
      !!acc &&
      isSuperAdminGrant(auth.tenantId, auth.orgId, acc.user_name, (await loadGrants(trx, auth.userInfoId)).roles)
    )
  })
}

export interface LogQuery extends PageQuery {
  phone?: string
  event?: SmsEventName
  status?: string
}

export async function logPage(ctx: AppContext, tenantId: number, q: LogQuery): Promise<Page<SmsLogRow>> {
  return ctx.db.tenant(tenantId, async (trx) => {
    const page = await pageSmsLog(trx, q)
    return {
      ...page,
      list: page.list.map((r) => ({
        id: r.id,
        phone: maskPhone(r.phone),
        userName: r.user_name,
        event: r.event as SmsEventName,
        eventName: SMS_EVENT_LABELS[r.event as SmsEventName] ?? r.event,
        provider: r.provider,
        status: r.status as SmsLogRow['status'],
        content: r.content_masked,
        error: r.error,
        ip: r.ip,
        createdAt: new Date(r.created_at).toISOString(),
        fullTextAvailable: r.provider === 'outbox' && !!r.content_sealed,
      })),
    }
  })
}

/** The super administrator reads an outbox message's full text (a fresh install has no other way to receive a code). */
export async function logFullText(
  ctx: AppContext,
  tenantId: number,
  id: number,
): Promise<{ phone: string; content: string }> {
  const row = await ctx.db.platform((trx) => findLogText(trx, tenantId, id))
  if (!row) throw notFound()
  if (row.provider !== 'outbox' || !row.content_sealed) throw refused(ErrorCode.FORBIDDEN, SmsMsg.OUTBOX_ONLY)
  return { phone: row.phone, content: ctx.secrets.open(row.content_sealed) }
}

import { SMS_EVENT_LABELS, SmsErrorCode, SmsMsg, type SmsEventName, type SmsType } from '@zhixiao/shared'
import type { AppContext } from '../../platform/context.js'
import { AppError, refused } from '../../platform/errors.js'
import { providerUrlAllowed } from '../../platform/provider-url.js'
import { aliyunProvider } from './providers/aliyun.js'
import { outboxProvider } from './providers/outbox.js'
import type { SmsProvider } from './providers/types.js'
import { findActiveTemplate, findSmsConfig, insertSmsLog } from './queries.js'

/** The text a tenant without its own template sends; ${code} is the code. */
const DEFAULT_TEMPLATE_TEXT = '您的验证码为${code}，5分钟内有效，用于${event}，请勿泄露给他人。'
const CODE_MASK = '******'

export interface Delivery {
  tenantId: number
  phone: string
  event: SmsEventName
  code: string
  ip: string
  accountId: number | null
  /** Log the send as skipped (a phone without an account) and send nothing. */
  skip: boolean
}

/** The tenant's provider: outbox unless an Alibaba config with a secret is saved. */
export async function providerOf(
  ctx: AppContext,
  tenantId: number,
): Promise<{ provider: SmsProvider; signName: string | null }> {
  const cfg = await ctx.db.tenant(tenantId, findSmsConfig)
  const type = (cfg?.sms_type ?? 'outbox') as SmsType
  if (type === 'aliyun' && cfg?.access_key_id && cfg.access_key_secret) {
    return {
      provider: aliyunProvider({
        accessKeyId: cfg.access_key_id,
        accessKeySecret: ctx.secrets.open(cfg.access_key_secret),
        // An address stored before provider addresses had to be https is not used: Alibaba's own (the default) is.
        endpoint:
          cfg.endpoint && providerUrlAllowed(cfg.endpoint, ctx.config.allowLoopbackProviders) ? cfg.endpoint : null,
      }),
      signName: cfg.sign_name,
    }
  }
  return { provider: outboxProvider, signName: cfg?.sign_name ?? null }
}

/**
 * Renders the event's template, sends it through the tenant's provider and writes the SMS log. The log keeps the
 * text with the code masked; only an outbox message keeps its full text, sealed (ctx.secrets), for the super
 * administrator to read.
 */
export async function deliverCode(
  ctx: AppContext,
  d: Delivery,
): Promise<{ ok: true } | { ok: false; error: AppError }> {
  const now = ctx.clock.now()
  const { provider, signName } = await providerOf(ctx, d.tenantId)
  const template = await ctx.db.tenant(d.tenantId, (trx) => findActiveTemplate(trx, d.event))
  const content = template?.content ?? DEFAULT_TEMPLATE_TEXT
  const render = (code: string) => content.replaceAll('${code}', code).replaceAll('${event}', SMS_EVENT_LABELS[d.event])
  const text = render(d.code)
  const log = (status: 'outbox' | 'sent' | 'failed' | 'skipped', error: string | null) =>
    ctx.db.tenant(d.tenantId, (trx) =>
      insertSmsLog(trx, {
        phone: d.phone,
        account_id: d.accountId,
        event: d.event,
        provider: provider.type,
        status,
        content_masked: render(CODE_MASK),
        content_sealed: provider.type === 'outbox' && status === 'outbox' ? ctx.secrets.seal(text) : null,
        error,
        ip: d.ip,
        created_at: now,
      }),
    )

  if (d.skip) {
    await log('skipped', null)
    return { ok: true }
  }
  if (provider.type !== 'outbox' && !template?.template_code) {
    await log('failed', 'no template code for this event')
    return { ok: false, error: refused(SmsErrorCode.NOT_CONFIGURED, SmsMsg.TEMPLATE_MISSING) }
  }
  const result = await provider.send({
    phone: d.phone,
    signName,
    templateCode: template?.template_code ?? null,
    params: { code: d.code },
    text,
  })
  if (!result.ok) {
    await log('failed', result.error)
    return { ok: false, error: refused(SmsErrorCode.SEND_FAILED, SmsMsg.SEND_FAILED) }
  }
  await log(provider.type === 'outbox' ? 'outbox' : 'sent', null)
  return { ok: true }
}

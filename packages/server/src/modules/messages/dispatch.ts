import type { AppContext } from '../../platform/context.js'
import { dingtalkProvider, type DingtalkProvider } from '../../platform/providers/dingtalk.js'
import { wechatProvider, type WechatProvider } from '../../platform/providers/wechat.js'
import { usableProviderUrl } from '../../platform/provider-url.js'
import { providerOf } from '../sms/sender.js'
import {
  findEnabledAppCredentials,
  findEnabledAppCredentialsByOpenid,
  findMessageLink,
  lockQueuedPushes,
  setPushStatusOfTenant,
  updatePush,
} from './queries.js'

/**
 * 0 queued, 1 sent, 2 failed for good (after MAX_ATTEMPTS), 3 being sent. A process that dies while sending leaves
 * its row at 3 and it is not sent again: at most once, since a second copy of a message is worse than a lost one.
 */
const PushStatus = { QUEUED: 0, SENT: 1, FAILED: 2, SENDING: 3 } as const
const MAX_ATTEMPTS = 3
const BATCH = 50

/** The process's WeChat and DingTalk clients: their access-token caches live as long as the process. */
let shared: WechatProvider | null = null
export const defaultWechat = (): WechatProvider => (shared ??= wechatProvider())
let sharedDd: DingtalkProvider | null = null
export const defaultDingtalk = (): DingtalkProvider => (sharedDd ??= dingtalkProvider())
export interface Providers {
  wechat?: WechatProvider
  dingtalk?: DingtalkProvider
}

type Claimed = {
  tenant_id: number
  id: number
  message_id: number
  channel: string
  target: string
  template_ref: string | null
  params: Record<string, string>
  text: string | null
  attempts: number
  app_id: number | null
}

/**
 * Sends queued pushes (rows notify() wrote and whose transaction committed). A row is claimed in a short
 * transaction (FOR UPDATE SKIP LOCKED, then status 3), so two processes never send one push twice, and sent with
 * no transaction open: the embedded database's one connection is never held across a provider's HTTP call. A
 * refusal goes back to the queue for later drains until MAX_ATTEMPTS. Returns how many rows it handled.
 */
export async function drainPushes(ctx: AppContext, providers: Providers = {}): Promise<number> {
  const wechat = providers.wechat ?? defaultWechat()
  const dingtalk = providers.dingtalk ?? defaultDingtalk()
  const claimed = await ctx.db.platform(async (trx) => {
    const rows = await lockQueuedPushes(trx, PushStatus.QUEUED, BATCH)
    for (const r of rows) {
      await setPushStatusOfTenant(trx, r.tenant_id, r.id, PushStatus.SENDING)
    }
    return rows as Claimed[]
  })
  for (const p of claimed) {
    let result: { ok: true } | { ok: false; error: string }
    try {
      result = await sendOne(ctx, { wechat, dingtalk }, p)
    } catch (e) {
      result = { ok: false, error: (e as Error).message }
    }
    const attempts = p.attempts + 1
    await ctx.db.tenant(p.tenant_id, (trx) =>
      updatePush(
        trx,
        p.id,
        result.ok
          ? { status: PushStatus.SENT, attempts, sent_at: ctx.clock.now(), error: null }
          : {
              status: attempts >= MAX_ATTEMPTS ? PushStatus.FAILED : PushStatus.QUEUED,
              attempts,
              error: result.error.slice(0, 500),
            },
      ),
    )
  }
  return claimed.length
}

async function sendOne(
  ctx: AppContext,
  providers: Required<Providers>,
  p: Claimed,
): Promise<{ ok: true } | { ok: false; error: string }> {
  if (p.channel === 'sms') {
    const { provider, signName } = await providerOf(ctx, p.tenant_id)
    return provider.send({
      phone: p.target,
      signName,
      templateCode: p.template_ref,
      params: p.params,
      text: p.text ?? '',
    })
  }
  // The push's own app (a terminal's or the service account's); rows queued before app_id existed find it by openid.
  const { app, msg } = await ctx.db.tenant(p.tenant_id, async (trx) => ({
    app:
      p.app_id !== null
        ? await findEnabledAppCredentials(trx, p.app_id)
        : await findEnabledAppCredentialsByOpenid(trx, p.target),
    msg: await findMessageLink(trx, p.message_id),
  }))
  if (p.channel === 'dingtalk') {
    if (!app?.agent_id) return { ok: false, error: 'no DingTalk app (or no AgentId) for this push' }
    return providers.dingtalk.sendWorkNotice(
      {
        appKey: app.app_id,
        appSecret: ctx.secrets.open(app.app_secret_sealed),
        agentId: app.agent_id,
        apiBase: usableProviderUrl(app.api_base, ctx.config.allowLoopbackProviders),
      },
      {
        mobile: p.target,
        templateId: p.template_ref,
        title: p.params.title ?? '',
        content: p.text ?? p.params.content ?? '',
        data: p.params,
      },
    )
  }
  const wechat = providers.wechat
  if (!app || !p.template_ref) return { ok: false, error: 'no WeChat app or template for this push' }
  return wechat.sendTemplate(
    {
      appId: app.app_id,
      appSecret: ctx.secrets.open(app.app_secret_sealed),
      apiBase: usableProviderUrl(app.api_base, ctx.config.allowLoopbackProviders),
    },
    {
      openid: p.target,
      templateId: p.template_ref,
      data: p.params,
      url: msg?.link && /^https?:/.test(msg.link) ? msg.link : undefined,
    },
  )
}

/** Drains the queue every few seconds in the background of the server process (installed in app.ts). */
export function pushDispatcher(ctx: AppContext, log: (msg: string, err?: unknown) => void) {
  let timer: ReturnType<typeof setInterval> | undefined
  let running: Promise<unknown> | null = null
  const tick = () => {
    if (running) return
    running = drainPushes(ctx)
      .catch((e) => log('message push failed', e))
      .finally(() => {
        running = null
      })
  }
  return {
    start(everyMs = 5000) {
      timer = setInterval(tick, everyMs)
      timer.unref()
    },
    async stop() {
      clearInterval(timer)
      await running
    },
  }
}

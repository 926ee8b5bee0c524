import { OpenNotifyMsg, type OpenBadgesBody, type OpenMessageBody } from '@zhixiao/shared'
import type { Trx } from '../../db/database.js'
import type { AppContext } from '../../platform/context.js'
import { badRequest } from '../../platform/errors.js'
import { notify } from '../../platform/notify.js'
import { logAppAccess, subjectFor, type HubClient } from '../app-clients/hub-client.js'
import type { AppCaller } from '../directory/app-token.js'
import { deleteBadges, liveMemberIds, liveMembersByIds, upsertBadges } from './queries.js'

/**
 * An app's messages and badges (docs/open-platform.md "Messages and badges"). People are named by the app's subject
 * ids; every one must be a live member of the token's tenant (row-level security keeps other tenants' people out of
 * reach), else the whole call is refused naming the first unknown one and nothing is written.
 */
type Member = Awaited<ReturnType<typeof liveMembersByIds>>[number]

/** Each sub's membership, in the order given; 400 接收人不存在：<sub> for the first that is none of the tenant's. */
async function resolve(ctx: AppContext, trx: Trx, client: HubClient, subs: readonly string[]) {
  const idOf = new Map<string, number>()
  if (client.subjectType === 'public') {
    for (const s of subs) if (/^[1-9]\d{0,15}$/.test(s) && Number.isSafeInteger(Number(s))) idOf.set(s, Number(s))
  } else {
    // A pairwise sub is a keyed digest: it cannot be reversed, so the tenant's members are digested and matched
    // (one id-only read and one HMAC per member).
    const wanted = new Set(subs)
    for (const { id } of await liveMemberIds(trx)) {
      const s = subjectFor(ctx, client, id)
      if (wanted.has(s)) idOf.set(s, id)
    }
  }
  const members = new Map((await liveMembersByIds(trx, [...new Set(idOf.values())])).map((m) => [m.id, m]))
  const out = new Map<string, Member>()
  for (const s of subs) {
    const m = members.get(idOf.get(s) ?? 0)
    if (!m) throw badRequest(`${OpenNotifyMsg.UNKNOWN_SUB}${s}`)
    out.set(s, m)
  }
  return out
}

/**
 * POST /open/v1/messages: one 应用通知 (appNotice) per person through the message centre's notify(), per school so
 * each school's templates apply (its SMS / WeChat templates for the event send pushes too). The link opens the app:
 * the message's own, else the app's entry address. Answers how many messages were made.
 */
export function sendMessages(ctx: AppContext, caller: AppCaller, b: OpenMessageBody) {
  const { client } = caller
  return ctx.db.tenant(caller.tenantId, async (trx) => {
    const people = await resolve(ctx, trx, client, b.to)
    // An account is told once, even when the app named two of its memberships.
    const byOrg = new Map<number, Set<number>>()
    const told = new Set<number>()
    for (const m of people.values()) {
      if (told.has(m.account_id)) continue
      told.add(m.account_id)
      const set = byOrg.get(m.org_id) ?? new Set<number>()
      byOrg.set(m.org_id, set.add(m.account_id))
    }
    const entry = client.entryUrl && /^https?:\/\//i.test(client.entryUrl) ? client.entryUrl : ''
    let sent = 0
    for (const [orgId, accounts] of byOrg) {
      sent += await notify(trx, ctx, {
        event: 'appNotice',
        orgId,
        to: [...accounts],
        values: { 应用名称: client.appName, 标题: b.title, 内容: b.content },
        link: b.link || entry,
      })
    }
    await logAppAccess(trx, {
      appId: client.appId,
      clientId: client.clientId,
      kind: 'notify',
      scope: caller.scope,
      detail: `/open/v1/messages ${sent}`,
      ip: caller.ip,
    })
    return { sent }
  })
}

/**
 * PUT /open/v1/badges: each person's count of things waiting in this app (the portal's red dot on it); 0 removes it.
 * A sub named twice takes its last count.
 */
export function setBadges(ctx: AppContext, caller: AppCaller, b: OpenBadgesBody) {
  const { client } = caller
  return ctx.db.tenant(caller.tenantId, async (trx) => {
    const people = await resolve(
      ctx,
      trx,
      client,
      b.counts.map((c) => c.sub),
    )
    const last = new Map<number, number>()
    for (const c of b.counts) last.set(people.get(c.sub)!.id, c.count)
    const set = [...last].filter(([, n]) => n > 0).map(([userInfoId, count]) => ({ userInfoId, count }))
    const cleared = [...last].filter(([, n]) => n === 0).map(([id]) => id)
    await upsertBadges(trx, client.appId, set, ctx.clock.now())
    await deleteBadges(trx, client.appId, cleared)
    await logAppAccess(trx, {
      appId: client.appId,
      clientId: client.clientId,
      kind: 'notify',
      scope: caller.scope,
      detail: `/open/v1/badges ${last.size}`,
      ip: caller.ip,
    })
    return { updated: last.size }
  })
}

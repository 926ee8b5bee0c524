import {
  RED_DOT_MENUS,
  type RedDot,
  type RedDotAnswer,
  type RedDotMenu,
  type RedDotRule,
  type RedDotTarget,
  type RedDotTargets,
} from '@zhixiao/shared'
import type { Trx } from '../../db/database.js'
import type { AppContext, AuthInfo } from '../../platform/context.js'
import { offerable, viewerOf, type Viewer } from '../apps/registry.js'
import { handledClassIds } from '../complaints/class-service.js'
import { LIST_CODE } from '../complaints/complaint-service.js'
import { resolveNamed } from '../portal-config/named-config.js'
import { redotMsgCfg } from './configs.js'
import {
  appBadgesOf,
  appsInViewByKeys,
  countPendingComplaints,
  countPendingJoinRequests,
  countUnreadMessages,
  insertSeenRules,
  listAppsInView,
  seenRuleIds,
} from './queries.js'

/** The permission that lets a member see a header entry (the web shows the entries by the same codes). */
const MENU_NEEDS: Record<RedDotMenu, readonly string[] | null> = {
  feedback: null,
  portalAdmin: ['sc_menhu', 'sc_menhu_pc'],
}

const seesMenu = (v: Viewer, key: RedDotMenu): boolean => {
  const need = MENU_NEEDS[key]
  return !need || need.some((c) => v.permissions.has(c))
}

const JOIN_AUDIT_CODE = 'base_teacher_join_audit'
const targetKey = (t: RedDotTarget) => `${t.kind}:${t.key}`

/** A rule's count for this member, from data the member may see (permission and org), computed once per source. */
function sourceCounter(trx: Trx, auth: AuthInfo, v: Viewer) {
  const cache = new Map<string, Promise<number>>()
  const compute = async (source: RedDotRule['source']): Promise<number> => {
    switch (source) {
      case 'manual':
        return 0
      case 'joinAudit': {
        // As the join-audit list shows them: pending requests to the member's own org, for holders of its code.
        if (!v.permissions.has(JOIN_AUDIT_CODE)) return 0
        const r = await countPendingJoinRequests(trx, auth.orgId)
        return Number(r.n)
      }
      case 'complaints': {
        // As complaints' pendingCount: the whole org for list holders, else the classes the member handles.
        let ids: number[] | undefined
        if (!v.permissions.has(LIST_CODE)) {
          ids = await handledClassIds(trx, auth)
          if (!ids.length) return 0
        }
        return Number((await countPendingComplaints(trx, auth.orgId, ids)).n)
      }
      case 'messages': {
        // The message centre's own rule: the account's unread messages.
        const r = await countUnreadMessages(trx, auth.accountId)
        return Number(r.n)
      }
    }
  }
  return (source: RedDotRule['source']) => {
    let p = cache.get(source)
    if (!p) {
      p = compute(source)
      cache.set(source, p)
    }
    return p
  }
}

/** Manual marks still running: no end date, or not past its day (China time). */
const running = (r: RedDotRule, today: string) => r.endDate === null || r.endDate >= today

/**
 * GET /base/api/redot/counts: every target with a dot for the signed-in member. A rule on an app counts only
 * when the member is offered the app; one on a header entry only when the member sees that entry; each count
 * source reads only what the member may handle (see sourceCounter). An app's own badge for the member (set by the
 * app, PUT /open/v1/badges) adds to the app's count under the same offer rule, while red dots are on.
 */
export function redDotCounts(ctx: AppContext, auth: AuthInfo): Promise<RedDotAnswer> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const cfg = (await resolveNamed(trx, redotMsgCfg, auth.orgId)).value
    const rules = cfg.enabled ? cfg.rules.filter((r) => r.enabled) : []
    const badges = cfg.enabled ? await appBadgesOf(trx, auth.userInfoId) : []
    if (!rules.length && !badges.length) return { enabled: cfg.enabled, maxCount: cfg.maxCount, dots: [] }
    const v = await viewerOf(trx, auth, ctx.clock.now())
    const appKeys = [
      ...new Set([
        ...rules.filter((r) => r.target.kind === 'app').map((r) => r.target.key),
        ...badges.map((b) => b.unique_id),
      ]),
    ]
    const apps = appKeys.length ? await appsInViewByKeys(trx, v, appKeys) : []
    const openable = new Set(
      apps
        .filter((a) => offerable(v, a) && !a.is_scrap && !(a.expire_date && a.expire_date < v.today))
        .map((a) => a.unique_id),
    )
    const seen = new Set(
      rules.length
        ? (
            await seenRuleIds(
              trx,
              auth.userInfoId,
              rules.map((r) => r.id),
            )
          ).map((r) => r.rule_id)
        : [],
    )
    const count = sourceCounter(trx, auth, v)
    const dots = new Map<string, RedDot>()
    for (const r of rules) {
      const t = r.target
      if (t.kind === 'app' ? !openable.has(t.key) : !seesMenu(v, t.key as RedDotMenu)) continue
      const d = dots.get(targetKey(t)) ?? { kind: t.kind, key: t.key, count: 0, dot: false, label: null }
      if (r.source === 'manual') {
        if (seen.has(r.id) || !running(r, v.today)) continue
        if (r.style === 'new') d.label = '新'
        else d.dot = true
      } else {
        const n = await count(r.source)
        if (n <= 0) continue
        if (r.style === 'count') d.count += n
        else d.dot = true
      }
      dots.set(targetKey(t), d)
    }
    for (const b of badges) {
      if (b.count <= 0 || !openable.has(b.unique_id)) continue
      const t: RedDotTarget = { kind: 'app', key: b.unique_id }
      const d = dots.get(targetKey(t)) ?? { ...t, count: 0, dot: false, label: null }
      d.count += b.count
      dots.set(targetKey(t), d)
    }
    return { enabled: cfg.enabled, maxCount: cfg.maxCount, dots: [...dots.values()] }
  })
}

/** POST /base/api/redot/open: the member opened the target, so its manual marks are gone for them. Answers how many. */
export function openRedDot(ctx: AppContext, auth: AuthInfo, target: RedDotTarget): Promise<number> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const cfg = (await resolveNamed(trx, redotMsgCfg, auth.orgId)).value
    const ids = cfg.rules
      .filter((r) => r.source === 'manual' && r.target.kind === target.kind && r.target.key === target.key)
      .map((r) => r.id)
    if (!ids.length) return 0
    const now = ctx.clock.now()
    const r = await insertSeenRules(trx, auth.userInfoId, ids, now)
    return Number(r.numInsertedOrUpdatedRows ?? 0)
  })
}

/** GET /base/api/redot/targets: what a rule may point at (the apps of the admin's org, the header entries). */
export function redDotTargets(ctx: AppContext, auth: AuthInfo): Promise<RedDotTargets> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const v = await viewerOf(trx, auth, ctx.clock.now())
    const apps = await listAppsInView(trx, v)
    return {
      apps: apps.map((a) => ({ uniqueId: a.unique_id, name: a.name })),
      menus: Object.entries(RED_DOT_MENUS).map(([key, name]) => ({ key, name })),
    }
  })
}

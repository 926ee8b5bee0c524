import {
  chinaDay,
  ErrorCode,
  RETENTION_DEFAULTS,
  RetentionMsg,
  SCRUB_DOMAIN_LABEL,
  SCRUB_DOMAINS,
  type HoldAddBody,
  type HoldPageBody,
  type HoldReleaseBody,
  type HoldRow,
  type LeaverPageBody,
  type LeaverRow,
  type RetentionPolicy,
  type RetentionPolicyAnswer,
  type ScrubDomain,
  type ScrubJournalPageBody,
  type ScrubJournalRow,
  type ScrubRunAnswer,
} from '@zhixiao/shared'
import type { Trx } from '../../db/database.js'
import type { AppContext, AuthInfo } from '../../platform/context.js'
import { notFound, refused } from '../../platform/errors.js'
import { recordOp } from '../../platform/op-log.js'
import { paginate, type Page } from '../../platform/paging.js'
import {
  findLiveHold,
  findMember,
  findPolicy,
  hasLiveMembership,
  holdQuery,
  insertHold,
  insertJournal,
  insertSystemOp,
  journalQuery,
  leaverQuery,
  leaversDue,
  releaseHoldRow,
  scrubConsent,
  scrubContact,
  scrubFamily,
  scrubMedia,
  tenantsWithLeavers,
  upsertPolicy,
  type Leaver,
} from './retention-queries.js'

/**
 * The retention scrub (issue 26 point 6; docs/privacy.md "Retention and requests"), modelled on Gibbon's data
 * retention: fields are cleared, rows are kept. After a person leaves (change records with effect 'leave' archive the
 * membership: 毕业, 转出, 退学 …) each domain of the field policy is cleared once its period has passed. The 学籍
 * core — name, student number, school, class, dates, change records, and the identity domain (ID number, birth date,
 * ethnicity, political status) — stays, as do the statistics that count it.
 */
const DAY = 86_400_000

async function policyOf(trx: Trx): Promise<RetentionPolicyAnswer> {
  const row = await findPolicy(trx)
  if (!row) return { policy: { ...RETENTION_DEFAULTS }, custom: false, updatedAt: null }
  return {
    policy: {
      contact: row.contact_days,
      family: row.family_days,
      media: row.media_days,
      health: row.health_days,
      consent: row.consent_days,
    },
    custom: true,
    updatedAt: chinaDay(row.updated_at),
  }
}

export const retentionPolicy = (ctx: AppContext, auth: AuthInfo) => ctx.db.tenant(auth.tenantId, policyOf)

export function saveRetentionPolicy(ctx: AppContext, auth: AuthInfo, p: RetentionPolicy): Promise<void> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const before = (await policyOf(trx)).policy
    await upsertPolicy(trx, {
      tenant_id: auth.tenantId,
      contact_days: p.contact,
      family_days: p.family,
      media_days: p.media,
      health_days: p.health,
      consent_days: p.consent,
      updated_by: auth.userInfoId,
    })
    await recordOp(trx, auth, { module: '个人信息保留', action: '修改保留期限', detail: { before, after: p } })
  })
}

/** The domains of a leaver whose period has passed at `now` and that are not yet scrubbed. */
const dueDomains = (l: Pick<Leaver, 'archived_at' | 'done'>, p: RetentionPolicy, now: Date): ScrubDomain[] =>
  SCRUB_DOMAINS.filter((d) => !l.done.includes(d) && l.archived_at!.getTime() + p[d] * DAY <= now.getTime())

interface ScrubBy {
  cause: 'schedule' | 'manual' | 'request'
  auth?: AuthInfo
  requestId?: number
}

/**
 * Clears `domains` of one membership in the caller's transaction, journals them and writes the operation log.
 * Account-wide facts (the login phone, the e-mail, the account's join requests) are cleared only when no other
 * membership of the account is still live: a student who moved on to another school of the district keeps them.
 */
export async function scrubMember(
  trx: Trx,
  m: { id: number; org_id: number; account_id: number; true_name: string },
  domains: readonly ScrubDomain[],
  by: ScrubBy,
  now: Date,
): Promise<void> {
  if (!domains.length) return
  const accountToo = !(await hasLiveMembership(trx, m.account_id, m.id))
  for (const d of domains) {
    if (d === 'contact') await scrubContact(trx, m, accountToo)
    else if (d === 'family') await scrubFamily(trx, m.id)
    else if (d === 'media') await scrubMedia(trx, m.id)
    else if (d === 'consent') await scrubConsent(trx, m.id)
    // health: no column holds health notes yet (docs/privacy.md: journaled so the first column has its place).
  }
  await insertJournal(trx, {
    user_info_id: m.id,
    org_id: m.org_id,
    subject_name: m.true_name,
    domains: [...domains],
    cause: by.cause,
    request_id: by.requestId ?? null,
    actor_user_info_id: by.auth?.userInfoId ?? null,
    at: now,
  })
  // Which domains, never the values cleared.
  const detail = { domains: domains.map((d) => SCRUB_DOMAIN_LABEL[d]), cause: by.cause }
  if (by.auth)
    await recordOp(trx, by.auth, {
      module: '个人信息保留',
      action: by.cause === 'request' ? '按申请删除' : '立即清理',
      target: m.true_name,
      detail,
      important: true,
    })
  else await insertSystemOp(trx, m.org_id, m.true_name, detail)
}

/**
 * The due scrub of one tenant: one transaction per person (a failure leaves the others done and itself untouched).
 * Idempotent: a domain journaled since the person left is never cleared again.
 */
async function scrubTenant(ctx: AppContext, tenantId: number, by: ScrubBy): Promise<ScrubRunAnswer> {
  const now = ctx.clock.now()
  const { policy, leavers } = await ctx.db.tenant(tenantId, async (trx) => {
    const p = (await policyOf(trx)).policy
    const earliest = new Date(now.getTime() - Math.min(...SCRUB_DOMAINS.map((d) => p[d])) * DAY)
    return { policy: p, leavers: await leaversDue(trx, earliest) }
  })
  let persons = 0
  let domains = 0
  for (const l of leavers) {
    if (!dueDomains(l, policy, now).length) continue
    const n = await ctx.db.tenant(tenantId, async (trx) => {
      const m = await findMember(trx, l.id)
      // Read again inside the person's transaction: a hold or a re-admission since the list was read wins.
      const [fresh] = await leaversDue(trx, now, l.id)
      if (!m || !fresh) return 0
      const due = dueDomains(fresh, policy, now)
      await scrubMember(trx, m, due, by, now)
      return due.length
    })
    if (n) {
      persons++
      domains += n
    }
  }
  return { persons, domains }
}

/** 立即执行: the due scrub of the caller's tenant now (the top org's administrators). */
export const runScrubNow = (ctx: AppContext, auth: AuthInfo) =>
  scrubTenant(ctx, auth.tenantId, { cause: 'manual', auth })

/** The daily scrub, every tenant with leavers (the tenants are listed in the platform scope). */
export async function scrubAllTenants(ctx: AppContext): Promise<number> {
  const tenants = await ctx.db.platform((trx) => tenantsWithLeavers(trx))
  let persons = 0
  for (const t of tenants) persons += (await scrubTenant(ctx, t, { cause: 'schedule' })).persons
  return persons
}

export function pageLeavers(ctx: AppContext, auth: AuthInfo, q: LeaverPageBody): Promise<Page<LeaverRow>> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const { policy } = await policyOf(trx)
    const { rows, count } = leaverQuery(trx, q)
    const page = await paginate(rows, count, { pageIndex: q.pageIndex ?? 1, pageSize: q.pageSize ?? 20 })
    return {
      ...page,
      list: page.list.map((r) => {
        const left = r.archivedAt ?? new Date(0)
        const scrubbed = SCRUB_DOMAINS.filter((d) => r.scrubbed.includes(d))
        const next = SCRUB_DOMAINS.filter((d) => !scrubbed.includes(d)).map((d) => left.getTime() + policy[d] * DAY)
        return {
          id: Number(r.id),
          trueName: r.trueName,
          jobNo: r.jobNo,
          userType: r.userType,
          orgName: r.orgName,
          leftAt: chinaDay(left),
          scrubbed,
          nextDue: next.length ? chinaDay(new Date(Math.min(...next))) : null,
          holdId: r.holdId == null ? null : Number(r.holdId),
          holdReason: r.holdReason,
        }
      }),
    }
  })
}

export function pageJournal(ctx: AppContext, auth: AuthInfo, q: ScrubJournalPageBody): Promise<Page<ScrubJournalRow>> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const { rows, count } = journalQuery(trx)
    const page = await paginate(rows, count, { pageIndex: q.pageIndex ?? 1, pageSize: q.pageSize ?? 20 })
    return {
      ...page,
      list: page.list.map((r) => ({
        ...r,
        id: Number(r.id),
        userInfoId: Number(r.userInfoId),
        domains: r.domains.filter((d): d is ScrubDomain => (SCRUB_DOMAINS as readonly string[]).includes(d)),
      })),
    }
  })
}

export function pageHolds(ctx: AppContext, auth: AuthInfo, q: HoldPageBody): Promise<Page<HoldRow>> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const { rows, count } = holdQuery(trx, q.active)
    const page = await paginate(rows, count, { pageIndex: q.pageIndex ?? 1, pageSize: q.pageSize ?? 20 })
    return { ...page, list: page.list.map((r) => ({ ...r, id: Number(r.id), userInfoId: Number(r.userInfoId) })) }
  })
}

/** A legal hold: the person is not scrubbed, by the schedule or by a request, until it is released. */
export function addHold(ctx: AppContext, auth: AuthInfo, b: HoldAddBody): Promise<number> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const m = await findMember(trx, b.userInfoId)
    if (!m) throw notFound(RetentionMsg.PERSON_NOT_FOUND)
    if (await findLiveHold(trx, m.id)) throw refused(ErrorCode.CONFLICT, RetentionMsg.HOLD_EXISTS)
    const { id } = await insertHold(trx, {
      user_info_id: m.id,
      reason: b.reason,
      placed_by: auth.userInfoId,
      placed_at: ctx.clock.now(),
    })
    await recordOp(trx, auth, {
      module: '个人信息保留',
      action: '设置法律保全',
      target: m.true_name,
      detail: { reason: b.reason },
      important: true,
    })
    return Number(id)
  })
}

export function releaseHold(ctx: AppContext, auth: AuthInfo, b: HoldReleaseBody): Promise<void> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const r = await releaseHoldRow(trx, b.id, auth.userInfoId, ctx.clock.now(), b.reason)
    if (!r) throw notFound(RetentionMsg.HOLD_NOT_FOUND)
    const m = await findMember(trx, r.user_info_id)
    await recordOp(trx, auth, {
      module: '个人信息保留',
      action: '解除法律保全',
      target: m?.true_name ?? null,
      detail: { reason: b.reason },
      important: true,
    })
  })
}

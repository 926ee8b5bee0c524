import { ErrorCode, PrivacyMsg, UserType, type RevealAnswer, type RevealBody } from '@zhixiao/shared'
import type { Trx } from '../../db/database.js'
import type { AppContext, AuthInfo } from '../../platform/context.js'
import { AppError } from '../../platform/errors.js'
import { loadInScope } from '../../platform/org-scope.js'
import { logPersonalAccess } from './access-log.js'
import { countReveal, findPersonForReveal, listGuardians, pruneRevealWindows } from './queries.js'

/** Reveals per member and hour: enough for a day's real casework, too few to page through a school by hand. */
export const PI_REVEALS_PER_HOUR = 30
const HOUR = 3600_000

type Person = NonNullable<Awaited<ReturnType<typeof findPersonForReveal>>>

async function valueOf(trx: Trx, p: Person, field: RevealBody['field']): Promise<string | null> {
  switch (field) {
    case 'idCard':
      return p.id_card
    case 'phone':
      return p.phone
    case 'birthday':
      return p.birthday
    case 'nation':
      return p.nation
    case 'email':
      return p.email
    case 'photo':
      return p.avatar_url
    case 'politicalStatus':
      return p.political_status
    case 'guardians': {
      if (p.user_type !== UserType.STUDENT) return null
      const g = await listGuardians(trx, p.id)
      return g.length ? g.map((r) => `${r.relation} ${r.true_name} ${r.phone ?? ''}`.trim()).join('；') : null
    }
    // Not stored by Zhixiao yet: nothing to reveal, but the attempt is still logged.
    case 'address':
    case 'health':
      return null
  }
}

/**
 * One field of one person in full. The route holds the reveal code; here: the same org reach as the detail pages
 * (a person outside the caller's org and below answers 404), the hourly limit (counted before the read, so refused
 * attempts count too), and the log line, all in one transaction.
 */
export async function revealField(ctx: AppContext, auth: AuthInfo, b: RevealBody): Promise<RevealAnswer> {
  const windowStart = new Date(Math.floor(ctx.clock.now().getTime() / HOUR) * HOUR)
  const hits = await ctx.db.tenant(auth.tenantId, async (trx) => {
    await pruneRevealWindows(trx, auth.userInfoId, windowStart)
    return countReveal(trx, auth.userInfoId, windowStart)
  })
  if (hits > PI_REVEALS_PER_HOUR) throw new AppError(ErrorCode.TOO_MANY_REQUESTS, PrivacyMsg.REVEAL_LIMIT, 429)
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const p = await loadInScope(trx, auth, findPersonForReveal, b.userInfoId, PrivacyMsg.PERSON_NOT_FOUND)
    const value = await valueOf(trx, p, b.field)
    await logPersonalAccess(trx, auth, {
      action: 'reveal',
      fields: [b.field],
      subjects: [{ id: Number(p.id), name: p.true_name, orgId: p.org_id }],
      purpose: b.reason,
    })
    return { field: b.field, value }
  })
}

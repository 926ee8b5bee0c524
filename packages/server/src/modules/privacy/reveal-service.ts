import { ErrorCode, PERSONAL_FIELDS, PrivacyMsg, UserType, type RevealAnswer, type RevealBody } from '@zhixiao/shared'
import type { Trx } from '../../db/database.js'
import type { AppContext, AuthInfo } from '../../platform/context.js'
import { AppError } from '../../platform/errors.js'
import { loadInScope } from '../../platform/org-scope.js'
import { assertPermission } from '../../platform/permissions.js'
import { logPersonalAccess } from './access-log.js'
import { countReveal, findPersonForReveal, listGuardians, pruneRevealWindows } from './queries.js'

/** Reveals per member and hour: enough for a day's real casework, too few to page through a school by hand. */
export const PI_REVEALS_PER_HOUR = 30
const HOUR = 3600_000

type Person = NonNullable<Awaited<ReturnType<typeof findPersonForReveal>>>
type Guardian = Awaited<ReturnType<typeof listGuardians>>[number]

/** The value revealed, and the guardians it shows (each one's relation, name and phone: their own access lines). */
async function valueOf(
  trx: Trx,
  p: Person,
  field: RevealBody['field'],
): Promise<{ value: string | null; guardians: Guardian[] }> {
  const plain = (value: string | null) => ({ value, guardians: [] })
  switch (field) {
    case 'idCard':
      return plain(p.id_card)
    case 'phone':
      return plain(p.phone)
    case 'birthday':
      return plain(p.birthday)
    case 'nation':
      return plain(p.nation)
    case 'email':
      return plain(p.email)
    case 'photo':
      return plain(p.avatar_url)
    case 'politicalStatus':
      return plain(p.political_status)
    case 'guardians': {
      if (p.user_type !== UserType.STUDENT) return plain(null)
      const g = await listGuardians(trx, p.id)
      const value = g.length ? g.map((r) => `${r.relation} ${r.true_name} ${r.phone ?? ''}`.trim()).join('；') : null
      return { value, guardians: g }
    }
    // Not stored by Zhixiao yet: nothing to reveal, but the attempt is still logged.
    case 'address':
    case 'health':
      return plain(null)
  }
}

/**
 * One field of one person in full. The route admits any reveal code of the policy; here: the asked field's own code
 * (its policy entry's `reveal`), the same org reach as the detail pages (a person outside the caller's org and below
 * answers 404), the hourly limit (counted before the read, so refused attempts count too), and the log lines, all in
 * one transaction. Revealing a child's guardians shows each guardian's name, relation and phone: each guardian gets a
 * line of their own (fields guardians and, when a phone was shown, phone), besides the child's.
 */
export async function revealField(ctx: AppContext, auth: AuthInfo, b: RevealBody): Promise<RevealAnswer> {
  const windowStart = new Date(Math.floor(ctx.clock.now().getTime() / HOUR) * HOUR)
  const hits = await ctx.db.tenant(auth.tenantId, async (trx) => {
    await pruneRevealWindows(trx, auth.userInfoId, windowStart)
    return countReveal(trx, auth.userInfoId, windowStart)
  })
  if (hits > PI_REVEALS_PER_HOUR) throw new AppError(ErrorCode.TOO_MANY_REQUESTS, PrivacyMsg.REVEAL_LIMIT, 429)
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    await assertPermission(trx, auth.userInfoId, PERSONAL_FIELDS[b.field].reveal)
    const p = await loadInScope(trx, auth, findPersonForReveal, b.userInfoId, PrivacyMsg.PERSON_NOT_FOUND)
    const { value, guardians } = await valueOf(trx, p, b.field)
    await logPersonalAccess(trx, auth, {
      action: 'reveal',
      fields: [b.field],
      subjects: [{ id: Number(p.id), name: p.true_name, orgId: p.org_id }],
      purpose: b.reason,
    })
    for (const withPhone of [true, false]) {
      const shown = guardians.filter((g) => Boolean(g.phone) === withPhone)
      if (!shown.length) continue
      await logPersonalAccess(trx, auth, {
        action: 'reveal',
        fields: withPhone ? ['guardians', 'phone'] : ['guardians'],
        subjects: shown.map((g) => ({ id: Number(g.id), name: g.true_name, orgId: g.org_id })),
        purpose: b.reason,
      })
    }
    return { field: b.field, value }
  })
}

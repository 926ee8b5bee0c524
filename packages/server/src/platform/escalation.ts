import { ErrorCode, PeopleMsg, RoleMsg } from '@zhixiao/shared'
import type { Trx } from '../db/database.js'
import type { AuthInfo } from './context.js'
import { AppError } from './errors.js'
import { codesOfRole, loadGrants } from './permissions.js'

/**
 * The escalation guard, one rule for every action on a person or a role (docs/roles.md, docs/people.md): the
 * caller must hold every code the target holds. The built-in admin role holds the whole catalogue, so an admin
 * passes for anyone in their scope, and nobody below an admin can reset, disable, archive, delete or edit an
 * admin, or disable or delete a role richer than their own; the super administrator is the platform tenant's
 * admin. Holding the same codes is enough (a clerk may act on a fellow clerk).
 */
async function callerCodes(trx: Trx, auth: AuthInfo): Promise<Set<string>> {
  return new Set((await loadGrants(trx, auth.userInfoId)).permissions)
}

const lacksAny = (own: Set<string>, codes: Iterable<string>) => [...codes].some((c) => !own.has(c))

/** True when the caller lacks one of `codes` (the role guards of roles/service.ts word their own refusal). */
export async function callerLacks(trx: Trx, auth: AuthInfo, codes: Iterable<string>): Promise<boolean> {
  return lacksAny(await callerCodes(trx, auth), codes)
}

export interface MemberTarget {
  id: number
  account_id: number
}

/**
 * 'membership': what the action touches is that membership only (disable, archive, delete, class change): its
 * codes count. 'account': the action reaches every org of the account (password, phone, the person's facts), so
 * the codes of all its memberships count: a clerk of one school cannot reset the password of a teacher who is an
 * administrator at another school.
 */
export type Reach = 'membership' | 'account'

export async function assertMayActOnMembers(
  trx: Trx,
  auth: AuthInfo,
  targets: MemberTarget[],
  reach: Reach,
): Promise<void> {
  if (!targets.length) return
  const own = await callerCodes(trx, auth)
  const ids =
    reach === 'membership'
      ? targets.map((t) => t.id)
      : (
          await trx
            .selectFrom('user_info')
            .select('id')
            .where('account_id', 'in', [...new Set(targets.map((t) => t.account_id))])
            .execute()
        ).map((r) => r.id)
  for (const id of new Set(ids)) {
    if (lacksAny(own, (await loadGrants(trx, id)).permissions))
      throw new AppError(ErrorCode.FORBIDDEN, PeopleMsg.ABOVE_OWN, 403)
  }
}

/** A role the caller may edit, enable, disable or delete: it holds nothing the caller lacks. */
export async function assertMayActOnRole(trx: Trx, auth: AuthInfo, role: { id: number; code: string }): Promise<void> {
  if (await callerLacks(trx, auth, await codesOfRole(trx, role)))
    throw new AppError(ErrorCode.FORBIDDEN, RoleMsg.ABOVE_OWN, 403)
}

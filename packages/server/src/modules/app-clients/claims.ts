import { HubUserType, UserType, type HubScope, type TeacherClass } from '@zhixiao/shared'
import type { Trx } from '../../db/database.js'
import type { AppContext } from '../../platform/context.js'
import { childGate } from '../consent/hub-gate.js'
import { subjectFor, type HubClient } from './hub-client.js'
import {
  childrenOf,
  classesTaughtBy,
  findPerson,
  gradeOfClass,
  guardiansOf,
  roleCodesOf,
  schoolIdsOf,
  subjectsTaughtBy,
} from './claims-queries.js'

/** Which claims each scope releases (shared HUB_SCOPE_INFO lists them for the grant screen, word for word). */
export const SCOPE_CLAIMS: Record<string, string[]> = {
  openid: ['sub'],
  profile: ['name', 'picture'],
  'zx:identity': ['user_type', 'tenant_id', 'school_ids', 'org_id'],
  'zx:school': ['student_no', 'staff_no', 'grade', 'class_ids', 'classes'],
  'zx:guardian': ['children', 'guardians'],
  'zx:roles': ['roles'],
  phone: ['phone_number'],
}

export type Person = NonNullable<Awaited<ReturnType<typeof findPerson>>>

export function loadPerson(trx: Trx, userInfoId: number) {
  return findPerson(trx, userInfoId)
}

/**
 * The claims of `scopes` about a person, as the app `client` may see them: ids of other people (children, guardians)
 * in the app's own subject space, so a pairwise app can match them with its directory reads and nothing else. A child
 * the app may not receive (docs/privacy.md "Consent") is reduced to `sub` when it is the subject and left out of a
 * guardian's `children`; a minor's phone and photo follow the field policy's masks unless consented.
 */
export async function claimsFor(
  ctx: AppContext,
  trx: Trx,
  client: HubClient,
  p: Person,
  scopes: ReadonlySet<string>,
): Promise<{ sub: string } & Record<string, unknown>> {
  const granted = (s: HubScope) => scopes.has(s) && client.scopes.includes(s)
  const out: { sub: string } & Record<string, unknown> = { sub: subjectFor(ctx, client, p.id) }
  const gate = await childGate(ctx, trx, client, [p.id])
  if (gate.withheld(p.id)) return out
  if (granted('profile')) {
    Object.assign(out, { name: p.true_name, picture: gate.field(p.id, 'photo', p.avatar_url) ?? undefined })
  }
  if (granted('zx:identity')) {
    const schools = await schoolIdsOf(trx, p.account_id)
    Object.assign(out, {
      user_type: HubUserType[p.user_type as keyof typeof HubUserType] ?? 'staff',
      tenant_id: p.tenant_id,
      org_id: p.org_id,
      school_ids: schools.map((s) => s.org_id),
    })
  }
  if (granted('zx:school')) {
    if (p.user_type === UserType.STUDENT) {
      const grade = p.class_id ? await gradeOfClass(trx, p.class_id) : undefined
      Object.assign(out, {
        student_no: p.job_no ?? undefined,
        grade: grade ? { id: grade.id, name: grade.name } : undefined,
        class_ids: p.class_id ? [p.class_id] : [],
      })
    } else if (p.user_type === UserType.STAFF) {
      const classes = await classesTaughtBy(trx, p.id)
      const taught = await subjectsTaughtBy(trx, p.id)
      // The same shape as the directory's teacher `classes` (shared teacherClass).
      const teacherClasses: TeacherClass[] = classes.map((c) => ({
        id: c.class_id,
        is_head: c.is_head,
        subjects: taught
          .filter((x) => x.class_id === c.class_id)
          .map((x) => ({ id: x.id, name: x.name, code: x.code })),
      }))
      Object.assign(out, {
        staff_no: p.job_no ?? undefined,
        class_ids: classes.map((c) => c.class_id),
        classes: teacherClasses,
      })
    }
  }
  if (granted('zx:guardian')) {
    if (p.user_type === UserType.PARENT) {
      const all = await childrenOf(trx, p.id)
      const kidGate = await childGate(
        ctx,
        trx,
        client,
        all.map((k) => k.id),
      )
      const kids = all.filter((k) => !kidGate.withheld(k.id))
      out.children = kids.map((k) => ({ sub: subjectFor(ctx, client, k.id), name: k.true_name, relation: k.relation }))
    } else if (p.user_type === UserType.STUDENT) {
      const gs = await guardiansOf(trx, p.id)
      out.guardians = gs.map((g) => ({ sub: subjectFor(ctx, client, g.id), name: g.true_name, relation: g.relation }))
    }
  }
  // The membership's own roles and those delegated to it by an org above (as the portal's permissions count them).
  if (granted('zx:roles')) out.roles = (await roleCodesOf(trx, p.id)).map((r) => r.code)
  const phone = gate.field(p.id, 'phone', p.phone)
  if (granted('phone') && phone) Object.assign(out, { phone_number: phone, phone_number_verified: phone === p.phone })
  return out
}

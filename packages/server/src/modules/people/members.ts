import { ErrorCode, PeopleMsg, UserType, isSchoolUnit, parseIdCard } from '@zhixiao/shared'
import type { Trx } from '../../db/database.js'
import type { AppContext, AuthInfo } from '../../platform/context.js'
import { rethrowUnique } from '../../platform/db-errors.js'
import { notFound, refused } from '../../platform/errors.js'
import { loadInScope } from '../../platform/org-scope.js'
import { recordOp, type OpEntry } from '../../platform/op-log.js'
import { hashPassword } from '../../platform/password.js'
import {
  deptUnderOrg,
  findClass,
  findDefaultPassword,
  findMemberOfType,
  findOrgType,
  findPersonFacts,
  findUnitAttr,
  insertAccounts,
  insertLoginNames,
  insertUserInfos,
  insertUserRoles,
  listBuiltinRoles,
  listDictItemsIn,
  upsertPersons,
} from './member-queries.js'

/**
 * What adding people has in common, for single adds and for imports alike: the account (found or created),
 * the membership with its built-in role, and the person's org-independent facts.
 */
export interface PersonFacts {
  idCard?: string | null
  sex?: number | null
  /** Kept when there is no ID card to read it from (an ID card decides it). */
  birthday?: string | null
  nation?: string | null
  politicalStatusId?: number | null
  educationId?: number | null
  degreeId?: number | null
  email?: string | null
}

export interface NewMember {
  orgId: number
  userType: number
  trueName: string
  /** Login name for a new account. */
  userName: string
  phone: string | null
  /** An existing account of the tenant to add the membership to (a teacher of a second school). */
  accountId?: number | null
  jobNo?: string | null
  deptId?: number | null
  classId?: number | null
  positionId?: number | null
  titleId?: number | null
  teacherTypeId?: number | null
  enteredOn?: string | null
  remark?: string | null
  importJobId?: number | null
  person?: PersonFacts | null
}

export const uniqueMsg = (e: unknown): never =>
  rethrowUnique(
    e,
    {
      login_name_pkey: PeopleMsg.LOGIN_TAKEN,
      user_info_job_no: PeopleMsg.JOB_NO_TAKEN,
      person_id_card: PeopleMsg.ID_CARD_TAKEN,
      user_info_tenant_id_account_id_org_id_key: PeopleMsg.ALREADY_MEMBER,
    },
    PeopleMsg.LOGIN_TAKEN,
  )

/**
 * The tenant's initial password, hashed once and reused while it stays the same: every account made with it
 * must change it at first login, and one password hash per imported row would make a 100k-row import take hours.
 */
const defaultHashes = new Map<number, { password: string; hash: Promise<string> }>()
export async function defaultPasswordHash(ctx: AppContext, trx: Trx, tenantId: number): Promise<string> {
  const t = await findDefaultPassword(trx, tenantId)
  const cached = defaultHashes.get(tenantId)
  if (cached && cached.password === t.default_password) return cached.hash
  const hash = hashPassword(t.default_password, ctx.config.password)
  defaultHashes.set(tenantId, { password: t.default_password, hash })
  return hash
}

/** The built-in role a new member of this kind gets: teachers in schools, bureau staff below unit attribute 8. */
async function builtinRoleIds(trx: Trx): Promise<Record<string, number>> {
  const rows = await listBuiltinRoles(trx)
  return Object.fromEntries(rows.map((r) => [r.code, r.id]))
}
function roleCodeFor(userType: number, unitAttr: number): string {
  if (userType === UserType.STUDENT) return 'student'
  if (userType === UserType.PARENT) return 'parent'
  return isSchoolUnit(unitAttr) ? 'teacher' : 'bureau_staff'
}

/**
 * Inserts members in a few multi-row statements (an import batch or a single add). Callers have checked
 * names, uniqueness and references; a unique index still guards against a concurrent writer.
 */
export async function insertMembers(
  trx: Trx,
  tenantId: number,
  passwordHash: string,
  members: NewMember[],
  unitAttrs: Map<number, number>,
): Promise<number[]> {
  if (!members.length) return []
  const fresh = members.filter((m) => !m.accountId)
  if (fresh.length) {
    const accounts = await insertAccounts(
      trx,
      passwordHash,
      fresh.map((m) => ({ user_name: m.userName, phone: m.phone })),
    )
    const byName = new Map(accounts.map((a) => [a.user_name, a.id]))
    for (const m of fresh) m.accountId = byName.get(m.userName)!
    await insertLoginNames(
      trx,
      tenantId,
      accounts.map((a) => ({ user_name: a.user_name, account_id: a.id })),
    )
  }
  const inserted = await insertUserInfos(
    trx,
    members.map((m) => ({
      account_id: m.accountId!,
      org_id: m.orgId,
      user_type: m.userType,
      true_name: m.trueName,
      phone: m.phone,
      job_no: m.jobNo ?? null,
      dept_id: m.deptId ?? null,
      class_id: m.classId ?? null,
      position_id: m.positionId ?? null,
      title_id: m.titleId ?? null,
      teacher_type_id: m.teacherTypeId ?? null,
      entered_on: m.enteredOn ?? null,
      remark: m.remark ?? null,
      import_job_id: m.importJobId ?? null,
    })),
  )
  // Matched by (account, org), which a unique index keeps to one membership, not by the order RETURNING gives.
  const idOf = new Map(inserted.map((r) => [`${r.account_id}:${r.org_id}`, r.id]))
  const infos = members.map((m) => ({ id: idOf.get(`${m.accountId}:${m.orgId}`)! }))
  const roles = await builtinRoleIds(trx)
  const links = members
    .map((m, i) => ({
      user_info_id: infos[i]!.id,
      role_id: roles[roleCodeFor(m.userType, unitAttrs.get(m.orgId) ?? 8)],
    }))
    .filter((l): l is { user_info_id: number; role_id: number } => l.role_id !== undefined)
  if (links.length) await insertUserRoles(trx, links)
  const facts = members.filter((m) => m.person && Object.values(m.person).some((v) => v != null))
  await savePersons(
    trx,
    facts.map((m) => ({ accountId: m.accountId!, facts: m.person! })),
  )
  return infos.map((r) => r.id)
}

/**
 * A single add (a teacher, a student): inserts the member, records `op`, and answers its id; a unique index's clash
 * becomes its message through `unique`.
 */
export async function addMember(
  trx: Trx,
  auth: AuthInfo,
  passwordHash: string,
  m: NewMember,
  op: OpEntry,
  unique: (e: unknown) => never = uniqueMsg,
): Promise<number> {
  try {
    const [id] = await insertMembers(trx, auth.tenantId, passwordHash, [m], await unitAttrOf(trx, m.orgId))
    await recordOp(trx, auth, op)
    return id!
  } catch (e) {
    return unique(e)
  }
}

/** Creates or updates the person row of an account; an ID card fixes sex and birthday. */
async function savePerson(trx: Trx, accountId: number, f: PersonFacts): Promise<void> {
  await savePersons(trx, [{ accountId, facts: f }])
}

/**
 * An edit of some of a person's facts: the facts `patch` leaves undefined keep their stored values (a student's form
 * names no email, a teacher's form never receives the withheld political status), so an edit cannot wipe them.
 */
export async function updatePerson(trx: Trx, accountId: number, patch: PersonFacts): Promise<void> {
  const s = await findPersonFacts(trx, accountId)
  const facts: PersonFacts = {
    idCard: s?.id_card ?? null,
    sex: s?.sex ?? null,
    birthday: s?.birthday ?? null,
    nation: s?.nation ?? null,
    politicalStatusId: s?.political_status_id ?? null,
    educationId: s?.education_id ?? null,
    degreeId: s?.degree_id ?? null,
    email: s?.email ?? null,
  }
  for (const [k, v] of Object.entries(patch) as [keyof PersonFacts, PersonFacts[keyof PersonFacts]][]) {
    if (v !== undefined) Object.assign(facts, { [k]: v })
  }
  await savePerson(trx, accountId, facts)
}

/** The person rows of many accounts in one statement (an import batch writes 500 at once, not one by one). */
async function savePersons(trx: Trx, items: { accountId: number; facts: PersonFacts }[]): Promise<void> {
  if (!items.length) return
  // One row per account (the last facts win): an upsert may not touch the same row twice.
  const byAccount = new Map(
    items.map(({ accountId, facts: f }) => {
      const parsed = f.idCard ? parseIdCard(f.idCard) : null
      return [
        accountId,
        {
          account_id: accountId,
          id_card: f.idCard ?? null,
          sex: parsed?.sex ?? f.sex ?? null,
          birthday: parsed?.birthday ?? f.birthday ?? null,
          nation: f.nation ?? null,
          political_status_id: f.politicalStatusId ?? null,
          education_id: f.educationId ?? null,
          degree_id: f.degreeId ?? null,
          email: f.email ?? null,
        },
      ] as const
    }),
  )
  await upsertPersons(trx, [...byAccount.values()])
}

/** A membership of the given kind inside the caller's scope; 404 for another school's or another tenant's. */
export const memberFor = (trx: Trx, auth: AuthInfo, id: number, userType: number) =>
  loadInScope(trx, auth, (t, key: number) => findMemberOfType(t, key, userType), id, PeopleMsg.NOT_FOUND)

/** Checks that each given id is an entry of its dictionary type (or empty) that a member of `orgId` may name. */
export async function checkDicts(
  trx: Trx,
  orgId: number,
  refs: Record<string, { id: number | null | undefined; type: string; label: string }>,
): Promise<void> {
  const wanted = Object.values(refs).filter((r) => r.id != null)
  if (!wanted.length) return
  const found = await listDictItemsIn(
    trx,
    orgId,
    wanted.map((r) => r.id!),
  )
  for (const r of wanted) {
    if (!found.some((f) => f.id === r.id && f.dict_type === r.type)) throw notFound(`${r.label}不存在`)
  }
}

/** A department (org_type depart) inside the member's org. */
export async function checkDept(trx: Trx, orgId: number, deptId: number | null | undefined): Promise<void> {
  if (deptId == null) return
  const d = await deptUnderOrg(trx, deptId, orgId)
  const dept = await findOrgType(trx, deptId)
  if (!d.rows.length || dept?.org_type !== 'depart') throw notFound(PeopleMsg.DEPT_NOT_FOUND)
}

/** A live class of the school (not archived), for placing students. */
export async function liveClass(trx: Trx, orgId: number, classId: number) {
  const c = await findClass(trx, classId)
  if (!c || c.org_id !== orgId) throw notFound(PeopleMsg.CLASS_NOT_FOUND)
  if (c.archived) throw refused(ErrorCode.BAD_REQUEST, PeopleMsg.CLASS_ARCHIVED)
  return c
}

export async function unitAttrOf(trx: Trx, orgId: number): Promise<Map<number, number>> {
  const o = await findUnitAttr(trx, orgId)
  return new Map([[orgId, o.unit_attr]])
}

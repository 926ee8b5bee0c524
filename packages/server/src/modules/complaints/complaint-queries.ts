import { ComplaintStatus } from '@zhixiao/shared'
import { sql } from 'kysely'
import type { Trx } from '../../db/database.js'
import { paginate, type Page, type PageQuery } from '../../platform/paging.js'

function rows(trx: Trx) {
  return trx
    .selectFrom('complaint as c')
    .innerJoin('complaint_class as k', (j) =>
      j.onRef('k.tenant_id', '=', 'c.tenant_id').onRef('k.id', '=', 'c.class_id'),
    )
    .innerJoin('user_info as s', (j) => j.onRef('s.tenant_id', '=', 'c.tenant_id').onRef('s.id', '=', 'c.submitter_id'))
    .leftJoin('user_info as h', (j) => j.onRef('h.tenant_id', '=', 'c.tenant_id').onRef('h.id', '=', 'c.handler_id'))
}
const columns = [
  'c.id',
  'c.class_id',
  'k.name as class_name',
  'c.title',
  'c.content',
  'c.phone',
  'c.anonymous',
  'c.submitter_id',
  's.true_name as submitter_name',
  'c.status',
  'c.reply',
  'h.true_name as handler_name',
  'c.created_at',
  'c.handled_at',
] as const

export type RawComplaint = {
  id: number
  class_id: number
  class_name: string
  title: string
  content: string
  phone: string | null
  anonymous: boolean
  submitter_id: number
  submitter_name: string
  status: number
  reply: string | null
  handler_name: string | null
  created_at: Date
  handled_at: Date | null
}

export function findUserType(trx: Trx, userInfoId: number) {
  return trx.selectFrom('user_info').select('user_type').where('id', '=', userInfoId).executeTakeFirstOrThrow()
}

export async function insertComplaint(
  trx: Trx,
  values: {
    org_id: number
    class_id: number
    title: string
    content: string
    phone: string | null
    anonymous: boolean
    submitter_id: number
  },
): Promise<number> {
  const { id } = await trx.insertInto('complaint').values(values).returning('id').executeTakeFirstOrThrow()
  return Number(id)
}

/** One page of the user's own submissions in the org, newest first. */
export async function pageOwnComplaints(
  trx: Trx,
  orgId: number,
  userInfoId: number,
  q: PageQuery,
): Promise<Page<RawComplaint>> {
  const base = rows(trx).where('c.submitter_id', '=', userInfoId).where('c.org_id', '=', orgId)
  const page = await paginate(base.select(columns).orderBy('c.id', 'desc'), base, q)
  return { ...page, list: page.list as RawComplaint[] }
}

export interface ComplaintFilter {
  /** null = every class of the org */
  classes: number[] | null
  classId?: number
  status?: number
  startDate?: string
  endDate?: string
  /** an ILIKE pattern matched against title or content */
  like?: string
}

/** One page of the org's submissions, pending first, then newest first. */
export async function pageOrgComplaints(
  trx: Trx,
  orgId: number,
  f: ComplaintFilter,
  q: PageQuery,
): Promise<Page<RawComplaint>> {
  let base = rows(trx).where('c.org_id', '=', orgId)
  if (f.classes) base = base.where('c.class_id', 'in', f.classes)
  if (f.classId) base = base.where('c.class_id', '=', f.classId)
  if (f.status !== undefined) base = base.where('c.status', '=', f.status)
  // Dates are the school's calendar days (China time).
  if (f.startDate)
    base = base.where(sql<boolean>`(c.created_at AT TIME ZONE 'Asia/Shanghai')::date >= ${f.startDate}::date`)
  if (f.endDate)
    base = base.where(sql<boolean>`(c.created_at AT TIME ZONE 'Asia/Shanghai')::date <= ${f.endDate}::date`)
  const like = f.like
  if (like) base = base.where((eb) => eb.or([eb('c.title', 'ilike', like), eb('c.content', 'ilike', like)]))
  const page = await paginate(base.select(columns).orderBy('c.status').orderBy('c.id', 'desc'), base, q)
  return { ...page, list: page.list as RawComplaint[] }
}

/** Pending submissions of the org, of the given classes only unless null. */
export async function countPending(trx: Trx, orgId: number, classIds: number[] | null): Promise<number> {
  let q = trx.selectFrom('complaint').where('org_id', '=', orgId).where('status', '=', ComplaintStatus.PENDING)
  if (classIds) q = q.where('class_id', 'in', classIds)
  const { n } = await q.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()
  return Number(n)
}

export async function findComplaintInOrg(trx: Trx, orgId: number, id: number): Promise<RawComplaint | undefined> {
  return (await rows(trx).select(columns).where('c.id', '=', id).where('c.org_id', '=', orgId).executeTakeFirst()) as
    RawComplaint | undefined
}

export async function updateComplaintStatus(
  trx: Trx,
  id: number,
  values: { status: number; reply: string | null; handler_id: number; handled_at: Date | null },
): Promise<void> {
  await trx.updateTable('complaint').set(values).where('id', '=', id).execute()
}

export function findUserAccount(trx: Trx, userInfoId: number) {
  return trx
    .selectFrom('user_info')
    .select(['account_id', 'org_id'])
    .where('id', '=', userInfoId)
    .executeTakeFirstOrThrow()
}

import {
  ExternalMsg,
  keepUnlessChanged,
  maskRecord,
  type ExternalAddBody,
  type ExternalPageBody,
  type ExternalRow,
  type ExternalUpdateBody,
} from '@zhixiao/shared'
import type { Trx } from '../../db/database.js'
import type { AppContext, AuthInfo } from '../../platform/context.js'
import { rethrowUnique } from '../../platform/db-errors.js'
import { isDictRefOk } from '../../platform/dict-refs.js'
import { badRequest, notFound } from '../../platform/errors.js'
import { loadInScope, scopedOrg } from '../../platform/org-scope.js'
import type { Page } from '../../platform/paging.js'
import { deleteExternalRow, insertExternal, pageExternalRows, updateExternalRow } from './external-queries.js'

/** External staff (外聘人员, 000 §7.9 external) of an org: no account, a record the org keeps. docs/base-data.md. */
const phoneTaken = (e: unknown): never => rethrowUnique(e, {}, ExternalMsg.PHONE_TAKEN)

const externalFor = (trx: Trx, auth: AuthInfo, id: number) =>
  loadInScope(trx, auth, 'external_staff', id, ExternalMsg.NOT_FOUND)

async function checkJob(trx: Trx, orgId: number, jobId: number | null | undefined): Promise<void> {
  if (!(await isDictRefOk(trx, orgId, jobId, 'job'))) throw notFound('岗位不存在')
}

const values = (b: ExternalAddBody | ExternalUpdateBody) => ({
  name: b.name,
  phone: b.phone,
  id_card: b.idCard ?? null,
  company: b.company ?? null,
  job_id: b.jobId ?? null,
  start_date: b.startDate,
  end_date: b.endDate ?? null,
  remark: b.remark ?? null,
})

/** The list leaves masked by the field policy (issue 26 point 2); nobody's own record is an external staff row. */
const maskExternal = (r: ExternalRow): ExternalRow => maskRecord(r, { phone: 'phone', idCard: 'idCard' })

export function pageExternal(ctx: AppContext, auth: AuthInfo, q: ExternalPageBody): Promise<Page<ExternalRow>> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const org = await scopedOrg(trx, auth, q.orgId)
    const page = await pageExternalRows(trx, org, q, q)
    return { ...page, list: page.list.map(maskExternal) }
  })
}

/** The edit's phone and ID number: the stored ones when the form sent their masks back; another mask is refused. */
function unmasked(b: ExternalUpdateBody, stored: { phone: string; id_card: string | null }) {
  const phone = keepUnlessChanged('phone', b.phone, stored.phone) ?? b.phone
  const idCard = keepUnlessChanged('idCard', b.idCard, stored.id_card)
  if (phone.includes('*') || idCard?.includes('*')) throw badRequest(ExternalMsg.MASK_CHANGED)
  return { ...b, phone, idCard }
}

export function addExternal(ctx: AppContext, auth: AuthInfo, b: ExternalAddBody): Promise<number> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const org = await scopedOrg(trx, auth, b.orgId)
    await checkJob(trx, org, b.jobId)
    try {
      return await insertExternal(trx, { org_id: org, ...values(b) })
    } catch (e) {
      return phoneTaken(e)
    }
  })
}

export function updateExternal(ctx: AppContext, auth: AuthInfo, b: ExternalUpdateBody): Promise<void> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const x = await externalFor(trx, auth, b.id)
    await checkJob(trx, x.org_id, b.jobId)
    try {
      await updateExternalRow(trx, b.id, values(unmasked(b, x)))
    } catch (e) {
      phoneTaken(e)
    }
  })
}

export function setExternalStatus(ctx: AppContext, auth: AuthInfo, id: number, status: number): Promise<void> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    await externalFor(trx, auth, id)
    await updateExternalRow(trx, id, { status })
  })
}

export function deleteExternal(ctx: AppContext, auth: AuthInfo, id: number): Promise<void> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    await externalFor(trx, auth, id)
    await deleteExternalRow(trx, id)
  })
}

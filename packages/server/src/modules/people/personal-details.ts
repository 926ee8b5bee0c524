import { personalDetailsContracts as C, type PersonalDetails, type PersonalDetailsUpdateBody } from '@zhixiao/shared'
import { sql } from 'kysely'
import type { AppContext, AuthInfo } from '../../platform/context.js'
import { handle } from '../../platform/contract-routes.js'
import { ok } from '../../platform/envelope.js'
import { recordOp } from '../../platform/op-log.js'
import { checkDicts } from './members.js'

/**
 * /base/api/userInfo/personalDetails (000 §7.9; the personalData page): the signed-in member's own details, and the
 * part they keep themselves. Name, phone and ID card stay with the administrators (and the verify form); with an
 * ID card on file, sex and birthday are the card's. docs/base-data.md.
 */
export function personalDetailsOf(ctx: AppContext, auth: AuthInfo): Promise<PersonalDetails> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const r = await trx
      .selectFrom('user_info as u')
      .innerJoin('account as a', (j) => j.onRef('a.tenant_id', '=', 'u.tenant_id').onRef('a.id', '=', 'u.account_id'))
      .innerJoin('org_unit as o', (j) => j.onRef('o.tenant_id', '=', 'u.tenant_id').onRef('o.id', '=', 'u.org_id'))
      .leftJoin('person as p', (j) =>
        j.onRef('p.tenant_id', '=', 'u.tenant_id').onRef('p.account_id', '=', 'u.account_id'),
      )
      .leftJoin('org_unit as dept', (j) =>
        j.onRef('dept.tenant_id', '=', 'u.tenant_id').onRef('dept.id', '=', 'u.dept_id'),
      )
      .leftJoin('dict_item as pos', (j) =>
        j.onRef('pos.tenant_id', '=', 'u.tenant_id').onRef('pos.id', '=', 'u.position_id'),
      )
      .leftJoin('dict_item as title', (j) =>
        j.onRef('title.tenant_id', '=', 'u.tenant_id').onRef('title.id', '=', 'u.title_id'),
      )
      .select([
        'u.id',
        'u.user_type',
        'u.true_name',
        'a.user_name',
        'u.org_id',
        'o.name as orgName',
        'u.phone',
        'a.phone as accountPhone',
        'p.id_card',
        'p.sex',
        'p.birthday',
        'p.nation',
        'p.email',
        'p.political_status_id',
        'p.education_id',
        'p.degree_id',
        'u.job_no',
        'dept.name as deptName',
        'pos.name as positionName',
        'title.name as titleName',
        'u.entered_on',
      ])
      .where('u.id', '=', auth.userInfoId)
      .executeTakeFirstOrThrow()
    return {
      userInfoId: r.id,
      userType: r.user_type,
      trueName: r.true_name,
      userName: r.user_name,
      orgId: r.org_id,
      orgName: r.orgName,
      phone: r.phone ?? r.accountPhone ?? null,
      idCard: r.id_card ?? null,
      sex: r.sex ?? null,
      birthday: r.birthday ?? null,
      nation: r.nation ?? null,
      email: r.email ?? null,
      politicalStatusId: r.political_status_id ?? null,
      educationId: r.education_id ?? null,
      degreeId: r.degree_id ?? null,
      jobNo: r.job_no,
      deptName: r.deptName ?? null,
      positionName: r.positionName ?? null,
      titleName: r.titleName ?? null,
      enteredOn: r.entered_on,
    }
  })
}

export function updatePersonalDetails(ctx: AppContext, auth: AuthInfo, b: PersonalDetailsUpdateBody): Promise<void> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    // A dictionary id naming no entry of its kind (or another school's) is refused like a missing one (政治面貌不存在 …).
    await checkDicts(trx, auth.orgId, {
      political: { id: b.politicalStatusId, type: 'politicalStatus', label: '政治面貌' },
      education: { id: b.educationId, type: 'education', label: '学历' },
      degree: { id: b.degreeId, type: 'degree', label: '学位' },
    })
    const own = {
      nation: b.nation ?? null,
      email: b.email ?? null,
      political_status_id: b.politicalStatusId ?? null,
      education_id: b.educationId ?? null,
      degree_id: b.degreeId ?? null,
    }
    await trx
      .insertInto('person')
      .values({ account_id: auth.accountId, sex: b.sex ?? null, birthday: b.birthday ?? null, ...own })
      .onConflict((oc) =>
        oc.columns(['tenant_id', 'account_id']).doUpdateSet({
          ...own,
          // The ID card decides sex and birthday when there is one.
          sex: sql`CASE WHEN person.id_card IS NULL THEN excluded.sex ELSE person.sex END`,
          birthday: sql`CASE WHEN person.id_card IS NULL THEN excluded.birthday ELSE person.birthday END`,
          updated_at: sql`now()`,
        }),
      )
      .execute()
    await recordOp(trx, auth, { module: '个人信息', action: '编辑个人资料', target: null })
  })
}

/** /base/api/userInfo/personalDetails */
export const personalDetailsRoutes = (ctx: AppContext) => [
  handle(C.get, async (req) => ok(await personalDetailsOf(ctx, req.auth!))),
  handle(C.update, async (req) => {
    await updatePersonalDetails(ctx, req.auth!, req.body)
    return ok(null, '保存成功')
  }),
]

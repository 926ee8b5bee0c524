import { personalDetailsContracts as C, type PersonalDetails, type PersonalDetailsUpdateBody } from '@zhixiao/shared'
import type { AppContext, AuthInfo } from '../../platform/context.js'
import { handle } from '../../platform/contract-routes.js'
import { ok } from '../../platform/envelope.js'
import { recordOp } from '../../platform/op-log.js'
import { keptPersonal } from './masks.js'
import { findPersonFacts } from './member-queries.js'
import { checkDicts } from './members.js'
import { findPersonalDetails, saveOwnPersonFacts } from './personal-details-queries.js'

/**
 * /base/api/userInfo/personalDetails (000 §7.9; the personalData page): the signed-in member's own details, and the
 * part they keep themselves. Name, phone and ID card stay with the administrators (and the verify form); with an
 * ID card on file, sex and birthday are the card's. docs/base-data.md.
 */
function personalDetailsOf(ctx: AppContext, auth: AuthInfo): Promise<PersonalDetails> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const r = await findPersonalDetails(trx, auth.userInfoId)
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

function updatePersonalDetails(ctx: AppContext, auth: AuthInfo, b: PersonalDetailsUpdateBody): Promise<void> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    // A dictionary id naming no entry of its kind (or another school's) is refused like a missing one (政治面貌不存在 …).
    await checkDicts(trx, auth.orgId, {
      political: { id: b.politicalStatusId, type: 'politicalStatus', label: '政治面貌' },
      education: { id: b.educationId, type: 'education', label: '学历' },
      degree: { id: b.degreeId, type: 'degree', label: '学位' },
    })
    // The own record is shown unmasked, yet the rule of every people edit holds here too: a mask sent back keeps the
    // stored value, a typed one is refused (masks.ts).
    const stored = await findPersonFacts(trx, auth.accountId)
    const own = {
      nation: b.nation ?? null,
      email: keptPersonal('email', b.email ?? null, stored?.email),
      political_status_id: b.politicalStatusId ?? null,
      education_id: b.educationId ?? null,
      degree_id: b.degreeId ?? null,
    }
    const birthday = keptPersonal('birthday', b.birthday ?? null, stored?.birthday)
    await saveOwnPersonFacts(trx, auth.accountId, { sex: b.sex ?? null, birthday }, own)
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

import {
  VERIFY_FIELDS,
  parseIdCard,
  type VerifyCheckResult,
  type VerifyField,
  type VerifyInfoBody,
} from '@zhixiao/shared'
import type { Trx } from '../../db/database.js'
import type { AppContext, AuthInfo } from '../../platform/context.js'
import { recordOp } from '../../platform/op-log.js'
import { checkDicts, uniqueMsg, updatePerson } from '../people/members.js'
import {
  findVerifyDetail,
  findVerifyKeptFields,
  setAccountPhone,
  tenantConfig,
  updateVerifyUserInfo,
} from './queries.js'

/**
 * The verify-info form after login (001 §3, §5). The tenant's config names the required fields
 * (`requiredInfoFields`, shown only when `requiredInfoAfterLogin` is on); checkPass says whether the person
 * has filled them all.
 */
export function verifyCheck(ctx: AppContext, auth: AuthInfo): Promise<VerifyCheckResult> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const t = await tenantConfig(trx, auth.tenantId)
    const cfg = t.config as { requiredInfoAfterLogin?: boolean; requiredInfoFields?: string[] }
    const required = cfg.requiredInfoAfterLogin
      ? (cfg.requiredInfoFields ?? []).filter((f): f is VerifyField => (VERIFY_FIELDS as readonly string[]).includes(f))
      : []
    const me = await findVerifyDetail(trx, auth.userInfoId)
    const detail = {
      userName: me.true_name,
      idCard: me.id_card ?? null,
      phone: me.phone ?? me.accountPhone ?? null,
      sex: me.sex ?? null,
      nationality: me.nation ?? null,
      politicalAttitudes: me.political_status_id ?? null,
      education: me.education_id ?? null,
      academicDegree: me.degree_id ?? null,
      technicalTitle: me.title_id ?? null,
    }
    return {
      checkPass: required.every((f) => detail[f] !== null && detail[f] !== ''),
      selectedFiledList: required,
      detail,
    }
  })
}

/** Saves the form. A phone or ID card already on file stays as it is (the form shows them read-only). */
export function verifySave(ctx: AppContext, auth: AuthInfo, b: VerifyInfoBody): Promise<void> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const before = await verifyCheckIn(trx, auth)
    const idCard = before.idCard ?? b.idCard ?? null
    const phone = before.phone ?? b.phone ?? null
    // A dictionary id that names no item of its kind (or another school's) is a clear refusal, not a foreign-key failure (a 500).
    await checkDicts(trx, auth.orgId, {
      title: { id: b.technicalTitle, type: 'title', label: '职称' },
      political: { id: b.politicalAttitudes, type: 'politicalStatus', label: '政治面貌' },
      education: { id: b.education, type: 'education', label: '学历' },
      degree: { id: b.academicDegree, type: 'degree', label: '学位' },
    })
    try {
      await updateVerifyUserInfo(trx, auth.userInfoId, {
        ...(b.userName && { true_name: b.userName }),
        phone,
        title_id: b.technicalTitle ?? null,
      })
      if (!before.phone && phone) await setAccountPhone(trx, auth.accountId, phone)
      // The facts this form does not name (e-mail, a birth date kept without an ID number) keep their stored values.
      await updatePerson(trx, auth.accountId, {
        idCard,
        sex: parseIdCard(idCard)?.sex ?? b.sex ?? null,
        nation: b.nationality ?? null,
        politicalStatusId: b.politicalAttitudes ?? null,
        educationId: b.education ?? null,
        degreeId: b.academicDegree ?? null,
      })
    } catch (e) {
      uniqueMsg(e)
    }
    await recordOp(trx, auth, { module: '个人信息', action: '完善信息', target: b.userName ?? null })
  })
}

async function verifyCheckIn(trx: Trx, auth: AuthInfo) {
  const row = await findVerifyKeptFields(trx, auth.userInfoId)
  return { idCard: row.id_card ?? null, phone: row.phone ?? row.accountPhone ?? null }
}

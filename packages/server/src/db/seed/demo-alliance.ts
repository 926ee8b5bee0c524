import { ALLIANCE_UNIT_ATTR, AllianceStatus, ConfigName, jdMhSysConfig, type AllianceApp } from '@zhixiao/shared'
import type { Trx } from '../database.js'
import { createOrg } from '../../modules/tenant/provisioning.js'

export const DEMO_ALLIANCE_NAME = '示范区城乡教育联盟'

const APPS: AllianceApp[] = [
  { name: '国家中小学智慧教育平台', url: 'https://basic.smartedu.cn/' },
  { name: '联盟教研活动', url: 'https://www.smartedu.cn/' },
]

/**
 * The demo alliance (docs/alliance.md "The demo alliance"): founded by the bureau, so jyjadmin administers it;
 * 示范区第二中学 has joined (its users, lilaoshi there, see the alliance home) and 示范职业技术学院 (zyadmin) waits for
 * the audit. With its setting, shared apps and alliance header config. Rows written as the calls would write them
 * (registerPage, applyJoin, approve). Idempotent: an alliance of that name under the bureau is left as it is.
 */
export async function seedDemoAlliance(
  trx: Trx,
  tenantId: number,
  ids: { bureau: number; middle: number; college: number },
  now = new Date(),
): Promise<number> {
  const existing = await trx
    .selectFrom('alliance')
    .select('org_id')
    .where('tenant_id', '=', tenantId)
    .where('name', '=', DEMO_ALLIANCE_NAME)
    .executeTakeFirst()
  if (existing) return existing.org_id
  const tenant = await trx.selectFrom('tenant').select('name').where('id', '=', tenantId).executeTakeFirstOrThrow()
  const account = async (userName: string) =>
    (await trx.selectFrom('account').select('id').where('user_name', '=', userName).executeTakeFirst())?.id ?? null
  const founder = await account('jyjadmin')
  const applicant = await account('zyadmin')

  const orgId = await createOrg(trx, {
    parentId: ids.bureau,
    name: DEMO_ALLIANCE_NAME,
    unitAttr: ALLIANCE_UNIT_ATTR,
    allianceSchool: true,
  })
  await trx
    .insertInto('alliance')
    .values({
      org_id: orgId,
      name: DEMO_ALLIANCE_NAME,
      tenant_name: tenant.name,
      created_by: founder,
      need_audit: true,
      open_to_tenants: false,
      intro: '由示范区教育局牵头，区内中小学与职业院校共同组建，围绕集体教研、名师共享、课程共建开展合作。',
      culture: '共建 · 共享 · 共进',
      apps: JSON.stringify(APPS),
    })
    .execute()

  const orgs = await trx
    .selectFrom('org_unit')
    .select(['id', 'name', 'unit_attr'])
    .where('id', 'in', [ids.middle, ids.college])
    .execute()
  const org = (id: number) => orgs.find((o) => o.id === id)!
  const day = 86_400_000
  const member = (
    id: number,
    m: {
      status: number
      reason: string
      applicantName: string
      applicantId: number | null
      appliedDaysAgo: number
      decided: boolean
    },
  ) => ({
    tenant_id: tenantId,
    alliance_org_id: orgId,
    member_tenant_id: tenantId,
    member_org_id: id,
    member_org_name: org(id).name,
    member_unit_attr: org(id).unit_attr,
    member_tenant_name: tenant.name,
    status: m.status,
    source: 'apply',
    reason: m.reason,
    applicant_account_id: m.applicantId,
    applicant_name: m.applicantName,
    applied_at: new Date(+now - m.appliedDaysAgo * day),
    decided_by: m.decided ? founder : null,
    decided_at: m.decided ? new Date(+now - (m.appliedDaysAgo - 1) * day) : null,
    refuse_reason: null,
    left_at: null,
  })
  await trx
    .insertInto('alliance_member')
    .values([
      member(ids.middle, {
        status: AllianceStatus.JOINED,
        reason: '参与联盟集体教研',
        applicantName: '王老师',
        applicantId: null,
        appliedDaysAgo: 20,
        decided: true,
      }),
      member(ids.college, {
        status: AllianceStatus.AUDITING,
        reason: '希望开展职普融通合作',
        applicantName: '钱院长',
        applicantId: applicant,
        appliedDaysAgo: 2,
        decided: false,
      }),
    ])
    .execute()

  // The alliance header (门户管理 → 联盟顶部) as the alliance org's own config.
  const header = jdMhSysConfig.parse({
    sysName: DEMO_ALLIANCE_NAME,
    platformName: DEMO_ALLIANCE_NAME,
    culturalPurposeContent: '共建 · 共享 · 共进',
  })
  await trx
    .insertInto('portal_config')
    .values({ org_id: orgId, name: ConfigName.ALLIANCE_MH_SYS, value: JSON.stringify(header), updated_by: null })
    .execute()
  return orgId
}

import { ADMIN_ROLE, SUPER_ADMIN, UserType } from '@zhixiao/shared'
import type { Db } from '../database.js'
import type { PasswordParams } from '../../platform/password.js'
import { seedDemoPrivacyOfficer } from './demo-privacy.js'
import { seedDemoAlliance } from './demo-alliance.js'
import { seedDemoApps } from './demo-apps.js'
import { seedDemoComplaints } from './demo-complaints.js'
import { seedDemoCms } from './cms-demo.js'
import { seedDemoNotices } from './privacy-notices.js'
import { placeNamedPeople, seedPeople } from './demo-people.js'
import { seedSchoolStructure } from './demo-structure.js'
import {
  createBuiltinRoles,
  createOrg,
  createPerson,
  createRole,
  createTenant,
  hashPeople,
  hashPerson,
  type PersonSpec,
} from '../../modules/tenant/provisioning.js'

export const DEMO_PASSWORD = 'Demo@2026'
const DEFAULT_ADMIN_PASSWORD = 'Admin@2026'

/** Demo accounts printed at start and listed in the README. */
export const DEMO_ACCOUNTS = [
  { userName: 'administrator', password: DEFAULT_ADMIN_PASSWORD, who: '超级管理员 → /base-set' },
  {
    userName: 'jyjadmin',
    password: DEMO_PASSWORD,
    who: '区教育局管理员（示范区城乡教育联盟 → /allianceManage/allianceUser）',
  },
  { userName: 'jyjstaff', password: DEMO_PASSWORD, who: '局机关人员 → /portal/home' },
  { userName: 'xxadmin', password: DEMO_PASSWORD, who: '第一实验小学管理员' },
  { userName: 'zhanglaoshi', password: DEMO_PASSWORD, who: '第一实验小学教师 → /portal/home' },
  { userName: 'lilaoshi', password: DEMO_PASSWORD, who: '两所学校的教师 → 选择机构' },
  { userName: 'wanglaoshi', password: 'Zx123456', who: '初始密码 → 强制修改密码' },
  { userName: 'zhaolaoshi', password: DEMO_PASSWORD, who: '职业技术学院（Z3）教师' },
  { userName: 'zyadmin', password: DEMO_PASSWORD, who: '职业技术学院（Z3）管理员' },
  { userName: 'xiaoming', password: DEMO_PASSWORD, who: '学生' },
  { userName: 'xiaomingmama', password: DEMO_PASSWORD, who: '家长' },
] as const

/** The platform tenant 0 with the super administrator (orgId 0, administrator, role admin); always present. */
export async function ensurePlatform(
  db: Db,
  params: PasswordParams,
  adminPassword = DEFAULT_ADMIN_PASSWORD,
): Promise<boolean> {
  const exists = await db.platform((trx) =>
    trx.selectFrom('tenant').select('id').where('id', '=', SUPER_ADMIN.tenantId).executeTakeFirst(),
  )
  if (exists) return false
  await createTenant(db, {
    id: SUPER_ADMIN.tenantId,
    name: '智校平台',
    uniqueName: 'platform',
    trade: 1,
    config: { sysName: '智慧平台' },
  })
  const admin = await hashPerson(
    { userName: SUPER_ADMIN.userName, password: adminPassword, trueName: '超级管理员', memberships: [] },
    params,
  )
  await db.tenant(SUPER_ADMIN.tenantId, async (trx) => {
    await createOrg(trx, { id: SUPER_ADMIN.orgId, name: '平台管理', unitAttr: 0 })
    const roleId = await createRole(trx, { code: ADMIN_ROLE, name: '超级管理员', builtin: true })
    await createPerson(trx, SUPER_ADMIN.tenantId, {
      ...admin,
      memberships: [{ orgId: SUPER_ADMIN.orgId, userType: UserType.STAFF, roleIds: [roleId] }],
    })
  })
  return true
}

/**
 * One district: a bureau (unitAttr < 8) and three schools (one Z3), with their base data (departments, terms of
 * the school year `now` falls in, grades and classes, buildings and rooms, subjects, majors), teachers, students
 * and parents, apps and news, and an alliance of the bureau (示范区城乡教育联盟) with one member school and one
 * waiting application.
 */
export async function seedDemoDistrict(db: Db, params: PasswordParams, now = new Date()): Promise<void> {
  const exists = await db.platform((trx) =>
    trx.selectFrom('tenant').select('id').where('unique_name', '=', 'demo-district').executeTakeFirst(),
  )
  if (exists) return
  const tenantId = await createTenant(db, {
    name: '示范区教育局',
    uniqueName: 'demo-district',
    trade: 1,
    tenantModuleType: 1,
    defaultPassword: 'Zx123456',
    passwordMaxAgeDays: 180,
    config: { sysName: '示范区智慧教育平台' },
  })
  const ids = await db.tenant(tenantId, async (trx) => {
    const bureau = await createOrg(trx, { name: '示范区教育局', unitAttr: 4, orgCode: 'JYJ001' })
    const primary = await createOrg(trx, {
      parentId: bureau,
      name: '示范区第一实验小学',
      unitAttr: 8,
      appType: 1,
      orgCode: 'XX001',
    })
    const middle = await createOrg(trx, {
      parentId: bureau,
      name: '示范区第二中学',
      unitAttr: 9,
      appType: 1,
      orgCode: 'ZX002',
    })
    const college = await createOrg(trx, {
      parentId: bureau,
      name: '示范职业技术学院',
      unitAttr: 10,
      appType: 2,
      orgCode: 'GZ003',
    })
    return { bureau, primary, middle, college, ...(await createBuiltinRoles(trx)) }
  })
  const m = (orgId: number, userType: number, roleId: number) => ({ orgId, userType, roleIds: [roleId] })
  const people: PersonSpec[] = [
    {
      userName: 'jyjadmin',
      password: DEMO_PASSWORD,
      trueName: '陈主任',
      memberships: [m(ids.bureau, UserType.STAFF, ids.admin)],
    },
    {
      userName: 'jyjstaff',
      password: DEMO_PASSWORD,
      trueName: '周科员',
      memberships: [m(ids.bureau, UserType.STAFF, ids.staff)],
    },
    {
      userName: 'xxadmin',
      password: DEMO_PASSWORD,
      trueName: '孙校长',
      memberships: [m(ids.primary, UserType.STAFF, ids.admin)],
    },
    {
      userName: 'zhanglaoshi',
      password: DEMO_PASSWORD,
      trueName: '张老师',
      memberships: [m(ids.primary, UserType.STAFF, ids.teacher)],
    },
    {
      userName: 'lilaoshi',
      password: DEMO_PASSWORD,
      trueName: '李老师',
      memberships: [m(ids.primary, UserType.STAFF, ids.teacher), m(ids.middle, UserType.STAFF, ids.teacher)],
    },
    {
      userName: 'wanglaoshi',
      password: 'Zx123456',
      trueName: '王老师',
      mustReset: true,
      memberships: [m(ids.middle, UserType.STAFF, ids.teacher)],
    },
    {
      userName: 'zhaolaoshi',
      password: DEMO_PASSWORD,
      trueName: '赵老师',
      memberships: [m(ids.college, UserType.STAFF, ids.teacher)],
    },
    {
      userName: 'zyadmin',
      password: DEMO_PASSWORD,
      trueName: '钱院长',
      memberships: [m(ids.college, UserType.STAFF, ids.admin)],
    },
    {
      userName: 'xiaoming',
      password: DEMO_PASSWORD,
      trueName: '王小明',
      memberships: [m(ids.primary, UserType.STUDENT, ids.student)],
    },
    {
      userName: 'xiaomingmama',
      password: DEMO_PASSWORD,
      trueName: '刘女士',
      memberships: [m(ids.primary, UserType.PARENT, ids.parent)],
    },
  ]
  const { people: hashed, hashOf } = await hashPeople(people, params)
  await db.tenant(tenantId, async (trx) => {
    for (const p of hashed) await createPerson(trx, tenantId, p)
    await seedDemoApps(trx, ids.bureau)
    await seedDemoComplaints(trx, ids.primary)
  })
  await db.tenant(tenantId, async (trx) => {
    const structure = await seedSchoolStructure(trx, ids, now)
    const tenant = await trx
      .selectFrom('tenant')
      .select('default_password')
      .where('id', '=', tenantId)
      .executeTakeFirstOrThrow()
    await seedPeople(trx, tenantId, ids, structure, await hashOf(tenant.default_password))
    await placeNamedPeople(trx, ids, structure)
  })
  await seedDemoCms(db, tenantId, ids, now)
  await db.tenant(tenantId, (trx) => seedDemoAlliance(trx, tenantId, ids, now))
  await db.tenant(tenantId, (trx) => seedDemoNotices(trx))
  await db.tenant(tenantId, (trx) => seedDemoPrivacyOfficer(trx, ids.bureau))
}

import { ADMIN_ROLE, ROLE_IMPORT_COLUMNS, RoleMsg, splitRoleNames } from '@zhixiao/shared'
import type { Trx } from '../../db/database.js'
import type { AuthInfo } from '../../platform/context.js'
import type { ReadRow } from '../../platform/excel.js'
import { recordOp } from '../../platform/op-log.js'
import { loadGrants } from '../../platform/permissions.js'
import type { ImportKindDef, Rejected } from '../imports/kinds.js'
import {
  findPeopleByLoginOrPhone,
  listCatalogueCodes,
  listGrantsOfRoles,
  listRolesOfOrgView,
} from './import-kind-queries.js'
import { insertUserRoles } from './queries.js'

/**
 * Role user import (docs/roles.md): each row names a person of the importing org (login name or phone) and one
 * or more roles of that org's view (its own and the built-in ones) by name. A row is applied whole or rejected
 * whole with its reason; roles holding a code the uploader lacks are refused as in associatedAccount.
 */
interface Person {
  id: number
  trueName: string
}

/** People of the org reachable by each login name or phone of the batch (a phone may name several). */
async function peopleOf(trx: Trx, orgId: number, keys: string[]): Promise<Map<string, Person[]>> {
  const found = new Map<string, Person[]>()
  if (!keys.length) return found
  const rows = await findPeopleByLoginOrPhone(trx, orgId, keys)
  for (const r of rows) {
    for (const k of [r.loginName, r.phone]) {
      if (!k || !keys.includes(k)) continue
      const list = found.get(k) ?? []
      if (!list.some((p) => p.id === r.id)) list.push({ id: r.id, trueName: r.trueName })
      found.set(k, list)
    }
  }
  return found
}

export const roleUserImport: ImportKindDef = {
  columns: [...ROLE_IMPORT_COLUMNS],
  schoolOnly: false,
  async prepare(_ctx, trx, job) {
    const own = new Set((await loadGrants(trx, job.createdBy)).permissions)
    const everyCode = (await listCatalogueCodes(trx)).map((p) => p.code)
    const roles = await listRolesOfOrgView(trx, job.orgId)
    const grants = roles.length
      ? await listGrantsOfRoles(
          trx,
          roles.map((r) => r.id),
        )
      : []
    // A role is beyond the uploader when it gives a code they lack (the admin role gives every code).
    const codesOf = (r: { id: number; code: string }) =>
      r.code === ADMIN_ROLE ? everyCode : grants.filter((g) => g.role_id === r.id).map((g) => g.permission_code)
    const byName = new Map(
      roles.map((r) => [r.name, { id: r.id, name: r.name, beyond: codesOf(r).some((c) => !own.has(c)) }]),
    )
    // The import acts with the uploader's reach, limited to the job's org.
    const auth: AuthInfo = {
      sessionId: '',
      tenantId: job.tenantId,
      accountId: 0,
      userInfoId: job.createdBy,
      orgId: job.orgId,
    }
    return {
      async write(trx2, rows) {
        const rejected: Rejected[] = []
        const people = await peopleOf(trx2, job.orgId, [
          ...new Set(rows.map((r) => (r.values.login ?? '').trim()).filter(Boolean)),
        ])
        const links: { row: ReadRow; person: Person; roleIds: number[]; roleNames: string[] }[] = []
        for (const row of rows) {
          const login = (row.values.login ?? '').trim()
          const names = splitRoleNames(row.values.roles ?? '')
          if (!login) {
            rejected.push({ row, reason: '请填写登录名或手机号' })
            continue
          }
          if (!names.length) {
            rejected.push({ row, reason: '请填写角色名称' })
            continue
          }
          const found = people.get(login) ?? []
          if (!found.length) {
            rejected.push({ row, reason: `本机构中没有该人员：${login}` })
            continue
          }
          if (found.length > 1) {
            rejected.push({ row, reason: '该手机号对应多人，请填写登录名' })
            continue
          }
          const person = found[0]!
          const trueName = (row.values.trueName ?? '').trim()
          if (trueName && trueName !== person.trueName) {
            rejected.push({ row, reason: `姓名与账号不一致：${person.trueName}` })
            continue
          }
          const missing = names.find((n) => !byName.has(n))
          if (missing) {
            rejected.push({ row, reason: `角色不存在：${missing}` })
            continue
          }
          const picked = names.map((n) => byName.get(n)!)
          if (picked.some((r) => r.beyond)) {
            rejected.push({ row, reason: RoleMsg.BEYOND_OWN })
            continue
          }
          links.push({ row, person, roleIds: picked.map((r) => r.id), roleNames: names })
        }
        const values = links.flatMap((l) => l.roleIds.map((role_id) => ({ user_info_id: l.person.id, role_id })))
        if (values.length) {
          await insertUserRoles(trx2, values)
          await recordOp(trx2, auth, {
            module: '角色授权',
            action: '导入关联人员',
            target: `导入任务 ${job.id}：${links.length} 人`,
            important: true,
            detail: { after: links.map((l) => ({ person: l.person.trueName, roles: l.roleNames })) },
          })
        }
        return rejected
      },
    }
  },
}

import { USER_TYPE_LABEL, UserType, type RoleRow, type RoleUpdateBody } from '@zhixiao/shared'
import { Tag } from 'antd'

/** The user types a role may be meant for (001 §6: 1002, 1003, 1004); a role without one is for everybody. */
export type RoleUserType = NonNullable<RoleUpdateBody['userType']>
const ROLE_USER_TYPES: RoleUserType[] = [UserType.STAFF, UserType.STUDENT, UserType.PARENT]
export const USER_TYPE_OPTIONS = ROLE_USER_TYPES.map((v) => ({ value: v, label: USER_TYPE_LABEL[v] }))

/** A role row's user type as the update call takes it (rows carry a plain number). */
export function roleUserType(v: number | null): RoleUserType | null {
  return ROLE_USER_TYPES.find((t) => t === v) ?? null
}

export const userTypeText = (v: number | null): string => {
  const t = roleUserType(v)
  return t ? USER_TYPE_LABEL[t] : '全部'
}

/** 角色名称 with the 内置 tag of built-in roles (those cannot be edited, granted or deleted). */
export function RoleName({ role }: { role: Pick<RoleRow, 'name' | 'builtin' | 'status'> }) {
  return (
    <>
      {role.name}
      {role.builtin && (
        <Tag color="blue" style={{ marginInlineStart: 8 }}>
          内置
        </Tag>
      )}
      {role.status === 1 && <Tag style={{ marginInlineStart: 8 }}>停用</Tag>}
    </>
  )
}

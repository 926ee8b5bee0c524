import { SEX_LABEL, type Envelope } from '@zhixiao/shared'
import type { ColumnType } from 'antd/es/table'
import type { RowAction } from '../../components/crud'
import { formatTime } from '../../components/crud/dates'
import { useSession } from '../../stores/session'

/** What every people row has (teachers, students, parents). */
export interface Member {
  id: number
  accountId: number
  trueName: string
}
type Call = (ids: number[]) => Promise<Envelope<unknown>>

export const archiveAction = <Row extends Member>(archive: Call, code: string): RowAction<Row> => ({
  key: 'archive',
  label: '归档',
  code,
  run: (r) => archive([r.id]),
  confirm: {
    title: (r) => `归档“${r.trueName}”？`,
    content: '归档后该人员不能再登录本机构，可在归档列表中恢复。',
    okText: '归档',
  },
})

export const restoreAction = <Row extends Member>(restore: Call, code: string): RowAction<Row> => ({
  key: 'restore',
  label: '恢复',
  code,
  run: (r) => restore([r.id]),
})

export const resetPasswordAction = <Row extends Member>(
  reset: (id: number) => Promise<Envelope<unknown>>,
  code: string,
): RowAction<Row> => ({
  key: 'resetPwd',
  label: '重置密码',
  code,
  run: (r) => reset(r.id),
  confirm: {
    title: (r) => `重置“${r.trueName}”的密码？`,
    content: '密码将重置为初始密码，下次登录时须修改。',
    okText: '重置',
  },
})

/** 删除 names the person (deleteAction wants a `name`); the account goes too when it has no other membership. */
export const removeAction = <Row extends Member>(
  remove: (id: number) => Promise<Envelope<unknown>>,
  code: string,
  content: string,
): RowAction<Row> => ({
  key: 'delete',
  label: '删除',
  danger: true,
  code,
  run: (r) => remove(r.id),
  confirm: { title: (r) => `删除“${r.trueName}”？`, content, okText: '删除' },
})

/** Actions that would lock the caller out when run on their own account (the server refuses them too). */
const LOCKOUT = new Set(['status', 'archive', 'resetPwd', 'delete'])

/** Hides 停用, 归档, 重置密码 and 删除 on the caller's own rows (the super administrator's in the teacher list). */
export function useWithoutSelfLockout<Row extends Member>(): (actions: RowAction<Row>[]) => RowAction<Row>[] {
  const me = useSession((s) => s.userInfo?.id)
  return (actions) =>
    actions.map((a) =>
      LOCKOUT.has(a.key) ? { ...a, hidden: (r: Row) => r.accountId === me || (a.hidden?.(r) ?? false) } : a,
    )
}

export const detailAction = <Row extends Member>(page: string): RowAction<Row> => ({
  key: 'detail',
  label: '详情',
  to: (r) => `/base-userAccount/${page}?id=${r.id}`,
})

export function sexColumn<Row extends { sex: number | null }>(): ColumnType<Row> {
  return {
    title: '性别',
    dataIndex: 'sex',
    width: 70,
    render: (v: number | null) => (v === null ? '—' : (SEX_LABEL[v] ?? '—')),
  }
}

/** Status options of the people filters (0 enabled, 1 disabled). */
export const STATUS_OPTIONS = [
  { value: 0, label: '启用' },
  { value: 1, label: '停用' },
]

/** A timestamp column in local time. */
export function timeColumn<Row>(title: string, dataIndex: keyof Row & string): ColumnType<Row> {
  return { title, dataIndex, width: 170, render: (v: string | null) => formatTime(v) }
}

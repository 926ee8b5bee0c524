import type { LogRow } from '@zhixiao/shared'
import { Tag } from 'antd'
import type { ColumnType } from 'antd/es/table'
import { formatTime } from './dates'

/** 状态: 0 启用 / 1 停用. */
export function statusColumn<Row extends { status: number }>(): ColumnType<Row> {
  return {
    title: '状态',
    dataIndex: 'status',
    width: 90,
    render: (v: number) => (v === 0 ? <Tag color="green">启用</Tag> : <Tag>停用</Tag>),
  }
}

/** A nullable text column shown as — when empty. */
export function textColumn<Row>(title: string, dataIndex: keyof Row & string): ColumnType<Row> {
  return { title, dataIndex, render: (v: unknown) => (v === null || v === undefined || v === '' ? '—' : String(v)) }
}

/** The columns of an operation-log line (key log monitor, role operation log): when, where, who, what. */
export function logColumns(): ColumnType<LogRow>[] {
  return [
    { title: '时间', dataIndex: 'createdAt', width: 170, render: (v: string) => formatTime(v) },
    textColumn<LogRow>('机构', 'orgName'),
    { title: '操作人', dataIndex: 'actorName' },
    { title: '模块', dataIndex: 'module' },
    { title: '操作', dataIndex: 'action' },
    textColumn<LogRow>('操作对象', 'target'),
    textColumn<LogRow>('IP', 'ip'),
  ]
}

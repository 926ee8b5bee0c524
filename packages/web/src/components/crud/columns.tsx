import { Tag } from 'antd'
import type { ColumnType } from 'antd/es/table'

/** 状态: 0 启用 / 1 停用. */
export function statusColumn<Row extends { status: number }>(): ColumnType<Row> {
  return { title: '状态', dataIndex: 'status', width: 90, render: (v: number) => (v === 0 ? <Tag color="green">启用</Tag> : <Tag>停用</Tag>) }
}

/** A nullable text column shown as — when empty. */
export function textColumn<Row>(title: string, dataIndex: keyof Row & string): ColumnType<Row> {
  return { title, dataIndex, render: (v: unknown) => (v === null || v === undefined || v === '' ? '—' : String(v)) }
}

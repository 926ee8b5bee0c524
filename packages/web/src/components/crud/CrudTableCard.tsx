import type { Envelope } from '@zhixiao/shared'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { Button, Card, Input, Space, Table, type TableProps } from 'antd'
import type { ColumnsType } from 'antd/es/table'
import type { TableRowSelection } from 'antd/es/table/interface'
import type { ReactNode } from 'react'
import { useState } from 'react'
import { PermButton } from '../PermButton'
import { CrudFormModal } from './CrudFormModal'
import { RowActions, type RowAction } from './row-actions'
import type { PageParams, PageResult } from './types'
import { useWrite } from './use-write'

/** The add/edit form of a card: Form.Items, their starting values and the call that saves them. */
export interface CrudForm<Row, V> {
  /** 新增{noun} / 编辑{noun}. */
  noun: string
  fields: (editing: Row | null) => ReactNode
  initial: (editing: Row | null) => Partial<V>
  submit: (values: V, editing: Row | null) => Promise<Envelope<unknown>>
  /** After a successful save (e.g. show what was created). */
  afterSave?: (env: Envelope<unknown>, values: V, editing: Row | null) => void
  /** false: no 编辑 row action. */
  editable?: boolean
  /** Rows without 编辑 (built-in roles); the others keep it. */
  canEdit?: (row: Row) => boolean
  width?: number
}

export interface CrudTableCardProps<Row, V> {
  /** The list's query key; its first element is the group refreshed after every write. */
  queryKey: readonly unknown[]
  fetch: (p: PageParams) => Promise<PageResult<Row>>
  columns: ColumnsType<Row>
  rowKey?: string
  /** Placeholder of the search box; omitted: no search box. */
  search?: string
  /** Extra filters next to the search box (their values belong in queryKey). */
  filters?: ReactNode
  /** Other query groups a write here changes (archiving a grade changes classes). */
  invalidates?: readonly string[]
  form?: CrudForm<Row, V>
  actions?: RowAction<Row>[]
  addLabel?: string
  addCode?: string
  editCode?: string
  /** Replaces the add modal (a separate add page). */
  onAdd?: () => void
  /** No add button, edit form or row actions. */
  readOnly?: boolean
  /** Shown above the table. */
  notice?: ReactNode
  /** false: one unpaged list, for short lists the server answers whole (see wholeList). */
  pagination?: false
  /** Checkboxes for batch actions on the selected rows (调班 of students). */
  rowSelection?: TableRowSelection<Row>
  /** Rows that open to show more (the before/after of an operation log line). */
  expandable?: TableProps<Row>['expandable']
  title?: ReactNode
}

/** A paged table card with search, 新增, row actions and an add/edit modal — the shape of every base-data list. */
export function CrudTableCard<Row extends object, V extends object = Record<string, unknown>>(
  p: CrudTableCardProps<Row, V>,
) {
  const [keyword, setKeyword] = useState('')
  const scope = JSON.stringify([p.queryKey, keyword])
  const [paging, setPaging] = useState({ scope, pageIndex: 1, pageSize: 10 })
  // A new filter or keyword starts again at page 1.
  const pageIndex = paging.scope === scope ? paging.pageIndex : 1
  const { pageSize } = paging
  const list = useQuery({
    queryKey: [...p.queryKey, keyword, pageIndex, pageSize],
    queryFn: () => p.fetch({ keyword: keyword || undefined, pageIndex, pageSize }),
    placeholderData: keepPreviousData,
  })
  const write = useWrite([String(p.queryKey[0]), ...(p.invalidates ?? [])])
  const [editing, setEditing] = useState<{ row: Row | null } | null>(null)
  const form = p.form
  const canAdd = !p.readOnly && (p.onAdd || form)
  const showOps = !p.readOnly && ((form && form.editable !== false) || (p.actions?.length ?? 0) > 0)

  const columns: ColumnsType<Row> = showOps
    ? [
        ...p.columns,
        {
          title: '操作',
          key: 'op',
          render: (_: unknown, row: Row) => (
            <RowActions
              row={row}
              actions={p.actions ?? []}
              write={write}
              editCode={p.editCode}
              edit={
                form && form.editable !== false && (form.canEdit?.(row) ?? true) ? () => setEditing({ row }) : undefined
              }
            />
          ),
        },
      ]
    : p.columns
  const add = () => (p.onAdd ? p.onAdd() : setEditing({ row: null }))
  const addButton = !canAdd ? null : p.addCode ? (
    <PermButton code={p.addCode} type="primary" onClick={add}>
      {p.addLabel ?? '新增'}
    </PermButton>
  ) : (
    <Button type="primary" onClick={add}>
      {p.addLabel ?? '新增'}
    </Button>
  )

  const save = async (values: V): Promise<boolean> => {
    if (!form || !editing) return false
    const env = await write(() => form.submit(values, editing.row))
    if (env) form.afterSave?.(env, values, editing.row)
    return env !== null
  }

  return (
    <Card size="small" title={p.title} extra={addButton}>
      {(p.search || p.filters) && (
        <Space style={{ marginBottom: 12 }} wrap>
          {p.search && (
            <Input.Search
              placeholder={p.search}
              allowClear
              style={{ width: 220 }}
              onSearch={(v) => setKeyword(v.trim())}
            />
          )}
          {p.filters}
        </Space>
      )}
      {p.notice}
      <Table<Row>
        rowKey={p.rowKey ?? 'id'}
        size="middle"
        loading={list.isFetching}
        dataSource={list.data?.list ?? []}
        columns={columns}
        rowSelection={p.rowSelection}
        expandable={p.expandable}
        pagination={
          p.pagination ?? {
            current: pageIndex,
            pageSize,
            total: list.data?.total ?? 0,
            showSizeChanger: true,
            showTotal: (t) => `共 ${t} 条`,
            onChange: (i, s) => setPaging({ scope, pageIndex: i, pageSize: s }),
          }
        }
      />
      {form && editing && (
        <CrudFormModal<V>
          title={`${editing.row ? '编辑' : '新增'}${form.noun}`}
          initialValues={form.initial(editing.row)}
          width={form.width}
          onSubmit={save}
          onClose={() => setEditing(null)}
        >
          {form.fields(editing.row)}
        </CrudFormModal>
      )}
    </Card>
  )
}

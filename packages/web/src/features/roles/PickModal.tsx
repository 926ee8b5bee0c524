import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { Input, Modal, Table } from 'antd'
import type { ColumnsType } from 'antd/es/table'
import { useState } from 'react'
import { notify } from '../../api/feedback'
import type { PageResult } from '../../components/crud'

/**
 * A paged, searchable list to tick rows from (across pages and searches), then confirm: picking sub-orgs or
 * people to add. `save` answers whether it succeeded; the modal closes then.
 */
export function PickModal<Row extends object>({
  title,
  queryKey,
  fetch,
  columns,
  rowKey,
  search,
  nothing,
  save,
  onClose,
}: {
  title: string
  queryKey: readonly unknown[]
  fetch: (q: { keyword: string | null; pageIndex: number; pageSize: number }) => Promise<PageResult<Row>>
  columns: ColumnsType<Row>
  rowKey: keyof Row & string
  search: string
  /** Warning when nothing is ticked. */
  nothing: string
  save: (ids: number[]) => Promise<boolean>
  onClose: () => void
}) {
  const [keyword, setKeyword] = useState('')
  const [paging, setPaging] = useState({ pageIndex: 1, pageSize: 10 })
  const [picked, setPicked] = useState<number[]>([])
  const [busy, setBusy] = useState(false)
  const list = useQuery({
    queryKey: [...queryKey, keyword, paging.pageIndex, paging.pageSize],
    queryFn: () => fetch({ keyword: keyword || null, ...paging }),
    placeholderData: keepPreviousData,
  })
  const ok = async () => {
    if (!picked.length) {
      notify.warning(nothing)
      return
    }
    setBusy(true)
    const done = await save(picked).finally(() => setBusy(false))
    if (done) onClose()
  }
  return (
    <Modal
      open
      title={title}
      width={760}
      okText={picked.length ? `确定（${picked.length}）` : '确定'}
      cancelText="取消"
      onOk={() => void ok()}
      confirmLoading={busy}
      onCancel={onClose}
      destroyOnHidden
    >
      <Input.Search
        placeholder={search}
        allowClear
        style={{ width: 240, marginBottom: 12 }}
        onSearch={(v) => {
          setKeyword(v.trim())
          setPaging((p) => ({ ...p, pageIndex: 1 }))
        }}
      />
      <Table<Row>
        rowKey={rowKey}
        size="small"
        loading={list.isFetching}
        dataSource={list.data?.list ?? []}
        columns={columns}
        rowSelection={{
          selectedRowKeys: picked,
          preserveSelectedRowKeys: true,
          onChange: (keys) => setPicked(keys.map(Number)),
        }}
        pagination={{
          current: paging.pageIndex,
          pageSize: paging.pageSize,
          total: list.data?.total ?? 0,
          showTotal: (t) => `共 ${t} 条`,
          onChange: (pageIndex, pageSize) => setPaging({ pageIndex, pageSize }),
        }}
      />
    </Modal>
  )
}

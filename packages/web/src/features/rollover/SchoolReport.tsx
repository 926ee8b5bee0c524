import { ROLLOVER_CHANGE_KINDS, ROLLOVER_CHANGE_LABEL, type RolloverChangeKind } from '@zhixiao/shared'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { Select, Table } from 'antd'
import { useState } from 'react'
import { rolloverApi } from './api'

/** 结转报告: every change one school's run made, one row each, filterable by kind. */
export function SchoolReport({ planId, orgId }: { planId: number; orgId: number }) {
  const [kind, setKind] = useState<RolloverChangeKind | null>(null)
  const [paging, setPaging] = useState({ pageIndex: 1, pageSize: 50 })
  const q = useQuery({
    queryKey: ['rolloverReport', planId, orgId, kind, paging],
    queryFn: () => rolloverApi.report({ planId, orgId, kind, ...paging }),
    placeholderData: keepPreviousData,
  })
  return (
    <div data-testid="rollover-report">
      <Select<RolloverChangeKind | null>
        aria-label="变更类型"
        allowClear
        placeholder="全部变更类型"
        style={{ width: 200, maxWidth: '100%', marginBottom: 12 }}
        value={kind}
        onChange={(v) => {
          setKind(v ?? null)
          setPaging((p) => ({ ...p, pageIndex: 1 }))
        }}
        options={ROLLOVER_CHANGE_KINDS.map((k) => ({ value: k, label: ROLLOVER_CHANGE_LABEL[k] }))}
      />
      <Table
        size="small"
        rowKey="id"
        loading={q.isFetching}
        dataSource={q.data?.list ?? []}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: '暂无变更' }}
        pagination={{
          current: paging.pageIndex,
          pageSize: paging.pageSize,
          total: q.data?.total ?? 0,
          showTotal: (t) => `共 ${t} 项变更`,
          onChange: (pageIndex, pageSize) => setPaging({ pageIndex, pageSize }),
        }}
        columns={[
          { title: '变更', dataIndex: 'kind', render: (k: RolloverChangeKind) => ROLLOVER_CHANGE_LABEL[k] },
          { title: '对象', dataIndex: 'subject' },
          { title: '原', dataIndex: 'fromValue', render: (v: string | null) => v ?? '—' },
          { title: '新', dataIndex: 'toValue', render: (v: string | null) => v ?? '—' },
        ]}
      />
    </div>
  )
}

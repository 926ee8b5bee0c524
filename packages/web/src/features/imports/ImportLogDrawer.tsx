import type { ImportKind, ImportTask } from '@zhixiao/shared'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { Button, Drawer, Table } from 'antd'
import { useState } from 'react'
import { formatTime } from '../../components/crud/dates'
import { importApi } from './api'
import { ImportStatusTag } from './ImportTaskItem'

/** 导入记录: the log of one kind's import jobs (commonImportLog/log/page) with their rejected rows to download. */
export function ImportLogDrawer({ kind, title, onClose }: { kind: ImportKind; title: string; onClose: () => void }) {
  const [page, setPage] = useState({ pageIndex: 1, pageSize: 10 })
  const logs = useQuery({
    queryKey: ['importLogs', kind, page],
    queryFn: () => importApi.logPage({ type: kind, ...page }),
    placeholderData: keepPreviousData,
  })
  return (
    <Drawer open title={title} size={760} onClose={onClose} destroyOnHidden>
      <Table<ImportTask>
        rowKey="importLogId"
        size="small"
        loading={logs.isFetching}
        dataSource={logs.data?.list ?? []}
        pagination={{
          current: page.pageIndex,
          pageSize: page.pageSize,
          total: logs.data?.total ?? 0,
          showTotal: (t) => `共 ${t} 条`,
          onChange: (pageIndex, pageSize) => setPage({ pageIndex, pageSize }),
        }}
        columns={[
          { title: '文件', dataIndex: 'fileName', ellipsis: true },
          { title: '状态', dataIndex: 'status', width: 90, render: (v: number) => <ImportStatusTag status={v} /> },
          { title: '已处理', key: 'processed', width: 110, render: (_, t) => `${t.processedCount}/${t.totalCount}` },
          { title: '成功/失败', key: 'result', width: 100, render: (_, t) => `${t.successCount}/${t.failCount}` },
          { title: '导入人', dataIndex: 'createdByName', width: 100 },
          { title: '导入时间', dataIndex: 'createdAt', width: 170, render: (v: string) => formatTime(v) },
          {
            title: '操作',
            key: 'op',
            width: 120,
            render: (_, t) =>
              t.failCount > 0 ? (
                <Button type="link" size="small" onClick={() => void importApi.downloadErrors(t)}>
                  下载失败数据
                </Button>
              ) : (
                '—'
              ),
          },
        ]}
      />
    </Drawer>
  )
}

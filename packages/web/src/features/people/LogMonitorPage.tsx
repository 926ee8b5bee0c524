import type { LogRow } from '@zhixiao/shared'
import { DatePicker, Input, Popover, Typography } from 'antd'
import type { Dayjs } from 'dayjs'
import { useState } from 'react'
import { CrudTableCard, fromDay, logColumns, PageFrame } from '../../components/crud'
import type { PageProps } from '../../navigation/page-props'
import { importantLogApi } from './api'

/** The before/after values or counts of a log line, shown on demand (they can be long). */
function DetailCell({ detail }: { detail: LogRow['detail'] }) {
  if (!detail || !Object.keys(detail).length) return <>—</>
  return (
    <Popover
      content={
        <pre style={{ margin: 0, maxWidth: 480, maxHeight: 360, overflow: 'auto' }}>
          {JSON.stringify(detail, null, 2)}
        </pre>
      }
    >
      <Typography.Link>查看</Typography.Link>
    </Popover>
  )
}

/** /base-logMonitor/index: key operations (deleting people, resetting passwords, imports, exports) by keyword, module and date. */
export default function LogMonitorPage({ path, title }: PageProps) {
  const [module, setModule] = useState('')
  const [range, setRange] = useState<[Dayjs | null, Dayjs | null] | null>(null)
  const from = range?.[0] ? fromDay(range[0]) : null
  const to = range?.[1] ? fromDay(range[1]) : null
  return (
    <PageFrame path={path} title={title}>
      <CrudTableCard<LogRow>
        queryKey={['importantLog', module, from, to]}
        search="操作人或操作对象"
        filters={
          <>
            <Input.Search
              placeholder="模块，如 教师管理"
              allowClear
              style={{ width: 200 }}
              onSearch={(v) => setModule(v.trim())}
            />
            <DatePicker.RangePicker
              value={range}
              onChange={(v) => setRange(v)}
              placeholder={['开始日期', '结束日期']}
            />
          </>
        }
        fetch={(q) =>
          importantLogApi.page({
            keyword: q.keyword ?? null,
            module: module || null,
            from,
            to,
            pageIndex: q.pageIndex,
            pageSize: q.pageSize,
          })
        }
        columns={[
          ...logColumns(),
          { title: '详情', dataIndex: 'detail', render: (d: LogRow['detail']) => <DetailCell detail={d} /> },
        ]}
      />
    </PageFrame>
  )
}

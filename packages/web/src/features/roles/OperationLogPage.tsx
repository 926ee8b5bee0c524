import type { LogRow } from '@zhixiao/shared'
import { useQuery } from '@tanstack/react-query'
import { Col, DatePicker, Input, Row, Select, Space, Tag, Typography } from 'antd'
import type { Dayjs } from 'dayjs'
import { useState } from 'react'
import { CrudTableCard, fromDay, logColumns, PageFrame } from '../../components/crud'
import type { PageProps } from '../../navigation/page-props'
import { operationLogApi, RoleKeys } from './api'
import { permissionName } from './permission-tree'

type Detail = NonNullable<LogRow['detail']>

const hasDetail = (r: LogRow): boolean => !!r.detail && Object.keys(r.detail).length > 0
const codesOf = (v: unknown): string[] | null => (Array.isArray(v) && v.every((c) => typeof c === 'string') ? v : null)
const json = (v: unknown) => (
  <pre style={{ margin: 0, maxHeight: 320, overflow: 'auto', whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
    {JSON.stringify(v, null, 2)}
  </pre>
)

/** Codes added or removed by a grant, by their catalogue names. */
function CodeTags({ label, codes, color }: { label: string; codes: string[]; color: string }) {
  return (
    <div style={{ marginBottom: 8 }}>
      <Typography.Text strong>{label}：</Typography.Text>
      {codes.length
        ? codes.map((c) => (
            <Tag key={c} color={color} title={c}>
              {permissionName(c)}
            </Tag>
          ))
        : '无'}
    </div>
  )
}

/** The opened row: 修改前 / 修改后 side by side; a grant also lists what it added and removed; anything else as JSON. */
function LogDetail({ detail }: { detail: Detail }) {
  const { before, after, added, removed, ...rest } = detail
  const addedCodes = codesOf(added)
  const removedCodes = codesOf(removed)
  return (
    <div data-testid="log-detail">
      {addedCodes && <CodeTags label="新增权限" codes={addedCodes} color="green" />}
      {removedCodes && <CodeTags label="收回权限" codes={removedCodes} color="red" />}
      {(before !== undefined || after !== undefined) && (
        <Row gutter={16}>
          <Col span={12}>
            <Typography.Text strong>修改前</Typography.Text>
            {before === undefined ? <div>—</div> : json(before)}
          </Col>
          <Col span={12}>
            <Typography.Text strong>修改后</Typography.Text>
            {after === undefined ? <div>—</div> : json(after)}
          </Col>
        </Row>
      )}
      {Object.keys(rest).length > 0 && (
        <div style={{ marginTop: 8 }}>
          <Typography.Text strong>其他</Typography.Text>
          {json(rest)}
        </div>
      )}
    </div>
  )
}

/**
 * /roles-userOptionlog (操作日志, permission_operation_log): every admin write of the caller's org and below, by
 * operator/target keyword, module, organisation and date; a row opens to its before/after.
 */
export default function OperationLogPage({ path, title }: PageProps) {
  const [module, setModule] = useState('')
  const [orgId, setOrgId] = useState<number | undefined>()
  const [range, setRange] = useState<[Dayjs | null, Dayjs | null] | null>(null)
  const from = range?.[0] ? fromDay(range[0]) : null
  const to = range?.[1] ? fromDay(range[1]) : null
  const orgs = useQuery({ queryKey: [RoleKeys.opLog, 'orgs'], queryFn: operationLogApi.orgs, staleTime: 60_000 })
  return (
    <PageFrame path={path} title={title}>
      <CrudTableCard<LogRow>
        queryKey={[RoleKeys.opLog, module, orgId ?? null, from, to]}
        search="操作人或操作对象"
        filters={
          <Space wrap>
            <Input.Search
              placeholder="模块，如 角色授权"
              allowClear
              style={{ width: 200 }}
              onSearch={(v) => setModule(v.trim())}
            />
            <Select
              allowClear
              placeholder="全部机构"
              aria-label="全部机构"
              style={{ width: 200 }}
              value={orgId}
              onChange={(v?: number) => setOrgId(v)}
              loading={orgs.isLoading}
              options={(orgs.data ?? []).map((o) => ({ value: o.orgId, label: o.orgName }))}
            />
            <DatePicker.RangePicker
              value={range}
              onChange={(v) => setRange(v)}
              placeholder={['开始日期', '结束日期']}
            />
          </Space>
        }
        fetch={(q) =>
          operationLogApi.page({
            keyword: q.keyword ?? null,
            module: module || null,
            orgId: orgId ?? null,
            from,
            to,
            pageIndex: q.pageIndex,
            pageSize: q.pageSize,
          })
        }
        expandable={{
          rowExpandable: hasDetail,
          expandedRowRender: (r) => (r.detail ? <LogDetail detail={r.detail} /> : null),
        }}
        columns={logColumns()}
      />
    </PageFrame>
  )
}

import { EXPORT_KIND_LABEL, EXPORT_STATUS_LABEL, type ExportRequestRow, type ExportStatus } from '@zhixiao/shared'
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query'
import { Button, Card, Form, Grid, Input, List, Modal, Pagination, Space, Table, Tabs, Tag, Typography } from 'antd'
import type { ColumnsType } from 'antd/es/table'
import { useState, type ReactNode } from 'react'
import { notify } from '../../api/feedback'
import { PageFrame } from '../../components/crud'
import type { PageProps } from '../../navigation/page-props'
import { piExportApi } from './api'

type Box = 'mine' | 'review'
type StatusKey = ExportStatus | 'expired'

const STATUS_COLOR: Record<StatusKey, string> = {
  pending: 'gold',
  refused: 'red',
  queued: 'blue',
  running: 'blue',
  done: 'green',
  failed: 'red',
  expired: 'default',
}
const statusOf = (r: ExportRequestRow): StatusKey => (r.status === 'done' && r.expired ? 'expired' : r.status)
const statusTag = (r: ExportRequestRow) => (
  <Tag color={STATUS_COLOR[statusOf(r)]}>{EXPORT_STATUS_LABEL[statusOf(r)]}</Tag>
)
const what = (r: ExportRequestRow) =>
  `${EXPORT_KIND_LABEL[r.kind]}${r.full ? '完整信息' : '（脱敏）'} · ${r.orgName ?? ''} · ${r.filterText}`
const outcome = (r: ExportRequestRow) =>
  [
    r.reviewerName && `审批人 ${r.reviewerName}${r.reviewedAt ? `（${r.reviewedAt}）` : ''}`,
    r.reviewComment && `意见：${r.reviewComment}`,
    r.rowCount != null && `${r.rowCount} 行`,
    r.error,
    r.status === 'done' && r.expiresAt && `${r.expired ? '已于' : '有效至'} ${r.expiresAt}${r.expired ? '过期' : ''}`,
    r.status === 'done' && `已下载 ${r.downloadCount} 次`,
  ]
    .filter(Boolean)
    .join('；')

/**
 * /base-privacyLog/exports (导出申请): one's own export requests, with the download while the link is valid; and for
 * the personal-information officer and approvers, the requests to approve or refuse (docs/privacy.md "Export
 * approval"). A table on a desk, cards on a phone.
 */
export default function ExportsPage({ path, title }: PageProps) {
  const phone = !Grid.useBreakpoint().md
  const settings = useQuery({ queryKey: ['piOfficer'], queryFn: () => piExportApi.settings() })
  const [box, setBox] = useState<Box>('mine')
  const [paging, setPaging] = useState({ pageIndex: 1, pageSize: 20 })
  const [refusing, setRefusing] = useState<ExportRequestRow | null>(null)
  const [busy, setBusy] = useState<number | null>(null)
  const [form] = Form.useForm<{ comment: string }>()
  const client = useQueryClient()
  const q = useQuery({
    queryKey: ['piExports', box, paging],
    queryFn: () => piExportApi.page({ box, ...paging }),
    placeholderData: keepPreviousData,
    // A request moves on by itself (the job runs in the background): look again now and then.
    refetchInterval: 10_000,
  })
  const pending = useQuery({
    queryKey: ['piExports', 'pending'],
    queryFn: () => piExportApi.pendingCount(),
    enabled: settings.data?.reviews === true,
    refetchInterval: 10_000,
  })
  const reload = () => void client.invalidateQueries({ queryKey: ['piExports'] })
  const act = async (id: number, go: () => Promise<{ msg: string }>) => {
    setBusy(id)
    try {
      notify.success((await go()).msg)
      reload()
      return true
    } catch {
      // The api client has shown the server's message (already decided, own request, out of reach).
      return false
    } finally {
      setBusy(null)
    }
  }
  const actions = (r: ExportRequestRow): ReactNode => (
    <Space wrap>
      {r.token && (
        <Button type="primary" size="small" onClick={() => void piExportApi.download(r.id, r.token!).then(reload)}>
          下载
        </Button>
      )}
      {r.canReview && (
        <>
          <Button
            type="primary"
            size="small"
            loading={busy === r.id}
            onClick={() => void act(r.id, () => piExportApi.approve(r.id, null))}
          >
            批准
          </Button>
          <Button danger size="small" onClick={() => setRefusing(r)}>
            拒绝
          </Button>
        </>
      )}
    </Space>
  )
  const columns: ColumnsType<ExportRequestRow> = [
    { title: '申请时间', dataIndex: 'createdAt', width: 170 },
    {
      title: '申请人',
      key: 'requester',
      render: (_, r) => (
        <>
          <div>{r.requesterName}</div>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {r.requesterOrgName}
          </Typography.Text>
        </>
      ),
    },
    { title: '导出内容', key: 'what', render: (_, r) => what(r) },
    { title: '用途', dataIndex: 'purpose', ellipsis: true },
    { title: '状态', key: 'status', width: 130, render: (_, r) => statusTag(r) },
    { title: '审批与文件', key: 'outcome', render: (_, r) => outcome(r) || '—' },
    { title: '操作', key: 'actions', width: 150, render: (_, r) => actions(r) },
  ]
  const pager = {
    current: paging.pageIndex,
    pageSize: paging.pageSize,
    total: q.data?.total ?? 0,
    showSizeChanger: !phone,
    size: phone ? ('small' as const) : undefined,
    onChange: (pageIndex: number, pageSize: number) => setPaging({ pageIndex, pageSize }),
  }
  const list = phone ? (
    <>
      <List
        loading={q.isPending}
        dataSource={q.data?.list ?? []}
        locale={{ emptyText: <Typography.Text type="secondary">暂无申请</Typography.Text> }}
        renderItem={(r) => (
          <Card size="small" style={{ marginBottom: 8 }} data-testid="export-request-card">
            <Space style={{ justifyContent: 'space-between', width: '100%' }}>
              <strong>{r.requesterName}</strong>
              {statusTag(r)}
            </Space>
            <div style={{ fontSize: 13, overflowWrap: 'anywhere' }}>{what(r)}</div>
            <div style={{ fontSize: 13, overflowWrap: 'anywhere' }}>用途：{r.purpose}</div>
            {outcome(r) && <div style={{ fontSize: 13, overflowWrap: 'anywhere' }}>{outcome(r)}</div>}
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {r.createdAt}
            </Typography.Text>
            <div style={{ marginTop: 6 }}>{actions(r)}</div>
          </Card>
        )}
      />
      <Pagination {...pager} style={{ marginTop: 8 }} />
    </>
  ) : (
    <Table<ExportRequestRow>
      rowKey="id"
      loading={q.isPending}
      columns={columns}
      dataSource={q.data?.list ?? []}
      pagination={pager}
      scroll={{ x: 1000 }}
    />
  )
  const officer = settings.data?.officer
  return (
    <PageFrame path={path} title={title}>
      <Typography.Paragraph type="secondary">
        个人信息保护负责人：{officer ? `${officer.name}（${officer.orgName ?? ''}）` : '尚未指定'}
        。导出完整信息须经负责人或其指定的审批人批准，文件带导出人和用途水印，下载链接
        {settings.data?.linkHours ?? 24}小时内有效，仅申请人本人可下载。
      </Typography.Paragraph>
      <Tabs
        activeKey={box}
        onChange={(k) => {
          setBox(k as Box)
          setPaging((p) => ({ ...p, pageIndex: 1 }))
        }}
        items={[
          { key: 'mine', label: '我的申请', children: box === 'mine' ? list : null },
          ...(settings.data?.reviews
            ? [
                {
                  key: 'review',
                  label: `待我审批${pending.data ? `（${pending.data}）` : ''}`,
                  children: box === 'review' ? list : null,
                },
              ]
            : []),
        ]}
      />
      <Modal
        title="拒绝导出申请"
        open={refusing !== null}
        onCancel={() => {
          setRefusing(null)
          form.resetFields()
        }}
        okText="拒绝"
        okButtonProps={{ danger: true }}
        onOk={() => form.submit()}
        confirmLoading={refusing !== null && busy === refusing.id}
        destroyOnHidden
      >
        <Form
          form={form}
          layout="vertical"
          onFinish={async ({ comment }) => {
            if (refusing && (await act(refusing.id, () => piExportApi.refuse(refusing.id, comment.trim())))) {
              setRefusing(null)
              form.resetFields()
            }
          }}
        >
          <Form.Item
            name="comment"
            label="审批意见"
            rules={[
              { required: true, whitespace: true, message: '拒绝时请填写审批意见（2-200个字）' },
              { min: 2, max: 200, message: '拒绝时请填写审批意见（2-200个字）' },
            ]}
          >
            <Input.TextArea rows={3} maxLength={200} showCount />
          </Form.Item>
        </Form>
      </Modal>
    </PageFrame>
  )
}

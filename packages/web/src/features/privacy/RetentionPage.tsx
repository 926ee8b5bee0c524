import {
  RETENTION_MAX_DAYS,
  SCRUB_CAUSE_LABEL,
  SCRUB_DOMAIN_LABEL,
  SCRUB_DOMAINS,
  type HoldRow,
  type LeaverRow,
  type RetentionPolicy,
  type ScrubDomain,
  type ScrubJournalRow,
} from '@zhixiao/shared'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import {
  Button,
  Card,
  Form,
  Input,
  InputNumber,
  List,
  Modal,
  Pagination,
  Popconfirm,
  Space,
  Tabs,
  Tag,
  Typography,
} from 'antd'
import { useEffect, useState, type ReactNode } from 'react'
import { PageFrame, useWrite } from '../../components/crud'
import type { PageProps } from '../../navigation/page-props'
import { AlumniPolicyCard } from '../alumni/AlumniPolicyCard'
import { retentionApi } from './retention-api'

const GROUPS = ['retentionPolicy', 'retentionLeavers', 'retentionHolds', 'retentionJournal']
const SHORT: Record<ScrubDomain, string> = {
  contact: '联系方式',
  family: '亲属关系',
  media: '照片',
  health: '健康信息',
  consent: '同意记录',
}
const domainTags = (ds: readonly ScrubDomain[]) =>
  ds.length ? (
    ds.map((d) => <Tag key={d}>{SHORT[d]}</Tag>)
  ) : (
    <Typography.Text type="secondary">尚未清理</Typography.Text>
  )
const meta = { fontSize: 13, overflowWrap: 'anywhere' as const }

/** A list of cards with its pager: the same on a desk and on a 375 px phone. */
function Paged<T extends { id: number }>(p: {
  queryKey: string
  fetch: (q: { pageIndex: number; pageSize: number; keyword?: string | null }) => Promise<{ list: T[]; total: number }>
  keyword?: string
  empty: string
  render: (r: T) => ReactNode
}) {
  const [paging, setPaging] = useState({ pageIndex: 1, pageSize: 10 })
  useEffect(() => setPaging((x) => ({ ...x, pageIndex: 1 })), [p.keyword])
  const q = useQuery({
    queryKey: [p.queryKey, p.keyword ?? null, paging],
    queryFn: () => p.fetch(p.keyword === undefined ? paging : { ...paging, keyword: p.keyword || null }),
    placeholderData: keepPreviousData,
  })
  return (
    <>
      <List
        loading={q.isPending}
        dataSource={q.data?.list ?? []}
        locale={{ emptyText: <Typography.Text type="secondary">{p.empty}</Typography.Text> }}
        renderItem={(r) => (
          <Card size="small" key={r.id} style={{ marginBottom: 8 }}>
            {p.render(r)}
          </Card>
        )}
      />
      <Pagination
        size="small"
        current={paging.pageIndex}
        pageSize={paging.pageSize}
        total={q.data?.total ?? 0}
        onChange={(pageIndex, pageSize) => setPaging({ pageIndex, pageSize })}
      />
    </>
  )
}

/** Asks for the reason of a hold or of its release. */
function ReasonDialog(p: {
  title: string
  open: boolean
  onClose: () => void
  onOk: (reason: string) => Promise<void>
}) {
  const [form] = Form.useForm<{ reason: string }>()
  const [busy, setBusy] = useState(false)
  return (
    <Modal
      title={p.title}
      open={p.open}
      onCancel={p.onClose}
      onOk={() => form.submit()}
      confirmLoading={busy}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        preserve={false}
        onFinish={async (v) => {
          setBusy(true)
          try {
            await p.onOk(v.reason.trim())
          } finally {
            setBusy(false)
          }
        }}
      >
        <Form.Item
          name="reason"
          label="原因"
          rules={[
            { required: true, whitespace: true, message: '请填写原因（4-200个字）' },
            { min: 4, max: 200, message: '请填写原因（4-200个字）' },
          ]}
        >
          <Input.TextArea rows={3} maxLength={200} showCount />
        </Form.Item>
      </Form>
    </Modal>
  )
}

function PolicyCard() {
  const write = useWrite(GROUPS)
  const [form] = Form.useForm<RetentionPolicy>()
  const q = useQuery({ queryKey: ['retentionPolicy'], queryFn: retentionApi.policy })
  useEffect(() => {
    if (q.data) form.setFieldsValue(q.data.policy)
  }, [q.data, form])
  const [running, setRunning] = useState(false)
  const runNow = async () => {
    setRunning(true)
    await write(() => retentionApi.run())
    setRunning(false)
  }
  return (
    <Card
      title="保留期限"
      size="small"
      extra={
        <Popconfirm
          title="立即清理所有到期的个人信息？"
          description="清理后无法恢复；处于法律保全中的人员不会被清理。"
          okText="立即执行"
          cancelText="取消"
          onConfirm={() => void runNow()}
        >
          <Button type="primary" danger loading={running} data-testid="retention-run">
            立即执行
          </Button>
        </Popconfirm>
      }
    >
      <Typography.Paragraph type="secondary" style={{ fontSize: 13 }}>
        人员毕业、转出或离校（异动归档）后，以下各类信息在保留天数届满后自动清理（每天一次）。姓名、学号、学校、班级、
        入离校日期、异动记录以及身份证号、出生日期、民族等学籍信息依学籍管理规定保留，不会清理。
        {q.data && !q.data.custom && '当前使用默认期限。'}
      </Typography.Paragraph>
      <Form<RetentionPolicy>
        form={form}
        layout="vertical"
        onFinish={(v) => void write(() => retentionApi.savePolicy(v))}
        style={{ maxWidth: 520 }}
      >
        {SCRUB_DOMAINS.map((d) => (
          <Form.Item
            key={d}
            name={d}
            label={SCRUB_DOMAIN_LABEL[d]}
            rules={[{ required: true, message: `请填写0-${RETENTION_MAX_DAYS}天` }]}
          >
            <InputNumber min={0} max={RETENTION_MAX_DAYS} precision={0} suffix="天" style={{ width: 160 }} />
          </Form.Item>
        ))}
        <Button type="primary" htmlType="submit">
          保存
        </Button>
      </Form>
    </Card>
  )
}

function Leavers() {
  const write = useWrite(GROUPS)
  const [keyword, setKeyword] = useState('')
  const [holding, setHolding] = useState<LeaverRow | null>(null)
  return (
    <>
      <Input.Search
        placeholder="姓名或学号/工号"
        aria-label="搜索离校人员"
        allowClear
        maxLength={50}
        style={{ maxWidth: 260, marginBottom: 12 }}
        onSearch={(v) => setKeyword(v.trim())}
      />
      <Paged<LeaverRow>
        queryKey="retentionLeavers"
        keyword={keyword}
        fetch={retentionApi.leavers}
        empty="暂无离校人员"
        render={(r) => (
          <div data-testid="leaver-card">
            <Space style={{ justifyContent: 'space-between', width: '100%' }} wrap>
              <strong>
                {r.trueName}
                {r.jobNo ? `（${r.jobNo}）` : ''}
              </strong>
              {r.holdId ? (
                <Tag color="orange">法律保全中</Tag>
              ) : (
                <Button size="small" onClick={() => setHolding(r)}>
                  法律保全
                </Button>
              )}
            </Space>
            <div style={meta}>
              {r.orgName ?? '—'} · 离校 {r.leftAt}
              {r.nextDue && !r.holdId ? ` · 下次清理 ${r.nextDue}` : ''}
            </div>
            <div style={meta}>已清理：{domainTags(r.scrubbed)}</div>
            {r.holdReason && <div style={meta}>保全原因：{r.holdReason}</div>}
          </div>
        )}
      />
      <ReasonDialog
        title={`法律保全：${holding?.trueName ?? ''}`}
        open={!!holding}
        onClose={() => setHolding(null)}
        onOk={async (reason) => {
          if (holding && (await write(() => retentionApi.addHold({ userInfoId: holding.id, reason })))) setHolding(null)
        }}
      />
    </>
  )
}

function Holds() {
  const write = useWrite(GROUPS)
  const [releasing, setReleasing] = useState<HoldRow | null>(null)
  return (
    <>
      <Paged<HoldRow>
        queryKey="retentionHolds"
        fetch={retentionApi.holds}
        empty="暂无法律保全"
        render={(r) => (
          <>
            <Space style={{ justifyContent: 'space-between', width: '100%' }} wrap>
              <strong>{r.trueName}</strong>
              {r.releasedAt ? (
                <Tag>已解除</Tag>
              ) : (
                <Button size="small" onClick={() => setReleasing(r)}>
                  解除保全
                </Button>
              )}
            </Space>
            <div style={meta}>
              {r.orgName ?? '—'} · {r.placedBy} 于 {r.placedAt} 设置
            </div>
            <div style={meta}>原因：{r.reason}</div>
            {r.releasedAt && (
              <div style={meta}>
                {r.releasedBy} 于 {r.releasedAt} 解除：{r.releaseReason}
              </div>
            )}
          </>
        )}
      />
      <ReasonDialog
        title={`解除保全：${releasing?.trueName ?? ''}`}
        open={!!releasing}
        onClose={() => setReleasing(null)}
        onOk={async (reason) => {
          if (releasing && (await write(() => retentionApi.releaseHold({ id: releasing.id, reason }))))
            setReleasing(null)
        }}
      />
    </>
  )
}

function Journal() {
  return (
    <Paged<ScrubJournalRow>
      queryKey="retentionJournal"
      fetch={retentionApi.journal}
      empty="暂无清理记录"
      render={(r) => (
        <div data-testid="journal-card">
          <Space style={{ justifyContent: 'space-between', width: '100%' }} wrap>
            <strong>{r.subjectName}</strong>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {r.at} · {SCRUB_CAUSE_LABEL[r.cause]}
            </Typography.Text>
          </Space>
          <div style={meta}>{r.orgName ?? '—'}</div>
          <div style={meta}>清理：{domainTags(r.domains)}</div>
        </div>
      )}
    />
  )
}

/**
 * /base-privacyLog/retention (the top org's administrators): the tenant's retention periods, 立即执行 of the due scrub,
 * the leavers with their scrub state, legal holds and the scrub journal (docs/privacy.md "Retention and requests").
 */
export default function RetentionPage({ path, title }: PageProps) {
  return (
    <PageFrame path={path} title={title}>
      <PolicyCard />
      <AlumniPolicyCard />
      <Tabs
        style={{ marginTop: 16 }}
        items={[
          { key: 'leavers', label: '离校人员', children: <Leavers /> },
          { key: 'holds', label: '法律保全', children: <Holds /> },
          { key: 'journal', label: '清理记录', children: <Journal /> },
        ]}
      />
    </PageFrame>
  )
}

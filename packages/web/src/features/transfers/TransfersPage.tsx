import {
  dueText,
  isSchoolUnit,
  TRANSFER_APPLY_PERMISSION,
  TRANSFER_BUREAU_PERMISSION,
  TRANSFER_OUT_PERMISSION,
  TRANSFER_STATUS_LABEL,
  type TransferCandidate,
  type TransferRow,
} from '@zhixiao/shared'
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query'
import { Alert, Button, Card, Form, Grid, Input, List, Modal, Space, Tabs, Tag, Typography } from 'antd'
import { useState, type ReactNode } from 'react'
import { notify } from '../../api/feedback'
import { PageFrame } from '../../components/crud'
import type { PageProps } from '../../navigation/page-props'
import { useSession } from '../../stores/session'
import { getUnitAttr } from '../../stores/unit-attr'
import { transferApi } from './api'

type Box = 'in' | 'out' | 'bureau'

const STATUS_COLOR: Record<TransferRow['status'], string> = {
  applied: 'gold',
  out_agreed: 'blue',
  approved: 'green',
  refused: 'red',
  cancelled: 'default',
}

/** The deadline of the open step: 剩余 N 个工作日, or 已超期 in red. */
function Due({ r }: { r: TransferRow }) {
  if (r.daysLeft === null) return null
  return (
    <Typography.Text
      type={r.daysLeft < 0 ? 'danger' : r.daysLeft <= 2 ? 'warning' : 'secondary'}
      data-testid="transfer-due"
    >
      {dueText(r.daysLeft)}（{r.due}前）
    </Typography.Text>
  )
}

function statusText(r: TransferRow): string {
  if (r.status === 'approved' && !r.done) return `已批准，${r.effectiveOn}生效`
  if (r.status === 'approved') return `已转入（${r.effectiveOn}）`
  return TRANSFER_STATUS_LABEL[r.status]
}

/**
 * One list of requests as cards (they read on a phone and a desk alike): the student, the schools, the reason, the
 * state with the step's deadline, and what the caller may do in this box.
 */
function RequestList({ box }: { box: Box }) {
  const client = useQueryClient()
  const [pageIndex, setPageIndex] = useState(1)
  const [refusing, setRefusing] = useState<TransferRow | null>(null)
  const [busy, setBusy] = useState<number | null>(null)
  const [form] = Form.useForm<{ reason: string }>()
  const q = useQuery({
    queryKey: ['transfers', box, pageIndex],
    queryFn: () => transferApi.page({ box, pageIndex, pageSize: 20 }),
    placeholderData: keepPreviousData,
  })
  const act = async (id: number, go: () => Promise<{ msg: string }>) => {
    setBusy(id)
    try {
      notify.success((await go()).msg)
      void client.invalidateQueries({ queryKey: ['transfers'] })
      return true
    } catch {
      // The api client has shown the server's message (already decided, not this school's, 休学 …).
      return false
    } finally {
      setBusy(null)
    }
  }
  const actions = (r: TransferRow): ReactNode => (
    <Space wrap>
      {r.canDecide && (
        <>
          <Button
            type="primary"
            size="small"
            loading={busy === r.id}
            onClick={() =>
              void act(r.id, () => (box === 'out' ? transferApi.outAgree(r.id) : transferApi.bureauApprove(r.id)))
            }
          >
            {box === 'out' ? '同意转出' : '批准'}
          </Button>
          <Button danger size="small" onClick={() => setRefusing(r)}>
            拒绝
          </Button>
        </>
      )}
      {r.canCancel && (
        <Button size="small" loading={busy === r.id} onClick={() => void act(r.id, () => transferApi.cancel(r.id))}>
          撤回
        </Button>
      )}
    </Space>
  )
  return (
    <>
      <List
        loading={q.isPending}
        dataSource={q.data?.list ?? []}
        locale={{ emptyText: <Typography.Text type="secondary">暂无转学申请</Typography.Text> }}
        pagination={{
          current: pageIndex,
          pageSize: 20,
          total: q.data?.total ?? 0,
          size: 'small',
          onChange: setPageIndex,
          hideOnSinglePage: true,
        }}
        renderItem={(r) => (
          <Card size="small" style={{ marginBottom: 8 }} data-testid="transfer-card">
            <Space style={{ justifyContent: 'space-between', width: '100%' }} wrap>
              <strong>
                {r.studentName}
                {r.jobNo ? `（${r.jobNo}）` : ''}
              </strong>
              <Tag color={STATUS_COLOR[r.status]}>{statusText(r)}</Tag>
            </Space>
            <div style={{ fontSize: 13, overflowWrap: 'anywhere' }}>
              {r.fromSchool} → {r.toSchool}
              {r.toClass ? ` ${r.toClass}` : ''}
            </div>
            {r.reason && <div style={{ fontSize: 13, overflowWrap: 'anywhere' }}>原因：{r.reason}</div>}
            {r.refusedReason && (
              <div style={{ fontSize: 13, overflowWrap: 'anywhere' }}>拒绝理由：{r.refusedReason}</div>
            )}
            {r.effectError && (
              <Typography.Text
                type="danger"
                style={{ fontSize: 13, display: 'block' }}
                data-testid="transfer-effect-error"
              >
                未能生效：{r.effectError}（系统每 10 分钟重试一次）
              </Typography.Text>
            )}
            <Space wrap style={{ fontSize: 12 }}>
              <Typography.Text type="secondary">申请于 {r.appliedAt}</Typography.Text>
              <Due r={r} />
            </Space>
            <div style={{ marginTop: 6 }}>{actions(r)}</div>
          </Card>
        )}
      />
      <Modal
        title="拒绝转学申请"
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
          onFinish={async ({ reason }) => {
            const r = refusing
            if (!r) return
            const go = () =>
              box === 'out' ? transferApi.outRefuse(r.id, reason.trim()) : transferApi.bureauRefuse(r.id, reason.trim())
            if (await act(r.id, go)) {
              setRefusing(null)
              form.resetFields()
            }
          }}
        >
          <Form.Item
            name="reason"
            label="拒绝理由"
            rules={[{ required: true, whitespace: true, message: '请填写拒绝理由' }]}
          >
            <Input.TextArea rows={3} maxLength={200} showCount />
          </Form.Item>
        </Form>
      </Modal>
    </>
  )
}

/** 转入申请: find the student of another school (name + 学籍号 or ID card), then apply with a reason. */
function ApplyForm() {
  const client = useQueryClient()
  const [found, setFound] = useState<TransferCandidate[] | null>(null)
  const [picked, setPicked] = useState<TransferCandidate | null>(null)
  const [busy, setBusy] = useState(false)
  const [findForm] = Form.useForm<{ name: string; key: string }>()
  const [applyForm] = Form.useForm<{ reason: string }>()
  return (
    <Card size="small" title="新的转入申请" style={{ marginBottom: 12 }}>
      <Form
        form={findForm}
        layout="vertical"
        onFinish={async ({ name, key }) => {
          setPicked(null)
          const k = key.trim()
          // An 18-character number is an ID card; anything else is the 学籍号.
          const byId = /^\d{17}[\dXx]$/.test(k)
          try {
            setFound(await transferApi.find({ name: name.trim(), ...(byId ? { idCard: k } : { jobNo: k }) }))
          } catch {
            setFound([])
          }
        }}
      >
        <Space wrap align="end">
          <Form.Item name="name" label="学生姓名" rules={[{ required: true, message: '请输入学生姓名' }]}>
            <Input maxLength={30} style={{ width: 160 }} />
          </Form.Item>
          <Form.Item
            name="key"
            label="学籍号或身份证号"
            rules={[{ required: true, message: '请输入学籍号或身份证号' }]}
          >
            <Input maxLength={30} style={{ width: 220 }} />
          </Form.Item>
          <Form.Item>
            <Button htmlType="submit">查找</Button>
          </Form.Item>
        </Space>
      </Form>
      {found?.length === 0 && <Alert type="info" showIcon message="未找到该学生，请核对姓名和学籍号或身份证号" />}
      {found?.map((c) => (
        <Card
          key={c.userInfoId}
          size="small"
          style={{ marginBottom: 8 }}
          data-testid="transfer-candidate"
          actions={[
            <Button
              key="pick"
              type="link"
              disabled={c.suspended}
              onClick={() => setPicked(c)}
              aria-pressed={picked?.userInfoId === c.userInfoId}
            >
              {c.suspended ? '休学中，不能转学' : '为该学生申请转入'}
            </Button>,
          ]}
        >
          <strong>{c.name}</strong> {c.jobNo}
          <div style={{ fontSize: 13 }}>
            {c.schoolName} {c.className ?? ''}
          </div>
        </Card>
      ))}
      {picked && (
        <Form
          form={applyForm}
          layout="vertical"
          onFinish={async ({ reason }) => {
            setBusy(true)
            try {
              notify.success((await transferApi.apply({ userInfoId: picked.userInfoId, reason: reason.trim() })).msg)
              setPicked(null)
              setFound(null)
              findForm.resetFields()
              applyForm.resetFields()
              void client.invalidateQueries({ queryKey: ['transfers'] })
            } catch {
              // Shown by the api client (an open request, 休学 …).
            } finally {
              setBusy(false)
            }
          }}
        >
          <Form.Item
            name="reason"
            label={`转学原因（${picked.name}）`}
            rules={[{ required: true, whitespace: true, message: '请填写转学原因' }]}
          >
            <Input.TextArea rows={2} maxLength={200} showCount />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={busy}>
            提交转入申请
          </Button>
        </Form>
      )}
    </Card>
  )
}

/** 转出学生: the students this school transferred out, with their period here; read only. */
function TransferredOut() {
  const q = useQuery({ queryKey: ['transfers', 'transferredOut'], queryFn: () => transferApi.transferredOut() })
  return (
    <List
      loading={q.isPending}
      dataSource={q.data ?? []}
      locale={{ emptyText: <Typography.Text type="secondary">暂无转出学生</Typography.Text> }}
      renderItem={(r) => (
        <Card size="small" style={{ marginBottom: 8 }} data-testid="transferred-out-card">
          <strong>{r.name}</strong> {r.jobNo ?? ''}
          <div style={{ fontSize: 13 }}>
            {r.transferredOn} 转至 {r.toSchool}
          </div>
          {r.enrolments.map((e, i) => (
            <Typography.Text key={i} type="secondary" style={{ display: 'block', fontSize: 12 }}>
              {e.schoolYear} 学年 {e.className ?? ''}：{e.startedOn} 至 {e.endedOn ?? '今'}
            </Typography.Text>
          ))}
        </Card>
      )}
    />
  )
}

/**
 * /base-transfer/index (转学管理): transfers between the district's schools in the national order — the receiving
 * school applies (转入申请), the sending school reviews (转出审核), the bureau approves (教育局审核) — each step within
 * 10 working days (docs/school-year.md "Transfers"). A school sees its tabs, the bureau its own.
 */
export default function TransfersPage({ path, title }: PageProps) {
  const narrow = !Grid.useBreakpoint().md
  const permissions = useSession((s) => s.userInfo?.permissions ?? [])
  const school = isSchoolUnit(getUnitAttr())
  const [tab, setTab] = useState<string | undefined>(undefined)
  const items = [
    ...(school && permissions.includes(TRANSFER_APPLY_PERMISSION)
      ? [
          {
            key: 'in',
            label: '转入申请',
            children: (
              <>
                <ApplyForm />
                <RequestList box="in" />
              </>
            ),
          },
        ]
      : []),
    ...(school && permissions.includes(TRANSFER_OUT_PERMISSION)
      ? [
          { key: 'out', label: '转出审核', children: <RequestList box="out" /> },
          { key: 'transferredOut', label: '转出学生', children: <TransferredOut /> },
        ]
      : []),
    ...(!school && permissions.includes(TRANSFER_BUREAU_PERMISSION)
      ? [{ key: 'bureau', label: '教育局审核', children: <RequestList box="bureau" /> }]
      : []),
  ]
  return (
    <PageFrame path={path} title={title}>
      <Typography.Paragraph type="secondary">
        转学按转入申请、转出审核、教育局审核的顺序办理，每个环节须在 10 个工作日内处理。休学期间不能办理转学。
      </Typography.Paragraph>
      {items.length ? (
        <Tabs
          activeKey={tab ?? items[0]!.key}
          onChange={setTab}
          size={narrow ? 'small' : undefined}
          items={items}
          destroyOnHidden
        />
      ) : (
        <Alert type="info" showIcon message="当前机构没有可办理的转学事项" />
      )}
    </PageFrame>
  )
}

import {
  ROLLOVER_PLAN_STATUS_LABEL,
  type Envelope,
  ROLLOVER_SCHOOL_STATUS_LABEL,
  type RolloverPlan,
  type RolloverSchoolRow,
} from '@zhixiao/shared'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import {
  Alert,
  Button,
  Card,
  Descriptions,
  Drawer,
  Grid,
  Popconfirm,
  Progress,
  Space,
  Spin,
  Table,
  Tag,
  Typography,
} from 'antd'
import type { ColumnsType } from 'antd/es/table'
import { useState, type ReactNode } from 'react'
import { notify } from '../../api/feedback'
import { ApiError } from '../../api/client'
import { PageFrame, useWrite } from '../../components/crud'
import { formatTime } from '../../components/crud/dates'
import type { PageProps } from '../../navigation/page-props'
import { rolloverApi } from './api'
import { PLAN_STATUS_COLOR, SCHOOL_STATUS_COLOR } from './labels'
import { SchoolPreview } from './SchoolPreview'
import { SchoolReport } from './SchoolReport'

const GROUPS = ['rolloverCurrent', 'rolloverSchool', 'rolloverReport']
/** How often the page looks again while schools run in the background. */
const POLL_MS = 1500
const meta = { fontSize: 13, overflowWrap: 'anywhere' as const }

type Open = { kind: 'preview' | 'report'; school: RolloverSchoolRow } | null

const summaryText = (s: RolloverSchoolRow['summary']) =>
  [
    `升级 ${s.promotedCohorts} 个年级（${s.studentsPromoted} 人）`,
    `毕业 ${s.graduates} 人`,
    s.intakeGradeName ? `新建${s.intakeGradeName}` : null,
    `沿用 ${s.classesCarriedOver} 个班`,
  ]
    .filter(Boolean)
    .join('，')

const running = (plan: RolloverPlan | null | undefined) =>
  !!plan && (plan.status === 'running' || plan.schools.some((s) => s.status === 'running'))

/** The plan's head: years, state, who approved, the progress and the plan-wide actions. */
function PlanCard({ plan, canManage }: { plan: RolloverPlan; canManage: boolean }) {
  const write = useWrite(GROUPS)
  const [busy, setBusy] = useState(false)
  const { done, failed, total } = plan.progress
  const left = plan.schools.some((s) => s.status === 'pending' || s.status === 'failed' || s.status === 'undone')
  const act = async (fn: () => Promise<Envelope<unknown>>) => {
    setBusy(true)
    await write(fn)
    setBusy(false)
  }
  return (
    <Card
      size="small"
      title={`${plan.fromYear} → ${plan.toYear} 学年结转`}
      extra={<Tag color={PLAN_STATUS_COLOR[plan.status]}>{ROLLOVER_PLAN_STATUS_LABEL[plan.status]}</Tag>}
      data-testid="rollover-plan"
    >
      <Descriptions size="small" column={{ xs: 1, md: 2 }}>
        <Descriptions.Item label="创建">
          {plan.createdBy ?? '—'} {formatTime(plan.createdAt)}
        </Descriptions.Item>
        <Descriptions.Item label="审批">
          {plan.approvedAt ? `${plan.approvedBy ?? '—'} ${formatTime(plan.approvedAt)}` : '尚未审批'}
        </Descriptions.Item>
      </Descriptions>
      {plan.status !== 'draft' && (
        <div data-testid="rollover-progress">
          {/* The counts stay written out (antd would swap 100% for a tick) so the end is read, not guessed. */}
          <Progress
            percent={total ? Math.round((done / total) * 100) : 0}
            success={{ percent: total ? Math.round((done / total) * 100) : 0 }}
            status={failed ? 'exception' : running(plan) ? 'active' : 'normal'}
            format={() => `${done}/${total}`}
            aria-label="结转进度"
          />
          <Typography.Text type={failed ? 'danger' : 'secondary'} style={meta}>
            已完成 {done} 所，失败 {failed} 所，共 {total} 所
          </Typography.Text>
        </div>
      )}
      {canManage && (
        <Space wrap style={{ marginTop: 12 }}>
          {plan.status === 'draft' && (
            <Popconfirm
              title="批准结转计划？"
              description="批准后不能再标记留级或修改起始年级班级数。"
              okText="批准"
              cancelText="取消"
              onConfirm={() => void act(() => rolloverApi.approve(plan.id))}
            >
              <Button type="primary" loading={busy}>
                批准
              </Button>
            </Popconfirm>
          )}
          {plan.status !== 'draft' && left && (
            <Popconfirm
              title="执行全部学校的结转？"
              description="各校依次在后台执行，每所学校在一个事务中完成，失败的学校可单独重试。"
              okText="执行"
              cancelText="取消"
              onConfirm={() => void act(() => rolloverApi.run(plan.id))}
            >
              <Button type="primary" loading={busy || running(plan)}>
                执行全部
              </Button>
            </Popconfirm>
          )}
        </Space>
      )}
    </Card>
  )
}

/** A school's actions: 查看 always; 执行/重试, 查看报告 and 撤销 as its state allows. */
function SchoolActions({
  plan,
  s,
  canManage,
  onOpen,
  onUndo,
}: {
  plan: RolloverPlan
  s: RolloverSchoolRow
  canManage: boolean
  onOpen: (o: Open) => void
  onUndo: (s: RolloverSchoolRow) => Promise<void>
}) {
  const write = useWrite(GROUPS)
  const [busy, setBusy] = useState(false)
  const runnable = canManage && plan.status !== 'draft' && ['pending', 'failed', 'undone'].includes(s.status)
  const wrap = async (fn: () => Promise<unknown>) => {
    setBusy(true)
    try {
      await fn()
    } finally {
      setBusy(false)
    }
  }
  return (
    <Space wrap size={4}>
      <Button size="small" aria-label={`查看：${s.orgName}`} onClick={() => onOpen({ kind: 'preview', school: s })}>
        查看
      </Button>
      {runnable && (
        <Button
          size="small"
          type={s.status === 'failed' ? 'primary' : 'default'}
          loading={busy}
          aria-label={`${s.status === 'failed' ? '重试' : '执行'}：${s.orgName}`}
          onClick={() => void wrap(() => write(() => rolloverApi.run(plan.id, s.orgId)))}
        >
          {s.status === 'failed' ? '重试' : '执行'}
        </Button>
      )}
      {s.status === 'done' && (
        <Button
          size="small"
          aria-label={`查看报告：${s.orgName}`}
          onClick={() => onOpen({ kind: 'report', school: s })}
        >
          查看报告
        </Button>
      )}
      {s.status === 'done' && canManage && (
        <Popconfirm
          title={`撤销${s.orgName}的结转？`}
          description="按结转记录逐项恢复到结转前；结转后已有依赖的变更时不能撤销。"
          okText="撤销"
          okButtonProps={{ danger: true }}
          cancelText="取消"
          onConfirm={() => void wrap(() => onUndo(s))}
        >
          <Button size="small" danger loading={busy} aria-label={`撤销：${s.orgName}`}>
            撤销
          </Button>
        </Popconfirm>
      )}
    </Space>
  )
}

const statusCell = (s: RolloverSchoolRow) => (
  <>
    <Tag color={SCHOOL_STATUS_COLOR[s.status]}>{ROLLOVER_SCHOOL_STATUS_LABEL[s.status]}</Tag>
    {s.error && (
      <Typography.Text type="danger" style={{ ...meta, display: 'block' }}>
        {s.error}
      </Typography.Text>
    )}
  </>
)

/**
 * /base-schoolYear/rollover (学年结转): the bureau's plan from this school year to the next — create, each school's
 * preview, approve, run (all in the background, polled while it runs; or one school, retried alone after a failure),
 * each school's report and undo. A school's administrator sees their own school's row and preview and marks repeaters
 * while the plan is a draft (docs/school-year.md "Roll-over screens"). A table on a desk, cards on a phone.
 */
export default function RolloverPage({ path, title }: PageProps) {
  const phone = !Grid.useBreakpoint().md
  const client = useQueryClient()
  const write = useWrite(GROUPS)
  const [open, setOpen] = useState<Open>(null)
  const [refusal, setRefusal] = useState<string | null>(null)
  const [creating, setCreating] = useState(false)
  const cur = useQuery({
    queryKey: ['rolloverCurrent'],
    queryFn: () => rolloverApi.current(),
    // While schools run in the background, look again every POLL_MS for the progress.
    refetchInterval: (q) => (running(q.state.data?.plan) ? POLL_MS : false),
  })
  const plan = cur.data?.plan ?? null
  const canManage = cur.data?.canManage ?? false

  const undo = async (s: RolloverSchoolRow) => {
    if (!plan) return
    setRefusal(null)
    try {
      const env = await rolloverApi.undo(plan.id, s.orgId)
      notify.success(env.msg)
    } catch (e) {
      // The server names the later fact that depends on the run: keep its words on the screen.
      const msg = e instanceof ApiError ? e.message : '撤销失败'
      setRefusal(`${s.orgName}：${msg}`)
      notify.error(msg)
    }
    await client.invalidateQueries({ predicate: (q) => GROUPS.includes(String(q.queryKey[0])) })
  }

  const columns: ColumnsType<RolloverSchoolRow> = [
    { title: '学校', dataIndex: 'orgName' },
    { title: '状态', key: 'status', width: 200, render: (_, s) => statusCell(s) },
    { title: '概况', key: 'summary', render: (_, s) => summaryText(s.summary) },
    {
      title: '例外',
      key: 'exceptions',
      width: 70,
      render: (_, s) => (s.summary.exceptions ? <Tag color="orange">{s.summary.exceptions}</Tag> : '0'),
    },
    {
      title: '操作',
      key: 'op',
      render: (_, s) =>
        plan && <SchoolActions plan={plan} s={s} canManage={canManage} onOpen={setOpen} onUndo={undo} />,
    },
  ]

  let body: ReactNode
  if (cur.isPending) body = <Spin />
  else if (!cur.data) body = null
  else if (!plan)
    body = (
      <Card size="small" data-testid="rollover-empty">
        <Typography.Paragraph>
          当前学年：{cur.data.currentYear}。结转将把各校的年级升一级、毕业年级归档、新建起始年级，目标学年为
          <strong> {cur.data.nextYear}</strong>。
        </Typography.Paragraph>
        {canManage ? (
          <Popconfirm
            title={`新建 ${cur.data.nextYear} 学年结转计划？`}
            description="计划包含本单位的全部学校，审批前可查看各校预览、标记留级。"
            okText="新建"
            cancelText="取消"
            onConfirm={async () => {
              setCreating(true)
              await write(() => rolloverApi.create(cur.data.nextYear))
              setCreating(false)
            }}
          >
            <Button type="primary" loading={creating}>
              新建结转计划
            </Button>
          </Popconfirm>
        ) : (
          <Typography.Text type="secondary">教育局尚未创建结转计划。</Typography.Text>
        )}
      </Card>
    )
  else
    body = (
      <>
        <PlanCard plan={plan} canManage={canManage} />
        {refusal && (
          <Alert
            type="error"
            showIcon
            closable={{ onClose: () => setRefusal(null), 'aria-label': '关闭' }}
            title="撤销被拒绝"
            description={refusal}
            style={{ marginTop: 12 }}
            data-testid="rollover-refusal"
          />
        )}
        <Typography.Title level={5} style={{ marginTop: 16 }}>
          学校（{plan.schools.length}）
        </Typography.Title>
        {phone ? (
          // Cards in a plain stack: a list's items must be list items (axe), and these are cards.
          <div>
            {plan.schools.map((s) => (
              <Card size="small" key={s.orgId} style={{ marginBottom: 8 }} data-testid="rollover-school">
                <Space style={{ justifyContent: 'space-between', width: '100%' }} wrap>
                  <strong>{s.orgName}</strong>
                  {s.summary.exceptions > 0 && <Tag color="orange">例外 {s.summary.exceptions}</Tag>}
                </Space>
                <div style={{ margin: '4px 0' }}>{statusCell(s)}</div>
                <div style={meta}>{summaryText(s.summary)}</div>
                <div style={{ marginTop: 8 }}>
                  <SchoolActions plan={plan} s={s} canManage={canManage} onOpen={setOpen} onUndo={undo} />
                </div>
              </Card>
            ))}
          </div>
        ) : (
          <Table<RolloverSchoolRow>
            rowKey="orgId"
            size="small"
            dataSource={plan.schools}
            columns={columns}
            scroll={{ x: 'max-content' }}
            pagination={plan.schools.length > 50 ? { pageSize: 50, showTotal: (t) => `共 ${t} 所` } : false}
          />
        )}
      </>
    )

  return (
    <PageFrame path={path} title={title}>
      {body}
      <Drawer
        open={!!open && !!plan}
        title={open ? `${open.school.orgName} · ${open.kind === 'preview' ? '结转预览' : '结转报告'}` : ''}
        size={phone ? '100%' : 760}
        onClose={() => setOpen(null)}
        destroyOnHidden
      >
        {open && plan && open.kind === 'preview' && <SchoolPreview planId={plan.id} orgId={open.school.orgId} />}
        {open && plan && open.kind === 'report' && <SchoolReport planId={plan.id} orgId={open.school.orgId} />}
      </Drawer>
    </PageFrame>
  )
}

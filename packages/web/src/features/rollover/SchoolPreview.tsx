import {
  CLASS_SIZE_BANDS,
  ROLLOVER_EXCEPTION_KINDS,
  ROLLOVER_EXCEPTION_LABEL,
  ROLLOVER_SCHOOL_STATUS_LABEL,
  type RolloverException,
  type RolloverPreview,
} from '@zhixiao/shared'
import { useQuery } from '@tanstack/react-query'
import {
  Alert,
  Button,
  Card,
  Descriptions,
  Empty,
  Flex,
  InputNumber,
  List,
  Select,
  Space,
  Spin,
  Table,
  Tag,
  Typography,
} from 'antd'
import { useState } from 'react'
import { useWrite } from '../../components/crud'
import { rolloverApi } from './api'
import { SCHOOL_STATUS_COLOR } from './labels'

const GROUPS = ['rolloverSchool', 'rolloverCurrent']
const meta = { fontSize: 13, overflowWrap: 'anywhere' as const }

/** The class-size bands a class_size exception may name: its detail is shown beside the band's own label. */
const BAND_LABELS: readonly string[] = CLASS_SIZE_BANDS.map((b) => b.label)
const bandOf = (e: RolloverException) => BAND_LABELS.find((l) => e.detail.includes(l)) ?? null

/** 标记留级: picks a student of the school by name or 学号 and marks them to repeat (while the plan is a draft). */
function MarkRepeat({ planId, orgId }: { planId: number; orgId: number }) {
  const write = useWrite(GROUPS)
  const [keyword, setKeyword] = useState('')
  const [picked, setPicked] = useState<number | null>(null)
  const found = useQuery({
    queryKey: ['rolloverStudents', orgId, keyword],
    queryFn: () => rolloverApi.students(orgId, keyword),
    enabled: keyword.length > 0,
  })
  return (
    <Space wrap>
      <Select<number>
        showSearch={{ filterOption: false, onSearch: (v) => setKeyword(v.trim().slice(0, 50)) }}
        aria-label="选择留级学生"
        placeholder="输入姓名或学号"
        style={{ width: 260, maxWidth: '100%' }}
        value={picked}
        onChange={setPicked}
        loading={found.isFetching}
        notFoundContent={keyword ? '没有找到学生' : '输入姓名或学号搜索'}
        options={(found.data ?? []).map((s) => ({
          value: s.id,
          label: `${s.trueName}${s.jobNo ? `（${s.jobNo}）` : ''} ${s.className ?? ''}`,
        }))}
      />
      <Button
        disabled={picked == null}
        onClick={async () => {
          if (picked == null) return
          if (await write(() => rolloverApi.markRepeat({ planId, userInfoId: picked, repeat: true }))) setPicked(null)
        }}
      >
        标记留级
      </Button>
    </Space>
  )
}

/** 起始年级班级数: how many classes the intake grade opens with (while the plan is a draft). */
function IntakeClasses({ p }: { p: RolloverPreview }) {
  const write = useWrite(GROUPS)
  const [count, setCount] = useState<number | null>(p.intake.classCount)
  return (
    <Space wrap>
      <InputNumber
        aria-label="起始年级班级数"
        min={0}
        max={50}
        precision={0}
        value={count}
        onChange={setCount}
        suffix="个班"
        style={{ width: 130 }}
      />
      <Button
        size="small"
        disabled={count == null || count === p.intake.classCount}
        onClick={() =>
          void write(() => rolloverApi.setIntake({ planId: p.planId, orgId: p.orgId, classCount: count ?? 0 }))
        }
      >
        保存
      </Button>
    </Space>
  )
}

function Exceptions({ p, canMark }: { p: RolloverPreview; canMark: boolean }) {
  const write = useWrite(GROUPS)
  const groups = ROLLOVER_EXCEPTION_KINDS.map((k) => [k, p.exceptions.filter((e) => e.kind === k)] as const).filter(
    ([, list]) => list.length > 0,
  )
  if (!groups.length) return <Alert type="success" showIcon title="没有需要处理的例外情况" />
  return groups.map(([kind, list]) => (
    <Card
      key={kind}
      size="small"
      title={`${ROLLOVER_EXCEPTION_LABEL[kind]}（${list.length}）`}
      style={{ marginBottom: 8 }}
      data-testid={`rollover-exceptions-${kind}`}
    >
      <List
        size="small"
        dataSource={list}
        renderItem={(e) => {
          const band = kind === 'class_size' ? bandOf(e) : null
          return (
            <List.Item
              actions={
                kind === 'repeat' && canMark && e.userInfoId != null
                  ? [
                      <Button
                        key="unmark"
                        size="small"
                        aria-label={`取消留级：${e.name}`}
                        onClick={() =>
                          void write(() =>
                            rolloverApi.markRepeat({ planId: p.planId, userInfoId: e.userInfoId!, repeat: false }),
                          )
                        }
                      >
                        取消留级
                      </Button>,
                    ]
                  : undefined
              }
            >
              <div style={meta}>
                <strong>{e.name}</strong>
                {e.className && e.className !== e.name ? ` · ${e.className}` : ''}
                {band && (
                  <Tag color="orange" style={{ marginLeft: 8 }}>
                    {band}
                  </Tag>
                )}
                {e.detail && <div>{e.detail}</div>}
              </div>
            </List.Item>
          )
        }}
      />
    </Card>
  ))
}

/**
 * One school's preview of the roll-over: cohorts from → to, the graduating cohort, the intake, the exceptions grouped
 * by kind and the feeder offer. While the plan is a draft the school's administrator (or the bureau) marks repeaters
 * and sets the intake's class count here.
 */
export function SchoolPreview({ planId, orgId }: { planId: number; orgId: number }) {
  const q = useQuery({ queryKey: ['rolloverSchool', planId, orgId], queryFn: () => rolloverApi.school(planId, orgId) })
  if (q.isPending) return <Spin />
  if (!q.data) return <Empty description="暂无预览" />
  const p = q.data
  const canMark = p.editable
  return (
    <div data-testid="rollover-preview">
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Text type="secondary">
          {p.period ?? '学段未设置'} · 共 {p.summary.studentsPromoted} 名学生升级
        </Typography.Text>
        <Tag color={SCHOOL_STATUS_COLOR[p.status]}>{ROLLOVER_SCHOOL_STATUS_LABEL[p.status]}</Tag>
      </Flex>
      <Typography.Title level={5} style={{ marginTop: 12 }}>
        年级升级
      </Typography.Title>
      <Table
        size="small"
        rowKey="gradeId"
        pagination={false}
        scroll={{ x: 'max-content' }}
        dataSource={p.cohorts}
        locale={{ emptyText: '没有升级的年级' }}
        columns={[
          {
            title: '年级',
            key: 'names',
            render: (_, c) => (
              <span data-testid="rollover-cohort">
                {c.fromName} → {c.toName}
              </span>
            ),
          },
          { title: '班级数', dataIndex: 'classCount', width: 80 },
          { title: '学生数', dataIndex: 'students', width: 80 },
        ]}
      />
      <Descriptions size="small" column={1} bordered style={{ marginTop: 16 }}>
        <Descriptions.Item label="毕业年级">
          {p.graduating
            ? `${p.graduating.gradeName}：${p.graduating.classCount} 个班，${p.graduating.students} 名学生毕业`
            : '本学年没有毕业年级'}
        </Descriptions.Item>
        <Descriptions.Item label="起始年级">
          <div>
            {p.intake.gradeName ?? '起始年级'}（{p.intake.entryYear}级）：{p.intake.classCount} 个班
          </div>
          {canMark && <IntakeClasses key={p.intake.classCount} p={p} />}
        </Descriptions.Item>
        {p.feederOffer && (
          <Descriptions.Item label="对口升学">
            {p.feederOffer.graduates} 名毕业生可升入{p.feederOffer.toOrgName}
          </Descriptions.Item>
        )}
      </Descriptions>
      <Typography.Title level={5} style={{ marginTop: 16 }}>
        例外情况（{p.exceptions.length}）
      </Typography.Title>
      <Exceptions p={p} canMark={canMark} />
      {canMark && (
        <Card size="small" title="标记留级" style={{ marginTop: 8 }}>
          <Typography.Paragraph type="secondary" style={meta}>
            留级学生结转后留在原年级，编入下一届同号班级（没有同号班级时编入第一个班）。计划审批后不能再修改。
          </Typography.Paragraph>
          <MarkRepeat planId={planId} orgId={orgId} />
        </Card>
      )}
    </div>
  )
}

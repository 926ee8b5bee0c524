import {
  BAND_LABEL,
  type ClassBand,
  type SnapshotRow,
  type StatsGrade,
  type StatsSchool,
  type StatsTotals,
} from '@zhixiao/shared'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Alert, Breadcrumb, Button, Card, Col, Empty, Row, Select, Space, Spin, Statistic, Table, Tag } from 'antd'
import { lazy, Suspense, useState } from 'react'
import { notify } from '../../api/feedback'
import { PageFrame } from '../../components/crud'
import { PermButton } from '../../components/PermButton'
import type { PageProps } from '../../navigation/page-props'
import { schoolStatsApi } from './api'

// The charts bring @ant-design/plots (G2): their own chunk, fetched only when this page renders them.
const StatsCharts = lazy(() => import('./StatsCharts'))

/** Dark text on a light fill: AA contrast for each band's tag. */
const BAND_STYLE: Record<'balanced' | 'large' | 'huge', { color: string; background: string; borderColor: string }> = {
  balanced: { color: '#7c4a00', background: '#fffbe6', borderColor: '#ffe58f' },
  large: { color: '#8a3c00', background: '#fff2e8', borderColor: '#ffbb96' },
  huge: { color: '#a8071a', background: '#fff1f0', borderColor: '#ffa39e' },
}

function BandTag({ band, n }: { band: ClassBand; n?: number }) {
  if (!band || n === 0) return null
  return (
    <Tag style={BAND_STYLE[band]} data-band={band}>
      {BAND_LABEL[band]}
      {n !== undefined ? ` ${n}` : ''}
    </Tag>
  )
}

const ratioText = (r: number | null) => (r === null ? '—' : `${r}:1`)
const when = (iso: string) => new Date(iso).toLocaleString('zh-CN', { timeZone: 'Asia/Shanghai', hour12: false })

function Totals({ t }: { t: StatsTotals }) {
  const items: [string, string | number][] = [
    ['学生数', t.students],
    ['男 / 女', `${t.male} / ${t.female}`],
    ['少数民族', t.minority],
    ['休学', t.suspended],
    ['班级数', t.classes],
    ['教职工数', t.teachers],
    ['生师比', ratioText(t.ratio)],
  ]
  return (
    <Card size="small">
      <Row gutter={[16, 16]}>
        {items.map(([label, value]) => (
          <Col xs={12} sm={8} md={6} xl={3} key={label}>
            <Statistic title={label} value={value} />
          </Col>
        ))}
        <Col xs={24} xl={6}>
          <div style={{ marginBottom: 4 }}>班额预警</div>
          {t.bands.balanced + t.bands.large + t.bands.huge === 0 ? (
            <span>无</span>
          ) : (
            <Space wrap size={4}>
              <BandTag band="balanced" n={t.bands.balanced} />
              <BandTag band="large" n={t.bands.large} />
              <BandTag band="huge" n={t.bands.huge} />
            </Space>
          )}
        </Col>
      </Row>
    </Card>
  )
}

const linkStyle = { padding: 0, height: 'auto' }

function SchoolTable({ schools, open }: { schools: StatsSchool[]; open: (s: StatsSchool) => void }) {
  return (
    <Table<StatsSchool>
      size="small"
      rowKey="orgId"
      dataSource={schools}
      pagination={schools.length > 20 ? { pageSize: 20 } : false}
      scroll={{ x: 'max-content' }}
      columns={[
        {
          title: '学校',
          dataIndex: 'name',
          render: (name: string, s) => (
            <Button type="link" style={linkStyle} onClick={() => open(s)} aria-label={`查看${name}`}>
              {name}
            </Button>
          ),
        },
        { title: '学生数', dataIndex: 'students', sorter: (a, b) => a.students - b.students },
        { title: '男', dataIndex: 'male' },
        { title: '女', dataIndex: 'female' },
        { title: '班级数', dataIndex: 'classes' },
        { title: '教职工', dataIndex: 'teachers' },
        { title: '生师比', dataIndex: 'ratio', render: ratioText },
        {
          title: '班额预警',
          key: 'bands',
          render: (_, s) => (
            <Space wrap size={4}>
              <BandTag band="balanced" n={s.bands.balanced} />
              <BandTag band="large" n={s.bands.large} />
              <BandTag band="huge" n={s.bands.huge} />
            </Space>
          ),
        },
      ]}
    />
  )
}

function GradeTable({ school, open }: { school: StatsSchool; open: (g: StatsGrade) => void }) {
  return (
    <Table<StatsGrade>
      size="small"
      rowKey="gradeId"
      dataSource={school.grades}
      pagination={false}
      scroll={{ x: 'max-content' }}
      columns={[
        {
          title: '年级',
          dataIndex: 'name',
          render: (name: string, g) => (
            <Button type="link" style={linkStyle} onClick={() => open(g)} aria-label={`查看${name}`}>
              {name}
            </Button>
          ),
        },
        { title: '学段', dataIndex: 'period', render: (p: string | null) => p ?? '—' },
        { title: '学生数', dataIndex: 'students' },
        { title: '男', dataIndex: 'male' },
        { title: '女', dataIndex: 'female' },
        { title: '少数民族', dataIndex: 'minority' },
        { title: '班级数', key: 'classes', render: (_, g) => g.classes.length },
        {
          title: '班额预警',
          key: 'bands',
          render: (_, g) => (
            <Space wrap size={4}>
              {(['balanced', 'large', 'huge'] as const).map((b) => (
                <BandTag key={b} band={b} n={g.classes.filter((c) => c.band === b).length} />
              ))}
            </Space>
          ),
        },
      ]}
    />
  )
}

function ClassTable({ grade }: { grade: StatsGrade }) {
  return (
    <Table
      size="small"
      rowKey="classId"
      dataSource={grade.classes}
      pagination={false}
      scroll={{ x: 'max-content' }}
      columns={[
        { title: '班级', dataIndex: 'name' },
        { title: '人数', dataIndex: 'size' },
        { title: '班额', dataIndex: 'band', render: (b: ClassBand) => (b ? <BandTag band={b} /> : '正常') },
      ]}
    />
  )
}

/**
 * /base-statistics/autumn (秋季统计): the autumn statistics of a snapshot (docs/school-year.md "The autumn
 * statistics"). The bureau takes a snapshot and sees the district, drilling into a school and a grade; a school's
 * administrator sees their own school. The latest snapshot shows by default; a school year and a snapshot can be
 * chosen. Export gives the snapshot as the bureau's Excel forms.
 */
export default function StatsPage({ path, title }: PageProps) {
  const client = useQueryClient()
  const [year, setYear] = useState<string | undefined>()
  const [snapId, setSnapId] = useState<number | undefined>()
  const [schoolId, setSchoolId] = useState<number | null>(null)
  const [gradeId, setGradeId] = useState<number | null>(null)
  const [busy, setBusy] = useState(false)
  const list = useQuery({ queryKey: ['schoolStats', 'list'], queryFn: () => schoolStatsApi.list() })
  const snap = useQuery({
    queryKey: ['schoolStats', 'get', snapId, year],
    queryFn: () => schoolStatsApi.get({ id: snapId, schoolYear: year }),
  })
  const v = snap.data
  const snapshots: SnapshotRow[] = list.data ?? []
  const years = [...new Set(snapshots.map((s) => s.schoolYear))]
  const shownYear = v?.schoolYear ?? year
  const school = v?.schools.find((s) => s.orgId === schoolId) ?? null
  const grade = school?.grades.find((g) => g.gradeId === gradeId) ?? null
  // A school administrator sees one school: the page opens on it.
  const only = v && !v.district && v.schools.length === 1 ? v.schools[0]! : null
  const current = school ?? only

  const takeSnapshot = async () => {
    setBusy(true)
    try {
      const r = await schoolStatsApi.take()
      notify.success(r.msg)
      setSnapId(undefined)
      setYear(undefined)
      setSchoolId(null)
      setGradeId(null)
      await client.invalidateQueries({ queryKey: ['schoolStats'] })
    } catch {
      // The api client has shown the server's message.
    } finally {
      setBusy(false)
    }
  }
  const exportFile = async () => {
    if (!v) return
    setBusy(true)
    try {
      await schoolStatsApi.export(v)
    } finally {
      setBusy(false)
    }
  }

  const crumbs = [
    { title: v?.district ? '全区' : '本校', onClick: () => (setSchoolId(null), setGradeId(null)) },
    ...(school && v?.district ? [{ title: school.name, onClick: () => setGradeId(null) }] : []),
    ...(grade ? [{ title: grade.name }] : []),
  ]

  return (
    <PageFrame path={path} title={title}>
      <Space direction="vertical" size="middle" style={{ width: '100%' }}>
        <Card size="small">
          <Space wrap>
            <Select
              aria-label="学年"
              placeholder="学年"
              style={{ width: 140 }}
              value={shownYear}
              onChange={(y: string) => (setYear(y), setSnapId(undefined), setSchoolId(null), setGradeId(null))}
              options={years.map((y) => ({ value: y, label: `${y}学年` }))}
            />
            <Select
              aria-label="统计快照"
              placeholder="统计快照"
              style={{ width: 230 }}
              value={v?.id}
              onChange={(id: number) => (setSnapId(id), setSchoolId(null), setGradeId(null))}
              options={snapshots
                .filter((s) => s.schoolYear === shownYear)
                .map((s) => ({ value: s.id, label: `${when(s.takenAt)}（${s.takerName}）` }))}
            />
            {(v?.district ?? true) && (
              <PermButton
                code="base_school_stats_snapshot"
                type="primary"
                loading={busy}
                onClick={() => void takeSnapshot()}
              >
                生成统计快照
              </PermButton>
            )}
            <Button disabled={!v} loading={busy} onClick={() => void exportFile()}>
              导出Excel
            </Button>
          </Space>
        </Card>
        {snap.isLoading ? (
          <Spin />
        ) : !v ? (
          <Card>
            <Empty description="暂无统计快照。学年初由教育局生成统计快照后，在此查看各校学生、班额与教师统计。" />
          </Card>
        ) : (
          <>
            <Alert
              type="info"
              showIcon
              title={`${v.schoolYear}学年统计快照，生成于 ${when(v.takenAt)}（${v.takerName}）。快照生成后数据不再变化。`}
            />
            {(v.district || v.schools.length > 1 || grade) && (
              <Breadcrumb
                items={crumbs.map((c, i) => ({
                  title:
                    'onClick' in c && i < crumbs.length - 1 ? (
                      <Button type="link" style={linkStyle} onClick={c.onClick}>
                        {c.title}
                      </Button>
                    ) : (
                      c.title
                    ),
                }))}
              />
            )}
            {grade ? (
              <Card size="small" title={`${current?.name ?? ''} ${grade.name}：各班人数`} data-testid="stats-grade">
                <ClassTable grade={grade} />
              </Card>
            ) : current ? (
              <>
                <Totals t={current} />
                <Card size="small" title={`${current.name}：各年级`} data-testid="stats-school">
                  <GradeTable school={current} open={(g) => (setSchoolId(current.orgId), setGradeId(g.gradeId))} />
                </Card>
                <Suspense fallback={<Spin />}>
                  <StatsCharts schools={[current]} />
                </Suspense>
              </>
            ) : (
              <>
                <Totals t={v.totals} />
                <Suspense fallback={<Spin />}>
                  <StatsCharts schools={v.schools} />
                </Suspense>
                <Card size="small" title="各校统计" data-testid="stats-schools">
                  <SchoolTable schools={v.schools} open={(s) => (setSchoolId(s.orgId), setGradeId(null))} />
                </Card>
              </>
            )}
          </>
        )}
      </Space>
    </PageFrame>
  )
}

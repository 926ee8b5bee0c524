import { CLASS_HOME_BLOCK_LABEL, type AppRow, type ClassHomeBlock, type ClassHomeView } from '@zhixiao/shared'
import { Alert, Button, Card, Col, Descriptions, Empty, Flex, Row, Skeleton, Typography } from 'antd'
import type { ReactNode } from 'react'
import { useCurrentUser } from '../../api/queries'
import { useAppGroups } from '../apps/api'
import { AppIcon } from '../apps/icons'
import { openApp } from '../apps/open-app'
import { useClassHomeView } from './api'
import { RedDotBadge } from './RedDotBadge'
import { useRedDots } from './use-red-dots'
import '../apps/apps.css'

const RELATION = { student: '我的班级', child: '孩子的班级', head: '我任班主任', teacher: '我任教' } as const

function ClassInfo({ view }: { view: ClassHomeView }) {
  if (!view.classes.length) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无班级" />
  return (
    <Row gutter={[12, 12]}>
      {view.classes.map((c) => (
        <Col key={c.classId} xs={24} md={12} data-class={c.classId}>
          <Descriptions
            size="small"
            column={1}
            bordered
            items={[
              { key: 'name', label: '班级', children: <span data-testid="class-name">{c.className}</span> },
              { key: 'grade', label: '年级', children: c.gradeName ?? '—' },
              { key: 'org', label: '学校', children: c.orgName },
              { key: 'rel', label: '关系', children: RELATION[c.relation] },
              ...(c.studentCount !== null ? [{ key: 'n', label: '学生人数', children: c.studentCount }] : []),
            ]}
          />
        </Col>
      ))}
    </Row>
  )
}

function HeadTeacher({ view }: { view: ClassHomeView }) {
  const rows = view.classes.filter((c) => c.headTeacher)
  if (!rows.length) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无班主任信息" />
  return (
    <Flex vertical gap={8}>
      {rows.map((c) => (
        <Typography.Text key={c.classId} data-testid="head-teacher">
          {c.className}：{c.headTeacher!.name}
          {c.headTeacher!.phone ? `（${c.headTeacher!.phone}）` : ''}
        </Typography.Text>
      ))}
    </Flex>
  )
}

/**
 * The class home /portal/class as ClassHomeConfig orders it (docs/red-dots.md "Red dots, class home, outer portal"):
 * class info, head teacher, the timetable app, the class notices and news (the class home's portal blocks, `notices`),
 * class apps (with their red dots). A block switched off is not shown at all.
 */
export function ClassHome({ notices }: { notices: ReactNode }) {
  const view = useClassHomeView(true)
  const groups = useAppGroups()
  const { data: user } = useCurrentUser()
  const dots = useRedDots()
  if (view.isLoading) return <Skeleton active />
  if (view.error || !view.data) return <Alert type="error" title="班级主页加载失败" showIcon />
  const v = view.data
  // The launcher's rows carry what opening needs (route, open way, closed flags).
  const rowOf = (uniqueId: string): AppRow | undefined =>
    (groups.data ?? []).flatMap((g) => g.appList).find((a) => a.uniqueId === uniqueId)
  const open = (uniqueId: string) => {
    const row = rowOf(uniqueId)
    if (row) openApp(row, user?.permissions ?? [])
  }
  const body: Record<ClassHomeBlock, ReactNode> = {
    classInfo: <ClassInfo view={v} />,
    headTeacher: <HeadTeacher view={v} />,
    timetable: v.timetable ? (
      <Button
        type="primary"
        onClick={() => open(v.timetable!.uniqueId)}
        data-testid="class-timetable"
        disabled={!rowOf(v.timetable.uniqueId)}
      >
        查看{v.timetable.name}
      </Button>
    ) : (
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无课表应用" />
    ),
    notices,
    classApps: v.apps.length ? (
      <div className="zx-app-grid">
        {v.apps.map((a) => (
          <div
            key={a.uniqueId}
            className="zx-app-tile"
            data-app={a.uniqueId}
            role="button"
            tabIndex={0}
            onClick={() => open(a.uniqueId)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') open(a.uniqueId)
            }}
          >
            <RedDotBadge dot={dots.dotOf('app', a.uniqueId)} maxCount={dots.maxCount}>
              <AppIcon name={a.name} iconUri={null} appId={a.appId} />
            </RedDotBadge>
            <span className="zx-app-tile-name">{a.name}</span>
          </div>
        ))}
      </div>
    ) : (
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无应用" />
    ),
  }
  const shown = v.config.blocks.filter((b) => b.enabled)
  if (!shown.length) return <Empty description="班级主页暂无内容" />
  return (
    <Flex vertical gap={16} data-testid="class-home">
      {shown.map((b) =>
        b.key === 'notices' ? (
          <section key={b.key} data-block={b.key}>
            {notices}
          </section>
        ) : (
          <Card key={b.key} size="small" title={CLASS_HOME_BLOCK_LABEL[b.key]} data-block={b.key}>
            {body[b.key]}
          </Card>
        ),
      )}
    </Flex>
  )
}

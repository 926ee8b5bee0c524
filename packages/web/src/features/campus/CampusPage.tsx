import { CAMPUS_EVENT_LABEL, type CountItem } from '@zhixiao/shared'
import { useQuery } from '@tanstack/react-query'
import { App, Button, Card, Col, Empty, List, Row, Space, Statistic, Tag, Typography } from 'antd'
import type { ReactNode } from 'react'
import { useNavigate } from 'react-router'
import type { PageProps } from '../../navigation/page-props'
import { campusApi, CampusKeys } from './api'
import './campus.css'

const q = <T,>(name: string, fn: () => Promise<T>) => ({
  queryKey: [CampusKeys.portal, name],
  queryFn: fn,
  retry: false,
})

function Block({
  title,
  testId,
  children,
  extra,
}: {
  title: string
  testId: string
  children: ReactNode
  extra?: ReactNode
}) {
  return (
    <Card size="small" title={title} extra={extra} data-testid={testId} className="campus-block">
      {children}
    </Card>
  )
}

const breakdown = (items: CountItem[] | undefined) =>
  items?.length ? (
    <Space size={[4, 4]} wrap>
      {items.map((i) => (
        <Tag key={`${i.id}`}>
          {i.name} {i.count}
        </Tag>
      ))}
    </Space>
  ) : null

/**
 * /mobile/campus (校园门户): a teacher's school at a glance, 375 px first — the header style, weather, totals, staff,
 * rooms, the calendar ahead, the return-to-school plan, my classes and notices, every figure from the campusPro calls.
 */
export default function CampusPage({ path }: PageProps) {
  const navigate = useNavigate()
  const { modal } = App.useApp()
  const style = useQuery(q('style', () => campusApi.style({})))
  const weather = useQuery(q('weather', () => campusApi.weather({})))
  const totals = useQuery(q('totals', () => campusApi.totals({})))
  const staff = useQuery(q('teachers', () => campusApi.teacherNum({})))
  const rooms = useQuery(q('resources', () => campusApi.resources({})))
  const events = useQuery(q('events', () => campusApi.events({})))
  const plan = useQuery(q('plan', () => campusApi.backPlan({})))
  const classes = useQuery(q('classes', () => campusApi.myClasses({})))
  const notices = useQuery(q('notices', () => campusApi.notices({ pageIndex: 1, pageSize: 5 })))
  const s = style.data
  const wx = weather.data

  const backSign = async () => {
    const r = await campusApi.backSign({})
    modal.info({
      title: '返岗签到',
      content: r.msg,
      okText: r.attendance ? `前往${r.attendance.name}` : '知道了',
      onOk: () => {
        if (r.attendance) void navigate(r.attendance.reqUri)
      },
    })
  }

  return (
    <div data-page={path} className="campus-page">
      <header
        className="campus-header"
        data-testid="campus-header"
        style={s?.styleSelect === 1 && s.wideImgUrl ? { backgroundImage: `url("${s.wideImgUrl}")` } : undefined}
      >
        {s?.showLogo && s.logoUrl && <img src={s.logoUrl} alt="" className="campus-logo" />}
        <div>
          <div className="campus-title">{s?.sysName ?? ' '}</div>
          <div className="campus-sub">
            {s?.orgName}
            {events.data?.weekNo ? ` · 第${events.data.weekNo}教学周` : ''}
          </div>
        </div>
      </header>

      <Block title="今日天气" testId="campus-weather">
        {wx?.state === 'ok' && wx.now ? (
          <Space align="baseline" wrap>
            <Typography.Text strong style={{ fontSize: 28 }} data-testid="campus-temp">
              {wx.now.temp}°C
            </Typography.Text>
            <span>
              {wx.cityName} {wx.now.text}
            </span>
            <Typography.Text type="secondary">
              {wx.now.windDir}
              {wx.now.windScale}级{wx.now.humidity !== null ? ` · 湿度${wx.now.humidity}%` : ''}
            </Typography.Text>
          </Space>
        ) : (
          <Typography.Text type="secondary" data-testid="campus-weather-msg">
            {wx?.message ?? (weather.isError ? '天气加载失败' : '加载中…')}
          </Typography.Text>
        )}
      </Block>

      <Block title="学校概况" testId="campus-totals">
        <Row gutter={[8, 8]}>
          {(
            [
              ['students', '学生', totals.data?.students],
              ['teachers', '教职工', totals.data?.teachers],
              ['parents', '家长', totals.data?.parents],
              ['classes', '班级', totals.data?.classes],
            ] as const
          ).map(([key, label, v]) => (
            <Col span={6} key={key} data-testid={`campus-total-${key}`}>
              <Statistic title={label} value={v ?? '-'} valueStyle={{ fontSize: 20 }} />
            </Col>
          ))}
        </Row>
      </Block>

      <Block title="我的班级" testId="campus-classes">
        {classes.data?.list.length ? (
          <List
            size="small"
            dataSource={classes.data.list}
            renderItem={(c) => (
              <List.Item key={c.classId}>
                <span>
                  {c.gradeName} {c.className} {c.isHead && <Tag color="blue">班主任</Tag>}
                </span>
                <span>{c.studentCount}名学生</span>
              </List.Item>
            )}
          />
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无任教班级" />
        )}
      </Block>

      <Block title="校历" testId="campus-events">
        {events.data?.currentTerm && (
          <div style={{ marginBottom: 8 }}>
            {events.data.currentTerm.name}（{events.data.currentTerm.startDate} 至 {events.data.currentTerm.endDate}）
          </div>
        )}
        {events.data?.events.length ? (
          <List
            size="small"
            dataSource={events.data.events}
            renderItem={(e) => (
              <List.Item key={`${e.kind}${e.startDate}${e.name}`}>
                <span>
                  <Tag>{CAMPUS_EVENT_LABEL[e.kind]}</Tag>
                  {e.name}
                </span>
                <Typography.Text type="secondary">{e.daysUntil === 0 ? '今天' : `${e.daysUntil}天后`}</Typography.Text>
              </List.Item>
            )}
          />
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="近期无校历事件" />
        )}
      </Block>

      <Block
        title="返校计划"
        testId="campus-backplan"
        extra={
          <Button size="small" onClick={() => void backSign()} data-testid="campus-backsign">
            返岗签到
          </Button>
        }
      >
        {plan.data?.nextTerm ? (
          <>
            <div>
              {plan.data.nextTerm.name} {plan.data.nextTerm.startDate} 开学（{plan.data.daysUntil}天后），应返校{' '}
              {plan.data.classCount} 个班 {plan.data.studentCount} 名学生
            </div>
            <Space size={[4, 4]} wrap style={{ marginTop: 8 }}>
              {plan.data.grades.map((g) => (
                <Tag key={g.gradeId}>
                  {g.gradeName} {g.classCount}班/{g.studentCount}人
                </Tag>
              ))}
            </Space>
          </>
        ) : (
          <Typography.Text type="secondary">校历中暂无下学期安排</Typography.Text>
        )}
        {/* getBackSign has no meaning this project can give it (docs/portal-config.md "getBackSign"): say so before anyone clicks. */}
        <Typography.Paragraph type="secondary" style={{ margin: '8px 0 0' }} data-testid="campus-backsign-note">
          本平台不办理返岗签到：签到请到教师考勤模块，没有该模块请联系管理员授权。
        </Typography.Paragraph>
      </Block>

      <Block title="教职工" testId="campus-teachers">
        <div>
          共 {staff.data?.total ?? '-'} 人 · 男 {staff.data?.male ?? '-'} · 女 {staff.data?.female ?? '-'}
        </div>
        {breakdown(staff.data?.byTitle)}
      </Block>

      <Block title="校园资源" testId="campus-resources">
        <div>
          {rooms.data?.buildings ?? '-'} 栋楼 · {rooms.data?.rooms ?? '-'} 间教室 · {rooms.data?.capacity ?? '-'} 个座位
        </div>
        {breakdown(rooms.data?.byUse)}
      </Block>

      <Block title="通知公告" testId="campus-notices">
        {notices.data?.list.length ? (
          <List
            size="small"
            dataSource={notices.data.list}
            renderItem={(n) => (
              <List.Item key={n.id}>
                <Typography.Text ellipsis style={{ maxWidth: '70%' }}>
                  {n.title}
                </Typography.Text>
                <Typography.Text type="secondary">{n.publishTime?.slice(0, 10)}</Typography.Text>
              </List.Item>
            )}
          />
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无通知" />
        )}
      </Block>

      {s?.images.length ? (
        <Block title="校园风采" testId="campus-style">
          <div className="campus-images">
            {s.images.map((i) => (
              <img key={i.newsId} src={i.url} alt={i.title} title={i.title} />
            ))}
          </div>
        </Block>
      ) : null}
    </div>
  )
}

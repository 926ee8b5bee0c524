import { Card, Col, Empty, Row, Typography } from 'antd'
import { useCurrentUser } from '../../api/queries'
import type { PageProps } from '../../router/pages'
import { useSession } from '../../stores/session'

const BLOCKS = ['通知公告', '常用应用', '我的日程', '待办事项', '校园新闻', '数据概览']

/** The portal homes (/portal/home, personal, class, systemCenter): title, greeting card, content blocks to come. */
export default function PortalHome({ path, title }: PageProps) {
  const stored = useSession((s) => s.userInfo)
  const user = useCurrentUser().data ?? stored
  return (
    <div data-page={path}>
      <Typography.Title level={1} style={{ fontSize: 24, marginTop: 0 }}>{title}</Typography.Title>
      <Card style={{ marginBottom: 16, background: 'linear-gradient(120deg,#eef4ff,#ffffff)' }} data-testid="welcome-card">
        <Typography.Text strong style={{ fontSize: 18 }}>欢迎您，{user?.trueName}</Typography.Text>
        <div style={{ color: '#4b5563', marginTop: 6 }} data-testid="welcome-org">{user?.orgName}</div>
      </Card>
      <Row gutter={[16, 16]}>
        {BLOCKS.map((block) => (
          <Col xs={24} md={12} xl={8} key={block}>
            <Card title={block}><Empty description="建设中" image={Empty.PRESENTED_IMAGE_SIMPLE} /></Card>
          </Col>
        ))}
      </Row>
    </div>
  )
}

import { Card, Col, Empty, Row, Typography } from 'antd'
import { useSession } from '../../stores/session'

/** The portal homes (/portal/home, personal, class, systemCenter): greeting now, content blocks later. */
export default function PortalHome({ path, title }: { path: string; title: string }) {
  const user = useSession((s) => s.userInfo)
  return (
    <div data-page={path}>
      <Typography.Title level={3}>{title}</Typography.Title>
      <Card style={{ marginBottom: 16 }}>
        <Typography.Text strong style={{ fontSize: 16 }}>欢迎，{user?.trueName}</Typography.Text>
        <div style={{ color: '#6b7280', marginTop: 4 }}>{user?.orgName}</div>
      </Card>
      <Row gutter={16}>
        {['通知公告', '常用应用', '日程'].map((block) => (
          <Col xs={24} md={8} key={block}>
            <Card title={block}><Empty description="建设中" image={Empty.PRESENTED_IMAGE_SIMPLE} /></Card>
          </Col>
        ))}
      </Row>
    </div>
  )
}

import { Card, Col, Empty, Row, Typography } from 'antd'
import { Link } from 'react-router'
import { useCurrentUser } from '../../api/queries'
import { menuGroups } from '../../layouts/menu'
import type { PageProps } from '../../navigation/page-props'
import { useSession } from '../../stores/session'

/**
 * /localSide/navigation, the bureau back office the gear leads to (001 §2.1): every admin area the user may open,
 * grouped as in the admin side menu, one click from the bureau side.
 */
export default function BureauNavigationPage({ path, title }: PageProps) {
  const stored = useSession((s) => s.userInfo)
  const user = useCurrentUser().data ?? stored
  const groups = menuGroups(user)
  return (
    <div data-page={path}>
      <Typography.Title level={1} style={{ fontSize: 20, marginTop: 0 }}>
        {title}
      </Typography.Title>
      {!groups.length ? (
        <Empty description="暂无权限" />
      ) : (
        <Row gutter={[16, 16]}>
          {groups.map((g) => (
            <Col xs={24} md={12} xl={8} key={g.title}>
              <Card size="small" title={g.title} data-testid="bureau-nav-group">
                {g.routes.map((r) => (
                  <div key={r.path} style={{ padding: '4px 0' }}>
                    <Link to={r.path}>{r.title}</Link>
                  </div>
                ))}
              </Card>
            </Col>
          ))}
        </Row>
      )}
    </div>
  )
}

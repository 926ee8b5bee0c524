import { Card, Col, Empty, Row, Skeleton, Typography } from 'antd'
import { useCurrentUser } from '../../../api/queries'
import type { PageProps } from '../../../router/pages'
import { useAppGroups } from '../../apps/api'
import { AppIcon } from '../../apps/icons'
import { openApp } from '../../apps/open-app'
import '../blocks/blocks.css'

/** /portal/systemCenter (the landing without a portal-home permission): every system the user may open, by group. */
export default function SystemCenterPage({ path, title }: PageProps) {
  const user = useCurrentUser().data
  const groups = useAppGroups()
  const list = (groups.data ?? []).filter((g) => g.appList.length)
  return (
    <div data-page={path}>
      <Typography.Title level={1} style={{ fontSize: 20 }}>{title}</Typography.Title>
      <Typography.Paragraph type="secondary">欢迎您，{user?.trueName}（{user?.orgName}）</Typography.Paragraph>
      {groups.isLoading ? <Skeleton active /> : !list.length ? <Empty description="暂无应用" /> : (
        <Row gutter={[16, 16]}>
          {list.map((g) => (
            <Col span={24} key={g.id ?? g.name}>
              <Card size="small" title={g.name}>
                <div className="zx-apps">
                  {g.appList.map((a) => (
                    <button type="button" key={a.appId} className="zx-app" onClick={() => openApp(a, user?.permissions ?? [])} title={a.name}>
                      <AppIcon name={a.name} iconUri={a.iconUri} appId={a.appId} />
                      <span>{a.name}</span>
                    </button>
                  ))}
                </div>
              </Card>
            </Col>
          ))}
        </Row>
      )}
    </div>
  )
}

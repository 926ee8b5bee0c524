import { Card, Col, Empty, Row, Skeleton, Tabs, Typography } from 'antd'
import { useSearchParams } from 'react-router'
import { isCompactWidth, type AppGroup } from '@zhixiao/shared'
import { useCurrentUser } from '../../../api/queries'
import type { PageProps } from '../../../navigation/page-props'
import { useAppGroups } from '../../apps/api'
import { AppIcon } from '../../apps/icons'
import { openApp } from '../../apps/open-app'
import { useWindowWidth } from '../../portal-header/use-window-width'
import '../blocks/blocks.css'

/**
 * /portal/systemCenter (the landing without a portal-home permission) and the bureau's /localSide/appCenter/index:
 * every system the user may open, by group. The bureau menu's template (001 §2.1 type=mode1|mode2, chosen as
 * 模板一/模板二 in the header config) picks the layout: mode1 every group as a card one under another, mode2 one
 * group at a time beside a list of the groups (above it on a phone).
 */
export default function SystemCenterPage({ path, title }: PageProps) {
  const user = useCurrentUser().data
  const groups = useAppGroups()
  const [params] = useSearchParams()
  const width = useWindowWidth()
  const list = (groups.data ?? []).filter((g) => g.appList.length)
  const apps = (g: AppGroup) => (
    <div className="zx-apps">
      {g.appList.map((a) => (
        <button
          type="button"
          key={a.appId}
          className="zx-app"
          onClick={() => openApp(a, user?.permissions ?? [])}
          title={a.name}
        >
          <AppIcon name={a.name} iconUri={a.iconUri} appId={a.appId} />
          <span>{a.name}</span>
        </button>
      ))}
    </div>
  )
  const key = (g: AppGroup) => String(g.id ?? g.name)
  return (
    <div data-page={path}>
      <Typography.Title level={1} style={{ fontSize: 20 }}>
        {title}
      </Typography.Title>
      <Typography.Paragraph type="secondary">
        欢迎您，{user?.trueName}（{user?.orgName}）
      </Typography.Paragraph>
      {groups.isLoading ? (
        <Skeleton active />
      ) : !list.length ? (
        <Empty description="暂无应用" />
      ) : params.get('type') === 'mode2' ? (
        <Card size="small" data-testid="app-center-mode2">
          <Tabs
            tabPosition={isCompactWidth(width) ? 'top' : 'left'}
            items={list.map((g) => ({ key: key(g), label: g.name, children: apps(g) }))}
          />
        </Card>
      ) : (
        <Row gutter={[16, 16]} data-testid="app-center-mode1">
          {list.map((g) => (
            <Col span={24} key={key(g)}>
              <Card size="small" title={g.name}>
                {apps(g)}
              </Card>
            </Col>
          ))}
        </Row>
      )}
    </div>
  )
}

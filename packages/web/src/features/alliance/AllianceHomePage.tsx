import { alliancePortalPath, type AllianceApp } from '@zhixiao/shared'
import { useQuery } from '@tanstack/react-query'
import {
  Button,
  Card,
  Carousel,
  Col,
  Empty,
  List,
  Result,
  Row,
  Skeleton,
  Space,
  Statistic,
  Tag,
  Typography,
} from 'antd'
import { Link } from 'react-router'
import type { PageProps } from '../../navigation/page-props'
import { allianceApi, useAllianceRoot } from './api'
import { AllianceMark } from './AllianceMark'
import { AppTiles } from './AppTiles'

/**
 * /alliancePortal/home (001 §2.1): the alliance's shared content for its members and administrators: background
 * images, name with the alliance mark, introduction and culture, shared apps and the member schools (names only,
 * docs/alliance.md). Without an alliance it points to 我的联盟.
 */
export default function AllianceHomePage({ path }: PageProps) {
  const root = useAllianceRoot()
  const orgId = root.data?.orgId
  const setting = useQuery({
    enabled: !!orgId,
    queryKey: ['allianceSetting', orgId],
    queryFn: () => allianceApi.setting(orgId!),
  })
  const images = useQuery({
    enabled: !!orgId,
    queryKey: ['allianceImages', orgId],
    queryFn: () => allianceApi.images(orgId!),
  })
  const members = useQuery({
    enabled: !!orgId,
    queryKey: ['allianceMembers', orgId],
    queryFn: () => allianceApi.members(orgId!),
  })

  if (root.isLoading) return <Skeleton active />
  if (!root.data) {
    return (
      <Result
        data-page={path}
        data-testid="alliance-none"
        status="info"
        title="您所在的机构尚未加入联盟"
        extra={
          <Link to="/allianceManage/join">
            <Button type="primary">我的联盟</Button>
          </Link>
        }
      />
    )
  }
  const a = root.data
  const s = setting.data
  const apps: AllianceApp[] = s?.apps ?? []
  return (
    <div data-page={path} data-testid="alliance-home">
      {!!images.data?.length && (
        <Carousel autoplay autoplaySpeed={3000} style={{ marginBottom: 16, borderRadius: 8, overflow: 'hidden' }}>
          {images.data.map((i) => (
            <div key={i.id}>
              <img
                src={i.url}
                alt=""
                style={{ width: '100%', height: 'clamp(140px, 30vw, 320px)', objectFit: 'cover', display: 'block' }}
              />
            </div>
          ))}
        </Carousel>
      )}
      <Card
        style={{ marginBottom: 16 }}
        title={
          <span data-testid="alliance-name" style={{ whiteSpace: 'normal' }}>
            {a.name}
            <AllianceMark unitAttr={a.unitAttr} allianceSchool={a.allianceSchool} />
          </span>
        }
        extra={a.isAdmin ? <Link to={`/allianceManage/allianceUser?orgId=${a.orgId}`}>联盟管理</Link> : null}
      >
        <Row gutter={[16, 16]}>
          <Col xs={24} md={16}>
            <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }} data-testid="alliance-intro">
              {s?.intro || '暂无简介'}
            </Typography.Paragraph>
            {s?.culture && (
              <Typography.Paragraph type="secondary" style={{ whiteSpace: 'pre-wrap' }}>
                {s.culture}
              </Typography.Paragraph>
            )}
          </Col>
          <Col xs={12} md={4}>
            <Statistic title="成员单位" value={a.memberCount} />
          </Col>
          <Col xs={12} md={4}>
            <Statistic title="共享应用" value={apps.length} />
          </Col>
        </Row>
      </Card>
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={14}>
          <Card
            title="共享应用"
            extra={
              <Link to={alliancePortalPath(a.orgId, 'systemNav/index')} data-testid="alliance-apps-link">
                全部应用
              </Link>
            }
          >
            {apps.length ? <AppTiles apps={apps.slice(0, 8)} /> : <Empty description="暂无共享应用" />}
          </Card>
        </Col>
        <Col xs={24} lg={10}>
          <Card title="成员单位" data-testid="alliance-members">
            <List
              size="small"
              loading={members.isLoading}
              dataSource={members.data ?? []}
              locale={{ emptyText: '暂无成员单位' }}
              renderItem={(m) => (
                <List.Item>
                  <Space wrap size={4}>
                    <span>{m.name}</span>
                    {m.tenantName !== a.tenantName && <Tag>{m.tenantName}</Tag>}
                  </Space>
                </List.Item>
              )}
            />
          </Card>
        </Col>
      </Row>
    </div>
  )
}

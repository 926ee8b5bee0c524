import { useQuery } from '@tanstack/react-query'
import { Button, Card, Empty, Result, Skeleton } from 'antd'
import { Link } from 'react-router'
import type { PageProps } from '../../navigation/page-props'
import { allianceApi, useAllianceRoot } from './api'
import { AppTiles } from './AppTiles'

/** /alliancePortal/systemNav/index (001 §2.1): every app the alliance shares with its members. */
export default function SystemNavPage({ path, title }: PageProps) {
  const root = useAllianceRoot()
  const orgId = root.data?.orgId
  const setting = useQuery({
    enabled: !!orgId,
    queryKey: ['allianceSetting', orgId],
    queryFn: () => allianceApi.setting(orgId!),
  })
  if (root.isLoading || (orgId && setting.isLoading)) return <Skeleton active />
  if (!root.data) {
    return (
      <Result
        data-page={path}
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
  const apps = setting.data?.apps ?? []
  return (
    <Card data-page={path} title={`${root.data.name} · ${title}`}>
      {apps.length ? <AppTiles apps={apps} /> : <Empty description="暂无共享应用" />}
    </Card>
  )
}

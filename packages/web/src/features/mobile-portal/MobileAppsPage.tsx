import { useQuery } from '@tanstack/react-query'
import { Empty, Skeleton } from 'antd'
import type { PageProps } from '../../navigation/page-props'
import { AppGrid } from './AppGrid'
import { mobileApi, MobileKeys, useMobileHome } from './api'
import { useChildPick } from './MobileLayout'

/** Every mobile app group of the user's terminal (teacher 0, parent 1, student 5) with the apps they may open. */
export default function MobileAppsPage({ path }: PageProps) {
  const appType = useMobileHome(useChildPick().childId).data?.appType
  const groups = useQuery({
    queryKey: [MobileKeys.groups, 'mobile', appType],
    queryFn: () => mobileApi.groups(appType!),
    enabled: appType !== undefined,
  })
  const shown = (groups.data ?? []).filter((g) => g.appList.length)
  return (
    <div data-page={path}>
      {groups.isPending ? (
        <Skeleton active />
      ) : shown.length ? (
        shown.map((g) => (
          <section key={g.id} className="zx-m-section" data-group={g.name}>
            <h2>{g.name}</h2>
            <AppGrid apps={g.appList} />
          </section>
        ))
      ) : (
        <Empty description="暂无应用" />
      )}
    </div>
  )
}

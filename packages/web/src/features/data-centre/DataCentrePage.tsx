import {
  AppMsg,
  DATA_CENTRE_KIND_LABEL,
  VIA_LOW_CODE_IDS,
  DataCentreMsg,
  dataCentreKind,
  type AppRow,
  type DataCentreKind,
} from '@zhixiao/shared'
import { useQuery } from '@tanstack/react-query'
import { Alert, Empty, Skeleton, Tabs } from 'antd'
import { useCallback, useEffect, useMemo, useRef } from 'react'
import { useSearchParams } from 'react-router'
import { useCurrentUser } from '../../api/queries'
import type { PageProps } from '../../navigation/page-props'
import { useSession } from '../../stores/session'
import { AppIcon } from '../apps/icons'
import { openApp, refusal } from '../apps/open-app'
import { notify } from '../../api/feedback'
import { navigateTo } from '../../navigation/navigate'
import { openTarget } from '../portal-header/nav-target'
import '../cms/blocks/blocks.css'
import { dataCentreApi } from './api'

/**
 * The strip's new tab asked for one app: this tab becomes it (a second tab would need a click to pass popup
 * blockers). An app the user is not offered says so; the list stays below.
 */
function openInPlace(app: AppRow | undefined, permissions: readonly string[]) {
  if (!app) {
    notify.warning(AppMsg.NOT_REGISTERED)
    return
  }
  const why = refusal(app, permissions)
  if (why) {
    notify.warning(why)
    return
  }
  if (app.reqUri) void navigateTo(app.reqUri)
  else if (app.entryUrl && /^https?:\/\//i.test(app.entryUrl)) window.location.assign(app.entryUrl)
}

/**
 * 001 §2.1: low-code apps, and the data-centre apps knowledgeCenter, certifyCenter, 3d_school and datav, open in a
 * new tab of this page (?uniqueId=), which becomes the app; other data-centre apps open as in the launcher.
 */
function open(kind: DataCentreKind, a: AppRow, permissions: readonly string[]) {
  if (kind === 'lowCode' || VIA_LOW_CODE_IDS.includes(a.uniqueId)) {
    const why = refusal(a, permissions)
    if (why) {
      notify.warning(why)
      return
    }
    openTarget(`/lowCodeApplication/index?type=${kind}&uniqueId=${encodeURIComponent(a.uniqueId)}`, true)
  } else {
    openApp(a, permissions)
  }
}

function AppList({ kind, onLoaded }: { kind: DataCentreKind; onLoaded: (apps: AppRow[]) => void }) {
  const permissions = useCurrentUser().data?.permissions ?? []
  const q = useQuery({ queryKey: ['dataCentre', kind], queryFn: () => dataCentreApi.list(kind) })
  useEffect(() => {
    if (q.data) onLoaded(q.data.apps)
  }, [q.data, onLoaded])
  if (q.isLoading) return <Skeleton active />
  if (!q.data) return <Empty description="加载失败，请稍后重试" />
  if (!q.data.enabled)
    return <Alert type="info" showIcon message={DataCentreMsg.WAREHOUSE_OFF} data-testid="warehouse-off" />
  if (!q.data.apps.length) return <Empty description={DataCentreMsg.EMPTY} />
  return (
    <div className="zx-apps" data-testid={`dc-list-${kind}`}>
      {q.data.apps.map((a) => (
        <button
          type="button"
          key={a.appId}
          className="zx-app"
          data-app={a.uniqueId}
          title={a.name}
          onClick={() => open(kind, a, permissions)}
        >
          <AppIcon name={a.name} iconUri={a.iconUri} appId={a.appId} />
          <span>{a.name}</span>
        </button>
      ))}
    </div>
  )
}

/**
 * /lowCodeApplication/index (000 §2.4, 001 §2.1): the low-code apps and (tab 大数据中心, ?type=dataCenter) the data
 * centre's, each opening through the launcher's open logic. ?uniqueId=x (the header strip's new tab for
 * knowledgeCenter, certifyCenter, 3d_school, datav and low-code apps) opens that app at once when the user may.
 */
export default function DataCentrePage({ path, title }: PageProps) {
  const [params, setParams] = useSearchParams()
  const parsed = dataCentreKind.safeParse(params.get('type'))
  const kind: DataCentreKind = parsed.success ? parsed.data : 'lowCode'
  const wanted = params.get('uniqueId')
  const permissions = useCurrentUser().data?.permissions
  const opened = useRef(false)
  // The login state's dataCenter and lowCodeApp (000 §3) follow the lists as loaded.
  const onLoaded = useCallback(
    (k: DataCentreKind) => (apps: AppRow[]) => {
      useSession.setState(k === 'dataCenter' ? { dataCenter: apps } : { lowCodeApp: apps })
      if (!wanted || !permissions || opened.current || k !== kind) return
      opened.current = true
      openInPlace(
        apps.find((a) => a.uniqueId === wanted),
        permissions,
      )
    },
    [wanted, permissions, kind],
  )
  const handlers = useMemo(() => ({ lowCode: onLoaded('lowCode'), dataCenter: onLoaded('dataCenter') }), [onLoaded])
  return (
    <div data-page={path} style={{ padding: 16 }}>
      <Tabs
        activeKey={kind}
        onChange={(k) => setParams({ type: k })}
        items={(['lowCode', 'dataCenter'] as const).map((k) => ({
          key: k,
          label: DATA_CENTRE_KIND_LABEL[k],
          children: <AppList kind={k} onLoaded={handlers[k]} />,
        }))}
        tabBarExtraContent={<span style={{ color: '#666' }}>{title}</span>}
      />
    </div>
  )
}

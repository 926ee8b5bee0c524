import { useQuery } from '@tanstack/react-query'
import { Card, Result, Tabs } from 'antd'
import { leaveApi, type HomeView } from './api.js'
import { AskForm } from './AskForm.js'
import { MineView } from './MineView.js'
import { PendingView } from './PendingView.js'
import { RequestDetail } from './RequestDetail.js'
import { SettingsView } from './SettingsView.js'
import { StatsView } from './StatsView.js'
import { TodayView } from './TodayView.js'
import { useHash } from './useHash.js'

interface TabDef {
  key: string
  label: string
  children: React.ReactNode
}

/**
 * The tabs each kind of person gets: parents ask and follow; teachers decide, see today and ask for themselves under
 * 我的请假; admins also count and configure. At most five short labels, so the bar fits a 375 px phone.
 */
function tabsFor(home: HomeView, open: (id: number) => void, go: (tab: string) => void): TabDef[] {
  if (home.userType === 'student')
    return [{ key: 'mine', label: '我的请假', children: <MineView onOpen={open} readOnly /> }]
  if (home.userType === 'guardian')
    return [
      {
        key: 'ask',
        label: '请假',
        children: (
          <Card size="small">
            <AskForm home={home} onDone={() => go('mine')} />
          </Card>
        ),
      },
      { key: 'mine', label: '我的申请', children: <MineView onOpen={open} /> },
    ]
  const tabs: TabDef[] = [{ key: 'pending', label: '待我审批', children: <PendingView onOpen={open} /> }]
  if (home.headOf.length) tabs.push({ key: 'today', label: '今日请假', children: <TodayView onOpen={open} /> })
  tabs.push({ key: 'mine', label: '我的请假', children: <MineView onOpen={open} askWith={home} /> })
  if (home.isAdmin)
    tabs.push(
      { key: 'stats', label: '请假统计', children: <StatsView /> },
      { key: 'settings', label: '审批设置', children: <SettingsView /> },
    )
  return tabs
}

/** Whether a request was opened from the app's own lists (返回 then goes back; from a message's link, to the lists). */
let openedInApp = false

/** The leave app's page: #/request/<id> shows one request, #/tab/<key> a tab; a teacher lands on 待我审批. */
export function LeaveApp() {
  const [hash, navigate] = useHash()
  const home = useQuery({ queryKey: ['leave', 'home'], queryFn: leaveApi.home })
  const open = (id: number) => {
    openedInApp = true
    navigate(`/request/${id}`)
  }
  const go = (tab: string) => navigate(`/tab/${tab}`)
  const request = /^\/request\/(\d+)$/.exec(hash)
  if (request) return <RequestDetail id={Number(request[1])} onBack={() => (openedInApp ? history.back() : go(''))} />
  if (home.isPending) return <Card loading />
  if (home.isError) return <Result status="warning" title={home.error.message} />
  const tabs = tabsFor(home.data, open, go)
  const wanted = /^\/tab\/(\w+)$/.exec(hash)?.[1]
  const active = tabs.some((t) => t.key === wanted) ? (wanted as string) : tabs[0].key
  return <Tabs activeKey={active} onChange={go} items={tabs} tabBarGutter={12} />
}

import { ImportMsg, type ImportTask } from '@zhixiao/shared'
import { App, Badge, Button, Card } from 'antd'
import { useEffect } from 'react'
import { useLocation } from 'react-router'
import { notify } from '../../api/feedback'
import { useSession } from '../../stores/session'
import { importApi, isActive } from './api'
import { ImportTaskItem } from './ImportTaskItem'
import { claimPanel, dismissTask, setPanelCollapsed, useImportPanel } from './store'
import { useImportTasks } from './use-import-tasks'

/**
 * The floating import-progress panel (001 §2.6 "per-file progress and a cancel action"), mounted by the default
 * layout. It asks the server only while a base page is shown (000 §4) and hides when there is nothing to show.
 */
export function ImportPanel() {
  const { pathname } = useLocation()
  // task/current needs the people page code; others have no imports to watch (and would only be refused).
  const mayImport = useSession((s) => s.userInfo?.permissions.includes('base_user_account') ?? false)
  const { modal } = App.useApp()
  // The role list imports too (角色人员导入).
  const onBasePage = mayImport && (pathname.startsWith('/base-') || pathname.startsWith('/roles-'))
  const { tasks, refetch } = useImportTasks(onBasePage)
  const finished = useImportPanel((s) => s.finished)
  const dismissed = useImportPanel((s) => s.dismissed)
  const collapsed = useImportPanel((s) => s.collapsed)
  const userKey = useSession((s) => (s.userInfo ? `${s.userInfo.tenantId}:${s.userInfo.userInfoId}` : null))
  // Another user or org signed in: the previous one's finished tasks are not theirs to see.
  useEffect(() => claimPanel(userKey), [userKey])

  const shown: ImportTask[] = [...tasks]
  for (const f of finished) if (!shown.some((t) => t.importLogId === f.importLogId)) shown.push(f)
  const visible = shown.filter((t) => isActive(t) || !dismissed.includes(t.importLogId))
  // Elsewhere nothing is polled, so what the panel would show could be stale.
  if (!onBasePage || !visible.length) return null
  const running = visible.filter(isActive).length

  const cancel = (t: ImportTask) =>
    modal.confirm({
      title: ImportMsg.CANCEL_CONFIRM,
      okText: '确定',
      cancelText: '取消',
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          notify.success((await importApi.cancel(t.importLogId)).msg)
        } catch {
          return
        }
        await refetch()
      },
    })

  return (
    <Card
      size="small"
      data-testid="import-panel"
      style={{
        position: 'fixed',
        right: 24,
        bottom: 24,
        width: 360,
        maxWidth: 'calc(100vw - 48px)',
        zIndex: 1000,
        boxShadow: '0 6px 16px rgba(0,0,0,0.12)',
      }}
      title={
        <Badge count={running} size="small" offset={[10, 0]}>
          导入任务
        </Badge>
      }
      extra={
        <Button type="link" size="small" onClick={() => setPanelCollapsed(!collapsed)}>
          {collapsed ? '展开' : '收起'}
        </Button>
      }
      styles={{ body: collapsed ? { display: 'none' } : { maxHeight: 320, overflowY: 'auto', paddingTop: 0 } }}
    >
      {visible.map((t) => (
        <ImportTaskItem
          key={t.importLogId}
          task={t}
          onCancel={cancel}
          onClose={(x) => dismissTask(x.importLogId)}
          onErrors={(x) => void importApi.downloadErrors(x)}
        />
      ))}
    </Card>
  )
}

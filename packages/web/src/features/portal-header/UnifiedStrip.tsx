import { Msg, type AppRow, type MhSysConfig } from '@zhixiao/shared'
import { Dropdown } from 'antd'
import { notify } from '../../api/feedback'
import { openApp, openTarget } from './nav-target'

/** Data-centre and low-code app ids (000 §3); the IoT tile is the internet_of_things app (001 §9). */
export const DATA_CENTRE_IDS = ['basis_data', 'identity_center', 'indlibrary', 'knowledgeCenter', 'certifyCenter', 'schedule', 'report_center', 'student_file', 'teacher_file', '3d_school', 'datav']
export const LOW_CODE_IDS = ['ict_pub', 'monitorCenter', 'clipCenter', 'h5HelpCenter', 'datav']
const IOT_ID = 'internet_of_things'
/** These data-centre apps open through the low-code host in a new tab (001 §2.1). */
const VIA_LOW_CODE = ['knowledgeCenter', 'certifyCenter', '3d_school', 'datav']

function openPermitted(app: AppRow) {
  if (VIA_LOW_CODE.includes(app.uniqueId)) openTarget(`/lowCodeApplication/index?uniqueId=${app.uniqueId}`, true)
  else openApp(app)
}

function Tile({ label, testId, apps }: { label: string; testId: string; apps: AppRow[] }) {
  // The app list is already filtered by permissionName on the server (filter '1'): none left → 暂无权限.
  if (apps.length <= 1) {
    return (
      <button type="button" className="zx-ph-tile" data-testid={testId}
        onClick={() => (apps[0] ? openPermitted(apps[0]) : notify.warning(Msg.NO_PERMISSION))}>{label}</button>
    )
  }
  return (
    <Dropdown menu={{ items: apps.map((a) => ({ key: a.uniqueId, label: a.name, onClick: () => openPermitted(a) })) }}>
      <button type="button" className="zx-ph-tile" data-testid={testId}>{label}</button>
    </Dropdown>
  )
}

/** The unified-portal strip (001 §1): big-data centre, low-code applications and IoT platform, as configured. */
export function UnifiedStrip({ cfg, apps }: { cfg: Pick<MhSysConfig, 'bigDataCenter' | 'lowCodeApplication' | 'lotPlatform'>; apps: AppRow[] }) {
  if (!cfg.bigDataCenter && !cfg.lowCodeApplication && !cfg.lotPlatform) return null
  const of = (ids: string[]) => apps.filter((a) => ids.includes(a.uniqueId))
  return (
    <div className="zx-ph-strip" data-testid="unified-strip">
      {cfg.bigDataCenter && <Tile label="大数据中心" testId="tile-data" apps={of(DATA_CENTRE_IDS)} />}
      {cfg.lowCodeApplication && <Tile label="低代码应用" testId="tile-lowcode" apps={of(LOW_CODE_IDS)} />}
      {cfg.lotPlatform && <Tile label="物联网平台" testId="tile-iot" apps={of([IOT_ID])} />}
    </div>
  )
}

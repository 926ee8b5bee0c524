import { Msg, type MhSysConfig } from '@zhixiao/shared'
import { useQuery } from '@tanstack/react-query'
import { Dropdown } from 'antd'
import { notify } from '../../api/feedback'
import { dataCentreApi } from '../data-centre/api'
import { openTarget } from './nav-target'

/**
 * The IoT tile: the IoT entries of 000 §2.5 the user holds (the server filters them), each opening the IoT host
 * /iot/<page>, which mounts the registered IoT app or says it is not registered.
 */
function IotTile() {
  const menu = useQuery({ queryKey: ['iotMenu'], queryFn: dataCentreApi.iotMenu, staleTime: 60_000 })
  const entries = menu.data ?? []
  if (!entries.length) {
    return (
      <button
        type="button"
        className="zx-ph-tile"
        data-testid="tile-iot"
        onClick={() => notify.warning(Msg.NO_PERMISSION)}
      >
        物联网平台
      </button>
    )
  }
  return (
    <Dropdown
      menu={{ items: entries.map((e) => ({ key: e.key, label: e.name, onClick: () => openTarget(e.route, false) })) }}
    >
      <button type="button" className="zx-ph-tile" data-testid="tile-iot">
        物联网平台
      </button>
    </Dropdown>
  )
}

/**
 * The unified-portal strip (001 §1): big-data centre, low-code applications and IoT platform, as configured. The
 * first two open their lists (/lowCodeApplication/index, docs/apps.md "Data centre, low-code, IoT"): the
 * apps of types 3 and 4 the user may open (000 §9), the data centre only once its data warehouse is enabled.
 */
export function UnifiedStrip({
  cfg,
}: {
  cfg: Pick<MhSysConfig, 'bigDataCenter' | 'lowCodeApplication' | 'lotPlatform'>
}) {
  if (!cfg.bigDataCenter && !cfg.lowCodeApplication && !cfg.lotPlatform) return null
  return (
    <div className="zx-ph-strip" data-testid="unified-strip">
      {cfg.bigDataCenter && (
        <button
          type="button"
          className="zx-ph-tile"
          data-testid="tile-data"
          onClick={() => openTarget('/lowCodeApplication/index?type=dataCenter', false)}
        >
          大数据中心
        </button>
      )}
      {cfg.lowCodeApplication && (
        <button
          type="button"
          className="zx-ph-tile"
          data-testid="tile-lowcode"
          onClick={() => openTarget('/lowCodeApplication/index?type=lowCode', false)}
        >
          低代码应用
        </button>
      )}
      {cfg.lotPlatform && <IotTile />}
    </div>
  )
}

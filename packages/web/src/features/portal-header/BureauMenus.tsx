import { appCenterPath, bureauMenuVisible, Msg, splitVisible, type MenuOption, type SkipItem } from '@zhixiao/shared'
import { Dropdown, type MenuProps } from 'antd'
import { notify } from '../../api/feedback'
import { openTarget } from './nav-target'

/** A bureau menu target (001 §3 skipList): its route or address, checked against the user's permissions. */
function openSkip(item: SkipItem, permitted: (code: string) => boolean): void {
  if (item.permissionName && !permitted(item.permissionName)) {
    notify.warning(Msg.NO_PERMISSION)
    return
  }
  const target = item.reqUri || item.skipUrl
  if (!target) {
    notify.warning(Msg.NO_PERMISSION)
    return
  }
  openTarget(target, item.openWay === 2)
}

function optionClick(o: MenuOption, permitted: (code: string) => boolean): void {
  if (o.contentType === 3) {
    openTarget(appCenterPath(o.tempType), false)
    return
  }
  if (o.skipList[0]) openSkip(o.skipList[0], permitted)
  else notify.warning(Msg.NO_PERMISSION)
}

const skipItems = (o: MenuOption, permitted: (code: string) => boolean): MenuProps['items'] =>
  o.skipList.map((s, i) => ({ key: `${o.optionName}-${i}`, label: s.skipName, onClick: () => openSkip(s, permitted) }))

/**
 * Bureau header menu entries (001 §2.6, §9): as many as menuShowNum and the width allow, the rest under 更多. A
 * dropdown entry (menuForm 2) lists its targets; a flat one opens its first target, or the app centre (contentType 3).
 */
export function BureauMenus({
  options,
  menuShowNum,
  width,
  permitted,
}: {
  options: readonly MenuOption[]
  menuShowNum: number
  width: number
  permitted: (code: string) => boolean
}) {
  const { shown, more } = splitVisible(options, bureauMenuVisible(menuShowNum, width, options.length))
  return (
    <>
      {shown.map((o, i) =>
        o.menuForm === 2 && o.skipList.length ? (
          <Dropdown key={i} menu={{ items: skipItems(o, permitted) }}>
            <button type="button" className="zx-ph-tab" data-testid="bureau-menu">
              {o.optionName}
            </button>
          </Dropdown>
        ) : (
          <button
            type="button"
            key={i}
            className="zx-ph-tab"
            data-testid="bureau-menu"
            onClick={() => optionClick(o, permitted)}
          >
            {o.optionName}
          </button>
        ),
      )}
      {more.length > 0 && (
        <Dropdown
          menu={{
            items: more.map((o, i) =>
              o.menuForm === 2 && o.skipList.length
                ? { key: `m${i}`, label: o.optionName, children: skipItems(o, permitted) }
                : { key: `m${i}`, label: o.optionName, onClick: () => optionClick(o, permitted) },
            ),
          }}
        >
          <button type="button" className="zx-ph-tab" data-testid="bureau-more">
            更多
          </button>
        </Dropdown>
      )}
    </>
  )
}

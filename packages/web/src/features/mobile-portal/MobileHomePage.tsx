import { ALARM_LEVEL_LABEL, AppMsg, type FamilyBlock, type MobileHome } from '@zhixiao/shared'
import { useQuery } from '@tanstack/react-query'
import { useDeferredValue } from 'react'
import { Alert, Select, Skeleton } from 'antd'
import type { PageProps } from '../../navigation/page-props'
import { SnapCarousel } from '../cms/blocks/SnapCarousel'
import { AppGrid } from './AppGrid'
import { mobileApi, MobileKeys, useMobileHome } from './api'
import { useChildPick } from './MobileLayout'

const ALERT_TYPE = { info: 'info', warning: 'warning', error: 'error' } as const

function AppGroups({ appType }: { appType: number }) {
  const groups = useQuery({
    queryKey: [MobileKeys.groups, 'mobile', appType],
    queryFn: () => mobileApi.groups(appType),
  })
  if (groups.isPending) return <Skeleton active />
  const shown = (groups.data ?? []).filter((g) => g.appList.length)
  if (!shown.length)
    return (
      <section className="zx-m-section" data-testid="mobile-no-apps">
        <h2>应用</h2>
        <span style={{ color: '#666', fontSize: 13 }}>{AppMsg.EMPTY_LAUNCHER}</span>
      </section>
    )
  return (
    <>
      {shown.map((g) => (
        <section key={g.id} className="zx-m-section" data-group={g.name}>
          <h2>{g.name}</h2>
          <AppGrid apps={g.appList} />
        </section>
      ))}
    </>
  )
}

function Block({ home, block }: { home: MobileHome; block: FamilyBlock }) {
  const { pick } = useChildPick()
  switch (block) {
    case 'alarm':
      return home.alarm ? (
        <Alert
          banner
          showIcon
          type={ALERT_TYPE[home.alarm.level]}
          data-testid="mobile-alarm"
          style={{ marginBottom: 12, borderRadius: 8 }}
          title={
            <span>
              【{ALARM_LEVEL_LABEL[home.alarm.level]}】{home.alarm.text}
            </span>
          }
        />
      ) : null
    case 'banner':
      return home.banners.length ? (
        <div style={{ marginBottom: 12 }} data-testid="mobile-banners">
          <SnapCarousel
            label="横幅"
            speed={3000}
            slides={home.banners.map((b, i) => ({
              key: b.id,
              render: (active) => (
                <a
                  href={b.link ?? undefined}
                  target={b.link?.startsWith('http') ? '_blank' : undefined}
                  rel="noreferrer"
                  tabIndex={active ? undefined : -1}
                  data-banner={b.title}
                >
                  <img
                    className="zx-m-banner"
                    src={b.imageUrl}
                    alt={b.title}
                    fetchPriority={i === 0 ? 'high' : 'low'}
                    loading={i === 0 ? 'eager' : 'lazy'}
                  />
                </a>
              ),
            }))}
          />
        </div>
      ) : null
    case 'child':
      return home.children.length ? (
        <section className="zx-m-section" data-testid="mobile-child">
          <h2>我的孩子</h2>
          <Select
            style={{ width: '100%' }}
            value={home.currentChild?.id}
            onChange={pick}
            aria-label="切换孩子"
            options={home.children.map((c) => ({
              value: c.id,
              label: `${c.trueName}${c.className ? `（${c.className}）` : ''}`,
            }))}
          />
        </section>
      ) : (
        <section className="zx-m-section" data-testid="mobile-child">
          尚未绑定孩子
        </section>
      )
    case 'quick':
      return home.quick.length ? (
        <>
          {home.quick.map((g) => (
            <section key={g.id} className="zx-m-section" data-quick={g.name}>
              <h2>{g.name}</h2>
              <AppGrid apps={g.appList} />
            </section>
          ))}
        </>
      ) : null
    case 'apps':
      return <AppGroups appType={home.appType} />
  }
}

/** The mobile home: the blocks the user's terminal shows, in the configured order. */
export default function MobileHomePage({ path }: PageProps) {
  const { childId } = useChildPick()
  // The blocks render as a deferred update that yields every few ms, not in the one task of the query's answer
  // (Lighthouse's blocking time on a phone, issue 28).
  const home = useDeferredValue(useMobileHome(childId).data)
  if (!home) return null
  return (
    <div data-page={path}>
      <div style={{ margin: '4px 4px 12px', color: '#555' }}>您好，{home.trueName}</div>
      {home.blocks.map((b) => (
        <Block key={b} home={home} block={b} />
      ))}
    </div>
  )
}

import { type SidebarItem, type Website } from '@zhixiao/shared'
import { Popover } from 'antd'
import type { ReactNode } from 'react'
import { useNavigate } from 'react-router'
import { useCurrentUser } from '../../api/queries'
import { MENU_TARGET } from '../account/menu-actions'
import { useFeedbackEntry } from '../complaints/api'
import { usePortalWebsites, useSidebar } from './api'
import './pc-portal.css'

const GLYPH: Record<SidebarItem['kind'], string> = { feedback: '✎', top: '↑', websites: '☆', link: '' }

export function WebsiteList({ sites }: { sites: Website[] }) {
  return (
    <ul className="zx-pc-sites" data-testid="website-list">
      {sites.map((s) => (
        <li key={s.id}>
          <a href={s.url} target="_blank" rel="noopener noreferrer" data-testid="website-link">
            {s.iconUrl ? (
              <img src={s.iconUrl} alt="" width={16} height={16} />
            ) : (
              <span aria-hidden className="zx-pc-site-dot">
                {[...s.name][0]}
              </span>
            )}
            {s.name}
          </a>
        </li>
      ))}
    </ul>
  )
}

function Icon({ item }: { item: SidebarItem }) {
  if (item.icon) return <img src={item.icon} alt="" width={20} height={20} />
  return (
    <span aria-hidden className="zx-pc-side-glyph">
      {GLYPH[item.kind] || [...item.title][0]}
    </span>
  )
}

/**
 * The floating sidebar of the PC portal homes (Sidebar config, docs/pc-portal.md): its enabled entries in order.
 * 意见反馈 shows only when the complaint entry is open to the user; 推荐网站 only when there are websites.
 */
export function PortalSidebar() {
  const user = useCurrentUser().data
  const cfg = useSidebar().data
  const feedback = useFeedbackEntry(user?.userType ?? null)
  const wantsSites = !!cfg?.enabled && cfg.items.some((i) => i.enabled && i.kind === 'websites')
  const sites = usePortalWebsites(wantsSites).data ?? []
  const navigate = useNavigate()
  if (!cfg?.enabled) return null
  const items = cfg.items.filter(
    (i) => i.enabled && (i.kind !== 'feedback' || feedback) && (i.kind !== 'websites' || sites.length > 0),
  )
  if (!items.length) return null
  const entry = (item: SidebarItem, i: number): ReactNode => {
    const body = (
      <>
        <Icon item={item} />
        <span className="zx-pc-side-title">{item.title}</span>
      </>
    )
    const common = {
      className: 'zx-pc-side-item',
      'data-testid': 'sidebar-item',
      'data-kind': item.kind,
      title: item.title,
    }
    switch (item.kind) {
      case 'top':
        return (
          <button key={i} type="button" {...common} onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })}>
            {body}
          </button>
        )
      case 'feedback':
        return (
          <button key={i} type="button" {...common} onClick={() => void navigate(MENU_TARGET.complaint)}>
            {body}
          </button>
        )
      case 'websites':
        return (
          <Popover
            key={i}
            placement="left"
            title="推荐网站"
            trigger={['hover', 'click']}
            content={<WebsiteList sites={sites} />}
          >
            <button type="button" {...common}>
              {body}
            </button>
          </Popover>
        )
      case 'link':
        return item.openWay === 2 ? (
          <a key={i} href={item.url} target="_blank" rel="noopener noreferrer" {...common}>
            {body}
          </a>
        ) : item.url.startsWith('/') ? (
          <button key={i} type="button" {...common} onClick={() => void navigate(item.url)}>
            {body}
          </button>
        ) : (
          <a key={i} href={item.url} {...common}>
            {body}
          </a>
        )
    }
  }
  return (
    <nav className="zx-pc-sidebar" aria-label="侧边栏" data-testid="portal-sidebar">
      {items.map(entry)}
    </nav>
  )
}

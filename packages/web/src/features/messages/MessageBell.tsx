import { isCompactWidth, MESSAGE_CENTRE_PATH, MOBILE_MESSAGE_CENTRE_PATH } from '@zhixiao/shared'
import { Badge } from 'antd'
import { Link } from 'react-router'
import { getToken } from '../../stores/token'
import { useWindowWidth } from '../portal-header/use-window-width'
import { useUnreadCount } from './api'

/** A bell outline in the header tools' line style. */
const BellIcon = ({ size = 18 }: { size?: number }) => (
  <svg
    width={size}
    height={size}
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    strokeWidth={1.8}
    strokeLinecap="round"
    strokeLinejoin="round"
    aria-hidden="true"
  >
    <path d="M18 8a6 6 0 1 0-12 0c0 7-3 9-3 9h18s-3-2-3-9M13.7 21a2 2 0 0 1-3.4 0" />
  </svg>
)

/**
 * The message bell of every header: the unread count on a bell that links to the message centre (the phone list
 * below the compact width, or when `to` says so). Nothing for visitors: messages belong to an account.
 */
export function MessageBell({ to, color }: { to?: string; color?: string } = {}) {
  const count = useUnreadCount().data ?? 0
  const compact = isCompactWidth(useWindowWidth())
  if (!getToken()) return null
  const target = to ?? (compact ? MOBILE_MESSAGE_CENTRE_PATH : MESSAGE_CENTRE_PATH)
  return (
    <Link
      to={target}
      title={count > 0 ? `消息（${count}条未读）` : '消息'}
      aria-label="消息"
      data-testid="message-bell"
      data-unread={count}
      style={{ display: 'inline-flex', alignItems: 'center', color: color ?? 'inherit' }}
    >
      <Badge count={count} size="small" overflowCount={99} offset={[2, -2]} data-testid="message-bell-count">
        <span style={{ color: color ?? 'inherit', display: 'inline-flex' }}>
          <BellIcon />
        </span>
      </Badge>
    </Link>
  )
}

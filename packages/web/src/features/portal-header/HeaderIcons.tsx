import { adminIconMode } from '@zhixiao/shared'
import { Link, useLocation } from 'react-router'
import { HomeIcon, SettingIcon } from '../../components/icons'

/** Admin icon (001 §4): the gear on the portal home or app centre, the home icon elsewhere. */
export function AdminToggle({ adminTo, homeTo }: { adminTo: string | null; homeTo: string }) {
  const { pathname } = useLocation()
  if (!adminTo) return null
  return adminIconMode(pathname) === 'settings' ? (
    <Link to={adminTo} title="管理后台" data-testid="admin-gear">
      <SettingIcon size={18} />
    </Link>
  ) : (
    <Link to={homeTo} title="首页" data-testid="admin-home">
      <HomeIcon size={18} />
    </Link>
  )
}

/** Small line icons of the header tools. */
const Svg = ({ d, title }: { d: string; title: string }) => (
  <svg
    width={18}
    height={18}
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    strokeWidth={1.8}
    strokeLinecap="round"
    strokeLinejoin="round"
    role="img"
    aria-label={title}
  >
    <path d={d} />
  </svg>
)
export const PhoneIcon = () => (
  <Svg title="移动端入口" d="M7 2h10a1 1 0 0 1 1 1v18a1 1 0 0 1-1 1H7a1 1 0 0 1-1-1V3a1 1 0 0 1 1-1zM11 18h2" />
)
export const FeedbackIcon = () => (
  <Svg title="投诉建议" d="M21 15a2 2 0 0 1-2 2H7l-4 4V5a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2zM8 9h8M8 13h5" />
)
export const PlatformIcon = () => (
  <Svg title="局校一体平台" d="M3 21h18M4 10h16M12 3l8 5H4l8-5zM6 10v9M18 10v9M10 14h4" />
)
export const PortalAdminIcon = () => <Svg title="门户管理" d="M3 4h18v12H3zM8 20h8M12 16v4M7 8h6M7 12h10" />
export const AppCenterIcon = () => <Svg title="应用中心" d="M4 4h6v6H4zM14 4h6v6h-6zM4 14h6v6H4zM14 14h6v6h-6z" />

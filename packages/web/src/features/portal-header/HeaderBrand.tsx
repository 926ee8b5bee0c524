import { isLongTitle, logoIconName } from '@zhixiao/shared'
import type { ComponentType } from 'react'
import { Link } from 'react-router'
import { BureauIcon, HomeIcon, SchoolIcon, type IconProps } from '../../components/icons'
import { imageUrl } from './image-url'

/** The icon names an icon- logo may use (the app ships no icon font: these are its own line icons). */
const LOGO_ICONS: Record<string, ComponentType<IconProps>> = {
  school: SchoolIcon,
  xuexiao: SchoolIcon,
  bureau: BureauIcon,
  jiaoyuju: BureauIcon,
  home: HomeIcon,
  shouye: HomeIcon,
}

/**
 * An icon- logo (001 §3): the named built-in icon, or — for a name the app has no icon for — the system name's
 * first character in a badge, so an icon logo always shows something.
 */
function IconLogo({ name, sysName }: { name: string; sysName: string }) {
  const Icon = LOGO_ICONS[name]
  return (
    <span className="zx-ph-logo-icon" data-testid="logo-icon" data-icon={name} aria-hidden>
      {Icon ? <Icon size={20} /> : sysName.slice(0, 1)}
    </span>
  )
}

/** Logo plus system name (styleSelect 0) or the wide image; a name over 8 characters expands on hover. */
export function HeaderBrand({
  to,
  sysName,
  logoUrl,
  showLogo,
  wideImgUrl,
  styleSelect,
}: {
  to: string
  sysName: string
  logoUrl?: string
  showLogo?: boolean
  wideImgUrl?: string
  styleSelect?: number
}) {
  if (styleSelect && wideImgUrl) {
    return (
      <Link to={to} className="zx-ph-brand" data-testid="sys-name">
        <img src={imageUrl(wideImgUrl)} alt={sysName} style={{ height: 44 }} />
      </Link>
    )
  }
  const long = isLongTitle(sysName)
  const icon = logoIconName(logoUrl)
  return (
    <Link to={to} className="zx-ph-brand" title={long ? sysName : undefined}>
      {showLogo &&
        logoUrl &&
        (icon !== null ? (
          <IconLogo name={icon} sysName={sysName} />
        ) : (
          <img src={imageUrl(logoUrl)} alt="" style={{ height: 32 }} />
        ))}
      <span className="zx-ph-title" data-testid="sys-name" data-long-title={long ? 'true' : 'false'}>
        {sysName}
      </span>
    </Link>
  )
}

import { isLongTitle } from '@zhixiao/shared'
import { Link } from 'react-router'
import { imageUrl } from './image-url'

/** Logo plus system name (styleSelect 0) or the wide image; a name over 8 characters expands on hover. */
export function HeaderBrand({ to, sysName, logoUrl, showLogo, wideImgUrl, styleSelect }: {
  to: string; sysName: string; logoUrl?: string; showLogo?: boolean; wideImgUrl?: string; styleSelect?: number
}) {
  if (styleSelect && wideImgUrl) {
    return <Link to={to} className="zx-ph-brand" data-testid="sys-name"><img src={imageUrl(wideImgUrl)} alt={sysName} style={{ height: 44 }} /></Link>
  }
  const long = isLongTitle(sysName)
  return (
    <Link to={to} className="zx-ph-brand" title={long ? sysName : undefined}>
      {showLogo && logoUrl && !logoUrl.startsWith('icon-') && <img src={imageUrl(logoUrl)} alt="" style={{ height: 32 }} />}
      <span className="zx-ph-title" data-testid="sys-name" data-long-title={long ? 'true' : 'false'}>{sysName}</span>
    </Link>
  )
}

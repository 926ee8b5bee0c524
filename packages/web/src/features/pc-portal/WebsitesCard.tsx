import { Card } from 'antd'
import { usePortalWebsites } from './api'
import { WebsiteList } from './PortalSidebar'

/** 推荐网站 on the PC portal homes: the websites of the org and the orgs above it; nothing when there are none. */
export function WebsitesCard() {
  const sites = usePortalWebsites().data ?? []
  if (!sites.length) return null
  return (
    <Card size="small" title="推荐网站" style={{ marginTop: 16 }} data-testid="websites-card">
      <WebsiteList sites={sites} />
    </Card>
  )
}

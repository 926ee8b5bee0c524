import { PcPortalPerm } from '@zhixiao/shared'
import { Alert } from 'antd'
import { PageFrame } from '../../components/crud'
import type { PageProps } from '../../navigation/page-props'
import { AppGroupsPanel } from '../apps/AppGroupsPanel'

/**
 * /menhu-port/app-manager (sc_menhu_pc): the org's PC app groups — the same panel as 应用管理's 应用分组 tab and the
 * same /base/mobileAppGroup calls; the writes keep 应用管理's code (dimmed without it).
 */
export default function AppManagerPage({ path, title }: PageProps) {
  return (
    <PageFrame path={path} title={title}>
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 12 }}
        title="PC 门户顶部导航按这里的分组展示应用。维护分组需要“应用管理”权限。"
      />
      <AppGroupsPanel writeCode={PcPortalPerm.APP_GROUP} />
    </PageFrame>
  )
}

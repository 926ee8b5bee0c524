import type { NewsRow } from '@zhixiao/shared'
import { Alert, Card, Flex, Skeleton, Typography } from 'antd'
import { useDeferredValue } from 'react'
import { useNavigate } from 'react-router'
import { useCurrentUser } from '../../../api/queries'
import type { PageProps } from '../../../navigation/page-props'
import { useSession } from '../../../stores/session'
import { useLayout } from '../api'
import { BlockRenderer } from '../blocks/BlockRenderer'
import { MobilePortalOffer, useStudentPcHome } from '../../mobile-portal/PcHomeExtras'
import { ClassHome } from '../../red-dots/ClassHome'
import { PortalSidebar } from '../../pc-portal/PortalSidebar'
import { WebsitesCard } from '../../pc-portal/WebsitesCard'
import { newsDetailPath } from '../news/detail-link'
import { homeKindFor, homeOrgIdFor } from './home-kind'

/** The signed-in portal homes: a greeting, then the blocks the org (or the org above it) configured, else the defaults. */
export default function HomePage({ path, title }: PageProps) {
  const stored = useSession((s) => s.userInfo)
  const user = useCurrentUser().data ?? stored
  const navigate = useNavigate()
  const schoolPortal = path === '/schoolPortal/home/index'
  const kind = homeKindFor(path, user?.currentOrgData?.unitAttr)
  const orgId = homeOrgIdFor(path)
  const query = useLayout(kind, orgId, !!user)
  // The blocks render as a deferred update (React yields every few ms) rather than in the one task of the query's
  // answer: Lighthouse's blocking time on a phone (issue 28). Until then the skeleton stays.
  const data = useDeferredValue(query.data)
  const layout = { data, isLoading: query.isLoading || (!!query.data && !data), error: query.error }
  // A student's personal home follows MHSysConfigForStudentPC (docs/mobile-portal.md "Mobile portal").
  const student = useStudentPcHome(data, kind, user?.userType)
  const open = (n: NewsRow) =>
    void navigate(
      newsDetailPath(schoolPortal, { id: n.id, title: n.noticeTypeName, type: n.noticeType, source: 'home' }),
    )
  return (
    <div data-page={path} data-home-kind={kind}>
      {!schoolPortal && <MobilePortalOffer userType={user?.userType} />}
      <Card
        size="small"
        style={{ marginBottom: 16, background: 'linear-gradient(120deg,#eef4ff,#ffffff)' }}
        data-testid="welcome-card"
      >
        <Flex justify="space-between" align="center" wrap gap={8}>
          <div>
            <Typography.Title level={1} style={{ fontSize: 20, margin: 0 }}>
              {title === 'Home' ? '首页' : title}
            </Typography.Title>
            <Typography.Text>欢迎您，{user?.trueName}</Typography.Text>
            {student.notice && (
              <Typography.Paragraph type="secondary" style={{ margin: 0 }} data-testid="student-pc-notice">
                {student.notice}
              </Typography.Paragraph>
            )}
          </div>
          <Typography.Text type="secondary" data-testid="welcome-org">
            {layout.data?.orgName ?? user?.orgName}
          </Typography.Text>
        </Flex>
      </Card>
      {kind === 'class' ? (
        // The class home: ClassHomeConfig orders its blocks; the portal blocks are its 班级通知与新闻 (features/red-dots).
        <ClassHome
          notices={
            layout.isLoading ? (
              <Skeleton active />
            ) : layout.error ? (
              <Alert type="error" title="门户加载失败" showIcon />
            ) : (
              student.layout && <BlockRenderer layout={student.layout} newsOrgId={orgId} onOpenNews={open} />
            )
          }
        />
      ) : layout.isLoading ? (
        <Skeleton active />
      ) : layout.error ? (
        <Alert type="error" title="门户加载失败" showIcon />
      ) : (
        layout.data && <BlockRenderer layout={layout.data} newsOrgId={orgId} onOpenNews={open} />
      )}
      {/* The PC portal's recommended websites and floating sidebar (docs/portal-config.md), for signed-in members. */}
      {user && <WebsitesCard />}
      {user && <PortalSidebar />}
    </div>
  )
}

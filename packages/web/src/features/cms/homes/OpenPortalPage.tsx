import { OuterMsg, type NewsRow } from '@zhixiao/shared'
import { Alert, Button, Empty, Flex, Layout, Modal, Skeleton, Typography } from 'antd'
import { useEffect, useState } from 'react'
import { useNavigate, useSearchParams } from 'react-router'
import type { PageProps } from '../../../navigation/page-props'
import { useSession } from '../../../stores/session'
import { getToken } from '../../../stores/token'
import { useLayout } from '../api'
import { useOuterMayOpen } from '../../red-dots/api'
import { BlockRenderer } from '../blocks/BlockRenderer'
import { NewsDetailView } from '../news/NewsDetailView'

/**
 * /openPortal: the public portal of one org (?orgId=, else the one the session remembers, else the member's own). Visitors see its public
 * news and blocks and a 登录 button to /redirect/login; news opens in a dialog.
 */
export default function OpenPortalPage({ path, title }: PageProps) {
  const [params] = useSearchParams()
  const navigate = useNavigate()
  const remembered = useSession((s) => s.openPortalOrgId)
  // From the user menu (公共门户) a member opens their own org's public portal.
  const ownOrg = useSession((s) => (getToken() ? s.userInfo?.orgId : null))
  const orgId = Number(params.get('orgId')) || remembered || ownOrg || null
  // The org's outer-portal limits decide who may open it (the server refuses the layout the same way).
  const may = useOuterMayOpen(orgId)
  const allowed = may.data?.allowed === true
  const layout = useLayout('open', orgId, orgId !== null && allowed)
  const [reading, setReading] = useState<NewsRow | null>(null)
  const signedIn = !!getToken()
  // A visitor's public portal is remembered (openPortalOrgId, 000 §3): their next signed-out visit of / opens it
  // again while the org keeps it enabled (router/guards.ts rootLoader).
  const asked = Number(params.get('orgId')) || null
  useEffect(() => {
    if (!signedIn && allowed && asked !== null) useSession.setState({ openPortalOrgId: asked })
  }, [signedIn, allowed, asked])
  return (
    <Layout style={{ minHeight: '100vh', background: '#f5f7fb' }} data-page={path}>
      <Layout.Header style={{ background: '#fff', borderBottom: '1px solid #eef0f4', paddingInline: 24 }}>
        <Flex justify="space-between" align="center" style={{ height: '100%', maxWidth: 1200, margin: '0 auto' }}>
          <Typography.Title level={1} style={{ fontSize: 20, margin: 0 }}>
            {layout.data?.orgName ? `${layout.data.orgName} · ${title}` : title}
          </Typography.Title>
          {signedIn ? (
            <Button onClick={() => void navigate('/')}>进入门户</Button>
          ) : (
            <Button type="primary" onClick={() => void navigate('/redirect/login')}>
              登录
            </Button>
          )}
        </Flex>
      </Layout.Header>
      <Layout.Content style={{ padding: 24, maxWidth: 1248, width: '100%', margin: '0 auto' }}>
        {orgId === null ? (
          <Empty description="请指定机构" />
        ) : may.isLoading ? (
          <Skeleton active />
        ) : may.error ? (
          <Alert type="error" title="公共门户加载失败" showIcon />
        ) : !allowed ? (
          <Empty
            data-testid="open-portal-denied"
            description={signedIn ? OuterMsg.DENIED : '该公共门户仅对指定人员开放，请登录后访问'}
          >
            {!signedIn && (
              <Button type="primary" onClick={() => void navigate('/redirect/login')}>
                登录
              </Button>
            )}
          </Empty>
        ) : layout.isLoading ? (
          <Skeleton active />
        ) : layout.error ? (
          <Alert type="error" title="公共门户加载失败" showIcon />
        ) : (
          layout.data && <BlockRenderer layout={layout.data} newsOrgId={orgId} visitor onOpenNews={setReading} />
        )}
      </Layout.Content>
      <Modal open={!!reading} onCancel={() => setReading(null)} footer={null} width={880} destroyOnHidden title={null}>
        {reading && <NewsDetailView id={reading.id} orgId={orgId} visitor />}
      </Modal>
    </Layout>
  )
}

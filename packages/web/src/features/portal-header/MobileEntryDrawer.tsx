import { MOBILE_DRAWER_WIDTH, MOBILE_QR_SIZE, PortalMsg } from '@zhixiao/shared'
import { useQuery } from '@tanstack/react-query'
import { Drawer, Empty, QRCode, Spin, Typography } from 'antd'
import { portalApi, PortalKeys } from './api'

/** Entries are loaded when the drawer opens (001 §4), only those with hasShow. */
function Entries() {
  const q = useQuery({
    queryKey: [PortalKeys.mobile],
    queryFn: () => portalApi.mobileEntries().catch(() => []),
    staleTime: 0,
  })
  if (q.isPending) return <Spin style={{ display: 'block', margin: '48px auto' }} />
  const list = (q.data ?? []).filter((e) => e.hasShow)
  if (!list.length) return <Empty description={PortalMsg.EMPTY} />
  return (
    <div style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(260px, 1fr))', gap: 24 }}>
      {list.map((e) => (
        <div
          key={e.id}
          data-testid="mobile-entry"
          style={{ textAlign: 'center', border: '1px solid #f0f0f0', borderRadius: 8, padding: 16 }}
        >
          <Typography.Title level={5} style={{ marginTop: 0 }}>
            {e.mobileName}
          </Typography.Title>
          {e.mobileExplain && <div style={{ color: '#6b7280', marginBottom: 8 }}>{e.mobileExplain}</div>}
          <div style={{ display: 'flex', justifyContent: 'center' }}>
            {/* type 0: an uploaded QR image; otherwise a QR generated from the text. */}
            {e.type === 0 ? (
              <img src={e.decodePath} alt={e.mobileName} width={MOBILE_QR_SIZE} height={MOBILE_QR_SIZE} />
            ) : (
              <QRCode value={e.decodePath} size={MOBILE_QR_SIZE} role="img" aria-label={`${e.mobileName}二维码`} />
            )}
          </div>
          {e.codeTips && <div style={{ marginTop: 8, color: '#6b7280' }}>{e.codeTips}</div>}
        </div>
      ))}
    </div>
  )
}

/** 移动端入口 (001 §2.6): a 640-wide drawer of QR codes. */
export function MobileEntryDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={PortalMsg.MOBILE_DRAWER_TITLE}
      size={MOBILE_DRAWER_WIDTH}
      destroyOnHidden
    >
      {open && <Entries />}
    </Drawer>
  )
}

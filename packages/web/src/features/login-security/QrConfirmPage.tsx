import { Msg, QrMsg, type QrScanInfo } from '@zhixiao/shared'
import { Button, Card, Descriptions, Result, Space, Spin } from 'antd'
import { useEffect, useState } from 'react'
import { useSearchParams } from 'react-router'
import { ApiError } from '../../api/client'
import { formatTime } from '../../components/crud/dates'
import type { PageProps } from '../../navigation/page-props'
import { loginSecurityApi } from './api'

/** A short description of the asking browser from its user agent, for people to read. */
function describeAgent(ua: string | null): string {
  if (!ua) return '未知设备'
  const browser = /Edg\//.test(ua)
    ? 'Edge'
    : /Chrome\//.test(ua)
      ? 'Chrome'
      : /Firefox\//.test(ua)
        ? 'Firefox'
        : /Safari\//.test(ua)
          ? 'Safari'
          : '浏览器'
  const os = /Windows/.test(ua)
    ? 'Windows'
    : /Mac OS X/.test(ua)
      ? 'macOS'
      : /Android/.test(ua)
        ? 'Android'
        : /iPhone|iPad/.test(ua)
          ? 'iOS'
          : /Linux/.test(ua)
            ? 'Linux'
            : ''
  return os ? `${os} 上的 ${browser}` : browser
}

/**
 * /mobile/qrLogin?id=…: what a signed-in phone opens from the login page's QR code (000 §7.5). Scanning marks the id
 * scanned and shows who asks (device, address, time, unit) and who will be signed in; 确认登录 or 取消.
 * Signed out, the route guard sends the phone to the login page and back here.
 */
export default function QrConfirmPage({ path, title }: PageProps) {
  const [params] = useSearchParams()
  const qrId = params.get('id') ?? ''
  const [info, setInfo] = useState<QrScanInfo | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  const act = async (action: 'scan' | 'confirm' | 'cancel') => {
    setBusy(true)
    try {
      setInfo((await loginSecurityApi.qrAct({ qrId, action })).data)
      setError(null)
    } catch (e) {
      setError(e instanceof ApiError ? e.message : Msg.NETWORK_ERROR)
    } finally {
      setBusy(false)
    }
  }
  useEffect(() => {
    if (qrId) void act('scan')
    else setError(QrMsg.INVALID)
  }, [qrId])

  let body
  if (error) body = <Result status="warning" title={error} />
  else if (!info)
    body = (
      <div style={{ textAlign: 'center', padding: 48 }}>
        <Spin />
      </div>
    )
  else if (info.state === 'confirmed')
    body = <Result status="success" title={QrMsg.CONFIRMED} subTitle="电脑端将自动登录，可关闭本页面。" />
  else if (info.state === 'cancelled') body = <Result status="info" title={QrMsg.CANCELLED} />
  else {
    body = (
      <Space orientation="vertical" style={{ width: '100%' }} size={16}>
        <div style={{ fontSize: 16, fontWeight: 600, textAlign: 'center' }}>
          确认在电脑上登录{info.tenantName ? ` ${info.tenantName}` : ''}？
        </div>
        <Descriptions
          column={1}
          size="small"
          bordered
          data-testid="qr-confirm-info"
          items={[
            { key: 'who', label: '登录账号', children: `${info.trueName}（${info.userName}）` },
            { key: 'org', label: '登录机构', children: info.currentOrgName },
            { key: 'device', label: '请求设备', children: describeAgent(info.requestAgent) },
            { key: 'ip', label: '请求地址', children: info.requestIp ?? '—' },
            { key: 'time', label: '请求时间', children: formatTime(info.requestedAt) },
          ]}
        />
        <div style={{ color: '#666', fontSize: 13 }}>如果不是您本人在电脑上操作，请点击取消。</div>
        <Button type="primary" block size="large" loading={busy} onClick={() => void act('confirm')}>
          确认登录
        </Button>
        <Button block size="large" disabled={busy} onClick={() => void act('cancel')}>
          取消
        </Button>
      </Space>
    )
  }
  return (
    <div data-page={path} style={{ maxWidth: 480, margin: '0 auto', padding: 16 }}>
      <Card title={title}>{body}</Card>
    </div>
  )
}

import { Msg, QR_LOGIN, type QrCodeInfo, type QrState } from '@zhixiao/shared'
import { Button, QRCode, Typography } from 'antd'
import { useEffect, useRef, useState } from 'react'
import { ApiError } from '../../api/client'
import { loginSecurityApi } from './api'

interface Props {
  orgId?: number
  /** The confirmed answer's session token: the login page finishes the sign-in like a password login. */
  onToken: (token: string) => void | Promise<void>
}

const STATE_TEXT: Record<QrState, string> = {
  waiting: '请使用已登录的手机扫描二维码',
  scanned: '已扫码，请在手机上确认登录',
  confirmed: '已确认，正在登录…',
  expired: '二维码已过期，正在刷新…',
  cancelled: '已在手机上取消登录',
}

/** The address the QR code holds: this site's own mobile confirm page with the single-use id. */
export function confirmUrl(info: QrCodeInfo): string {
  return `${window.location.origin}${window.location.pathname}${info.confirmPath}`
}

/**
 * 扫码登录 (000 §7.5): a QR code of a single-use id (2 minutes); polled every 2 s; an expired id is replaced by a new
 * one without a click. Loaded only when the user switches to it, so the login page itself stays light (issue 12).
 */
export default function QrLoginPanel({ orgId, onToken }: Props) {
  const [info, setInfo] = useState<QrCodeInfo | null>(null)
  const [state, setState] = useState<QrState>('waiting')
  const [error, setError] = useState<string | null>(null)
  const [generation, setGeneration] = useState(0)
  const done = useRef(false)

  useEffect(() => {
    let live = true
    setInfo(null)
    setState('waiting')
    setError(null)
    loginSecurityApi.qrCode(orgId).then(
      (i) => {
        if (live) setInfo(i)
      },
      (e: unknown) => {
        if (live) setError(e instanceof ApiError ? e.message : Msg.NETWORK_ERROR)
      },
    )
    return () => {
      live = false
    }
  }, [orgId, generation])

  useEffect(() => {
    if (!info) return
    let live = true
    const tick = async () => {
      if (!live || done.current) return
      try {
        const r = await loginSecurityApi.qrPoll(info.qrId)
        if (!live) return
        setState(r.state)
        if (r.state === 'confirmed' && r.userToken) {
          done.current = true
          await onToken(r.userToken)
          return
        }
        // A new id as soon as this one runs out: the page never shows a dead code for long.
        if (r.state === 'expired') {
          setGeneration((g) => g + 1)
          return
        }
        if (r.state === 'cancelled') return
      } catch (e) {
        if (live) setError(e instanceof ApiError ? e.message : Msg.NETWORK_ERROR)
      }
      if (live) timer = setTimeout(() => void tick(), QR_LOGIN.pollMs)
    }
    let timer = setTimeout(() => void tick(), QR_LOGIN.pollMs)
    return () => {
      live = false
      clearTimeout(timer)
    }
  }, [info])

  return (
    <div
      className="zx-qr-panel"
      data-testid="qr-login"
      data-qr-state={state}
      style={{ textAlign: 'center', padding: '8px 0' }}
    >
      <div style={{ display: 'inline-block', position: 'relative' }}>
        <QRCode
          value={info ? confirmUrl(info) : '-'}
          status={info ? (state === 'cancelled' ? 'expired' : 'active') : 'loading'}
          size={180}
          onRefresh={() => setGeneration((g) => g + 1)}
          role="img"
          aria-label="扫码登录二维码"
        />
      </div>
      {info && <input type="hidden" data-testid="qr-url" value={confirmUrl(info)} readOnly />}
      <Typography.Paragraph style={{ marginTop: 12 }} data-testid="qr-state">
        {error ?? STATE_TEXT[state]}
      </Typography.Paragraph>
      {(state === 'cancelled' || error) && <Button onClick={() => setGeneration((g) => g + 1)}>刷新二维码</Button>}
      {info?.dingtalkUrl && (
        <Typography.Paragraph>
          <a href={info.dingtalkUrl}>使用钉钉扫码登录</a>
        </Typography.Paragraph>
      )}
    </div>
  )
}

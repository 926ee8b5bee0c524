import { Alert, Button, Card, Spin } from 'antd'
import { useEffect, useRef, useState } from 'react'
import { useNavigate, useSearchParams } from 'react-router'
import { THIRD_TYPES, type ThirdType } from '@zhixiao/shared'
import { useLoginRunner } from '../auth/useLoginRunner'
import { ssoApi } from './api'
import { CodeLoginOrgs } from './CodeLoginOrgs'
import { thirdStep, type ThirdStep } from './third-outcome'
import '../auth/login.css'

export const BIND_PATH = '/bindUser/index'

const isThirdType = (v: string | null): v is ThirdType => !!v && (THIRD_TYPES as readonly string[]).includes(v)

/**
 * /redirect/thirdLogin: where the provider's answer arrives (through GET third/callback). Posts loginByThirdSSO once
 * (the state is single use), then lands, asks for the organisation (code login), or opens the bind page on a first use.
 */
export default function ThirdLoginPage({ path }: { path: string }) {
  const [params] = useSearchParams()
  const navigate = useNavigate()
  const [step, setStep] = useState<ThirdStep | null>(null)
  const [error, setError] = useState<string | null>(params.get('error'))
  const sent = useRef(false)
  const login = useLoginRunner({ onCaptcha: (msg) => setError(msg) })

  const onStep = async (s: ThirdStep) => {
    if (s.kind === 'bind') {
      await navigate(BIND_PATH, { replace: true, state: s })
      return
    }
    if (s.kind === 'outcome') {
      // The redirect the sign-in started with (kept with the provider's state): a TOTP or SMS step goes on there.
      const o = await login.follow(s.outcome, s.redirect)
      if (o.kind === 'error' || o.kind === 'failed') setError(o.msg)
      return
    }
    // A forced reset belongs to the password login; a bound identity never meets it, but say so if it does.
    if (s.kind === 'reset') {
      setError('请使用账号密码登录并修改初始密码')
      return
    }
    setStep(s)
  }

  useEffect(() => {
    // Strict mode runs effects twice; the provider's code and our state are good for one call.
    if (sent.current || error) return
    sent.current = true
    const thirdType = params.get('thirdType')
    const token = params.get('code')
    const state = params.get('state')
    if (!isThirdType(thirdType) || !token || !state) {
      setError('非法请求')
      return
    }
    void thirdStep(() => ssoApi.loginByThirdSso({ thirdType, token, state, iss: params.get('iss') }), null).then(onStep)
  }, []) // once, for the answer this page was opened with

  return (
    <div className="zx-login-bg" data-page={path}>
      <Card className="zx-login-card" style={{ width: 520, maxWidth: '100%' }}>
        <h1 className="zx-login-title">第三方登录</h1>
        {error || login.error ? (
          <>
            <Alert type="error" showIcon title={error ?? login.error} role="alert" style={{ marginBottom: 16 }} />
            <Button type="primary" block onClick={() => void navigate('/redirect/login', { replace: true })}>
              <span>返回登录</span>
            </Button>
          </>
        ) : step?.kind === 'chooseOrg' ? (
          <CodeLoginOrgs orgs={step.orgs} reqId={step.reqId} redirect={step.redirect} onStep={(s) => void onStep(s)} />
        ) : (
          <div style={{ textAlign: 'center', padding: 24 }}>
            <Spin />
            <div className="zx-login-sub" style={{ marginTop: 12 }}>
              正在登录…
            </div>
          </div>
        )}
      </Card>
      {login.dialogs}
    </div>
  )
}

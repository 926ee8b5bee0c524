import { Msg, type LoginOrg } from '@zhixiao/shared'
import { Button } from 'antd'
import { useState } from 'react'
import { OrgList } from '../../components/OrgList'
import { ssoApi } from './api'
import { thirdStep, type ThirdStep } from './third-outcome'

/**
 * The organisation choice of a sign-in without a password to resend (third party): the chosen orgId goes with the
 * answer's reqId to the code login (coreAccountId, reqId, tenantId), whose answer the page follows.
 */
export function CodeLoginOrgs({
  orgs,
  reqId,
  redirect,
  onStep,
}: {
  orgs: LoginOrg[]
  reqId: string
  redirect: string | null
  onStep: (s: ThirdStep) => void
}) {
  const [chosen, setChosen] = useState<number | null>(null)
  const [hint, setHint] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const confirm = async () => {
    const org = orgs.find((o) => o.orgId === chosen)
    if (!org) {
      setHint(Msg.CHOOSE_ORG)
      return
    }
    setBusy(true)
    onStep(
      await thirdStep(
        () => ssoApi.loginByCode({ coreAccountId: org.coreAccountId, reqId, tenantId: org.tenantId, orgId: org.orgId }),
        redirect,
      ),
    )
    setBusy(false)
  }
  return (
    <>
      <div className="zx-login-sub">您的账号属于多个机构，请选择本次登录的机构</div>
      <OrgList
        orgs={orgs}
        value={chosen}
        onChange={(v) => {
          setChosen(v)
          setHint(null)
        }}
      />
      <div role="status" aria-live="polite" style={{ minHeight: 22, marginTop: 8, color: '#cf1322' }}>
        {hint}
      </div>
      <Button type="primary" block size="large" loading={busy} onClick={() => void confirm()}>
        <span>确定</span>
      </Button>
    </>
  )
}

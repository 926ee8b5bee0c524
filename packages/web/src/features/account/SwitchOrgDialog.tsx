import { Msg, ORG_ERROR_MS, SWITCH_RELOAD_MS, type CurrentUserDetail, type VerifyCheckResult } from '@zhixiao/shared'
import { Alert, Button, Modal, Spin } from 'antd'
import { useEffect, useRef, useState } from 'react'
import { authApi } from '../../api/auth'
import { ApiError } from '../../api/client'
import { useUserOrgs } from '../../api/queries'
import { setLoadedUser } from '../../auth/current-user'
import { OrgList } from '../../components/OrgList'
import { navigateTo } from '../../navigation/navigate'
import { useSession } from '../../stores/session'
import { setToken } from '../../stores/token'
import { VerifyInfoForm } from '../org-select/VerifyInfoForm'
import { clearSwitchLeftovers, homeAfterSwitch } from './menu-actions'

function OrgChoice({ value, onChange }: { value: number | null; onChange: (id: number) => void }) {
  const orgs = useUserOrgs()
  if (orgs.isPending) return <Spin style={{ display: 'block', margin: '24px auto' }} />
  return <OrgList orgs={orgs.data ?? []} value={value} onChange={onChange} />
}

/** Step 5 after the checks: the user of the new session, class leftovers gone, home, reload after 200 ms. */
async function enter(token: string, fresh: CurrentUserDetail): Promise<void> {
  useSession.getState().setLogin(token, fresh)
  await setLoadedUser(fresh)
  clearSwitchLeftovers()
  await navigateTo(homeAfterSwitch(fresh), { replace: true })
  setTimeout(() => window.location.reload(), SWITCH_RELOAD_MS)
}

/**
 * Organisation switch (001 §4): pick and confirm (none chosen → 请选择要切换的机构 for 1.5 s); the current org just
 * closes; otherwise changeOrg answers the new token. The server ends the old session at once, so the new token is
 * stored before the required-info check runs under it: a failing check shows the verify form (返回 back to the
 * list, 确定 saves and enters); a pass enters directly.
 */
export function SwitchOrgDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const user = useSession((s) => s.userInfo)
  const [chosen, setChosen] = useState<number | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const [verify, setVerify] = useState<{ check: VerifyCheckResult; token: string; fresh: CurrentUserDetail } | null>(
    null,
  )
  // Once the server switched, closing the dialog must still bring the page to the new session.
  const switched = useRef(false)
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined)

  // Reset while rendering the opening (not in an effect): an effect runs after the list is painted, so a quick
  // click on another org could land before it and be overwritten by the preselection.
  const [openedFor, setOpenedFor] = useState<{ open: boolean; orgId: number | undefined }>({ open: false, orgId: -1 })
  if (openedFor.open !== open || openedFor.orgId !== user?.orgId) {
    setOpenedFor({ open, orgId: user?.orgId })
    if (open) {
      setChosen(user?.orgId ?? null)
      setError(null)
      setVerify(null)
    }
  }
  useEffect(() => () => clearTimeout(timer.current), [])

  const flash = (text: string) => {
    setError(text)
    clearTimeout(timer.current)
    timer.current = setTimeout(() => setError(null), ORG_ERROR_MS)
  }

  const confirm = async () => {
    if (chosen === null) {
      flash(Msg.CHOOSE_ORG)
      return
    }
    if (!user || chosen === user.orgId) {
      onClose()
      return
    }
    setBusy(true)
    try {
      const token = await authApi.changeOrg(chosen, user.id)
      switched.current = true
      setToken(token)
      const fresh = await authApi.currentUser()
      const check = await authApi.verifyCheck().catch(() => null)
      if (check && !check.checkPass) {
        setVerify({ check, token, fresh })
        setBusy(false)
        return
      }
      await enter(token, fresh)
    } catch (e) {
      setError(e instanceof ApiError ? e.message : Msg.NETWORK_ERROR)
      setBusy(false)
    }
  }

  const close = () => {
    if (switched.current) {
      window.location.reload()
      return
    }
    onClose()
  }

  return (
    <Modal
      open={open}
      title={verify ? '请完善个人信息' : '切换机构'}
      onCancel={close}
      destroyOnHidden
      maskClosable={false}
      footer={
        verify
          ? null
          : [
              <Button key="cancel" onClick={close}>
                取消
              </Button>,
              <Button key="ok" type="primary" loading={busy} onClick={() => void confirm()}>
                确定
              </Button>,
            ]
      }
    >
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 12 }} role="alert" />}
      {open && !verify && <OrgChoice value={chosen} onChange={setChosen} />}
      {verify && (
        <div data-testid="switch-verify">
          <VerifyInfoForm
            check={verify.check}
            orgId={verify.fresh.orgId}
            submitText="确定"
            onDone={() => void enter(verify.token, verify.fresh)}
          />
          <Button block style={{ marginTop: 8 }} onClick={() => setVerify(null)}>
            返回
          </Button>
        </div>
      )}
    </Modal>
  )
}

import { Msg } from '@zhixiao/shared'
import { Alert, Modal, Spin } from 'antd'
import { useEffect, useRef, useState } from 'react'
import { authApi } from '../../api/auth'
import { ApiError } from '../../api/client'
import { useUserOrgs } from '../../api/queries'
import { setLoadedUser } from '../../auth/current-user'
import { homePathFor } from '../../auth/landing'
import { OrgList } from '../../components/OrgList'
import { navigateTo } from '../../router/navigation'
import { useSession } from '../../stores/session'
import { setToken } from '../../stores/token'

const HINT_MS = 1500
const RELOAD_AFTER_MS = 200

function OrgChoice({ value, onChange }: { value: number | null; onChange: (id: number) => void }) {
  const orgs = useUserOrgs()
  if (orgs.isPending) return <Spin style={{ display: 'block', margin: '24px auto' }} />
  return <OrgList orgs={orgs.data ?? []} value={value} onChange={onChange} />
}

/**
 * Organisation switch (001 §4): pick and confirm; the current org just closes; otherwise changeOrg answers the new
 * token, which is stored, the user reloaded, and the app goes to the landing page and reloads after 200 ms.
 */
export function SwitchOrgDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const user = useSession((s) => s.userInfo)
  const [chosen, setChosen] = useState<number | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined)

  useEffect(() => { if (open) { setChosen(user?.orgId ?? null); setError(null) } }, [open, user?.orgId])
  useEffect(() => () => clearTimeout(timer.current), [])

  const confirm = async () => {
    if (chosen === null) {
      setError(Msg.CHOOSE_ORG)
      clearTimeout(timer.current)
      timer.current = setTimeout(() => setError(null), HINT_MS)
      return
    }
    if (!user || chosen === user.orgId) { onClose(); return }
    setBusy(true)
    try {
      const token = await authApi.changeOrg(chosen, user.id)
      setToken(token)
      const fresh = await authApi.currentUser()
      useSession.getState().setLogin(token, fresh)
      setLoadedUser(fresh)
      await navigateTo(homePathFor(fresh), { replace: true })
      setTimeout(() => window.location.reload(), RELOAD_AFTER_MS)
    } catch (e) {
      setError(e instanceof ApiError ? e.message : Msg.NETWORK_ERROR)
      setBusy(false)
    }
  }

  return (
    <Modal open={open} title="切换机构" okText="确定" cancelText="取消" onOk={() => void confirm()} confirmLoading={busy}
      onCancel={onClose} destroyOnHidden>
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 12 }} role="alert" />}
      {open && <OrgChoice value={chosen} onChange={setChosen} />}
    </Modal>
  )
}

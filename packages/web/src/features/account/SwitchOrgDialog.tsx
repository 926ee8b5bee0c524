import { Msg, type LoginOrg } from '@zhixiao/shared'
import { Alert, Modal, Spin } from 'antd'
import { useEffect, useState } from 'react'
import { authApi } from '../api/auth'
import { ApiError } from '../api/client'
import { homePathFor } from '../auth/landing'
import { setToken } from '../auth/token'
import { useSession } from '../stores/session'
import { OrgList } from './OrgList'

/** Organisation switch (001 §4): pick, confirm, new token, reload user, go home and reload after 200 ms. */
export function SwitchOrgDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const user = useSession((s) => s.userInfo)
  const [orgs, setOrgs] = useState<LoginOrg[] | null>(null)
  const [chosen, setChosen] = useState<number | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  useEffect(() => {
    if (!open) return
    setChosen(user?.orgId ?? null)
    authApi.userOrgs().then(setOrgs).catch(() => setOrgs([]))
  }, [open, user?.orgId])

  const confirm = async () => {
    if (chosen === null) { setError(Msg.CHOOSE_ORG); setTimeout(() => setError(null), 1500); return }
    if (!user || chosen === user.orgId) { onClose(); return }
    setBusy(true)
    try {
      const token = await authApi.changeOrg(chosen, user.id)
      setToken(token)
      const fresh = await authApi.currentUser()
      useSession.getState().setLogin(token, fresh)
      window.location.hash = `#${homePathFor(fresh)}`
      setTimeout(() => window.location.reload(), 200)
    } catch (e) {
      setError(e instanceof ApiError ? e.message : Msg.NETWORK_ERROR)
      setBusy(false)
    }
  }

  return (
    <Modal open={open} title="切换机构" okText="确定" cancelText="取消" onOk={confirm} confirmLoading={busy} onCancel={onClose} destroyOnHidden>
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 12 }} />}
      {orgs ? <OrgList orgs={orgs} value={chosen} onChange={setChosen} /> : <Spin />}
    </Modal>
  )
}

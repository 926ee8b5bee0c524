import { Msg } from '@zhixiao/shared'
import { Avatar, Dropdown, type MenuProps } from 'antd'
import { useState } from 'react'
import { notify } from '../api/feedback'
import { logout } from '../auth/logout'
import { useSession } from '../stores/session'
import { ChangePasswordDialog } from './ChangePasswordDialog'
import { SwitchOrgDialog } from './SwitchOrgDialog'

/** The avatar menu: switch organisation, change password, logout (the other items come with the portal). */
export function UserMenu({ dark = false }: { dark?: boolean }) {
  const user = useSession((s) => s.userInfo)
  const [pwdOpen, setPwdOpen] = useState(false)
  const [orgOpen, setOrgOpen] = useState(false)
  if (!user) return null

  const items: MenuProps['items'] = [
    { key: 'org', label: '切换机构' },
    { key: 'pwd', label: '修改密码' },
    { type: 'divider' },
    { key: 'logout', label: '退出' },
  ]
  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (key === 'org') {
      if (user.orgCount > 1) setOrgOpen(true)
      else notify.error(Msg.ONLY_ONE_ORG)
    } else if (key === 'pwd') setPwdOpen(true)
    else if (key === 'logout') void logout()
  }

  return (
    <>
      <Dropdown menu={{ items, onClick }} placement="bottomRight">
        <span style={{ cursor: 'pointer', display: 'inline-flex', alignItems: 'center', gap: 8, color: dark ? '#fff' : undefined }} data-testid="user-menu">
          <Avatar size="small" src={user.avatarUrl ?? undefined} style={{ background: '#1677ff' }}>{user.trueName.slice(-2)}</Avatar>
          <span>{user.trueName}</span>
        </span>
      </Dropdown>
      <ChangePasswordDialog open={pwdOpen} onClose={() => setPwdOpen(false)} onChanged={() => void logout({ callServer: false })} />
      <SwitchOrgDialog open={orgOpen} onClose={() => setOrgOpen(false)} />
    </>
  )
}

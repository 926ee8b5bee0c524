import { Msg } from '@zhixiao/shared'
import { Avatar, Dropdown, type MenuProps } from 'antd'
import { useState } from 'react'
import { notify } from '../../api/feedback'
import { useCurrentUser } from '../../api/queries'
import { useSession } from '../../stores/session'
import { ChangePasswordDialog } from './ChangePasswordDialog'
import { logout } from './logout'
import { SwitchOrgDialog } from './SwitchOrgDialog'

const ITEMS: MenuProps['items'] = [
  { key: 'org', label: '切换机构' },
  { key: 'pwd', label: '修改密码' },
  { type: 'divider' },
  { key: 'logout', label: '退出' },
]

/** The avatar menu of every signed-in header: 切换机构, 修改密码, 退出 (001 §2.6; the other items come with the portal). */
export function UserMenu({ dark = false }: { dark?: boolean }) {
  const stored = useSession((s) => s.userInfo)
  const user = useCurrentUser().data ?? stored
  const [pwdOpen, setPwdOpen] = useState(false)
  const [orgOpen, setOrgOpen] = useState(false)
  if (!user) return null

  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (key === 'org') {
      if (user.orgCount > 1) setOrgOpen(true)
      else notify.error(Msg.ONLY_ONE_ORG)
    } else if (key === 'pwd') setPwdOpen(true)
    else if (key === 'logout') void logout()
  }

  return (
    <>
      <Dropdown menu={{ items: ITEMS, onClick }} placement="bottomRight" trigger={['hover', 'click']}>
        <span data-testid="user-menu" role="button" tabIndex={0} aria-label="用户菜单"
          style={{ cursor: 'pointer', display: 'inline-flex', alignItems: 'center', gap: 8, color: dark ? '#fff' : undefined }}>
          <Avatar size="small" src={user.avatarUrl ?? undefined} style={{ background: dark ? 'rgba(255,255,255,.25)' : '#1677ff' }}>
            {user.trueName.slice(-2)}
          </Avatar>
          <span>{user.trueName}</span>
        </span>
      </Dropdown>
      <ChangePasswordDialog open={pwdOpen} onClose={() => setPwdOpen(false)} onChanged={() => void logout({ callServer: false })} />
      <SwitchOrgDialog open={orgOpen} onClose={() => setOrgOpen(false)} />
    </>
  )
}

import { MOBILE_TERMINAL_LABEL } from '@zhixiao/shared'
import { Avatar, Button, List, Select } from 'antd'
import { Link } from 'react-router'
import type { PageProps } from '../../navigation/page-props'
import { logout } from '../account/logout'
import { useMobileHome } from './api'
import { useChildPick } from './MobileLayout'

/** 我的: who is signed in, the parent's children, the PC portal and sign-out. */
export default function MobileMinePage({ path }: PageProps) {
  const { childId, pick } = useChildPick()
  const home = useMobileHome(childId).data
  if (!home) return null
  return (
    <div data-page={path}>
      <section className="zx-m-section" style={{ display: 'flex', gap: 12, alignItems: 'center' }}>
        <Avatar size={48} style={{ background: '#2f6bff' }}>
          {home.trueName.slice(0, 1)}
        </Avatar>
        <div>
          <div style={{ fontSize: 16, fontWeight: 600 }}>{home.trueName}</div>
          <div style={{ color: '#666', fontSize: 13 }}>
            {MOBILE_TERMINAL_LABEL[home.terminal]} · {home.orgName}
          </div>
        </div>
      </section>
      {home.terminal === 'parent' && home.children.length > 0 && (
        <section className="zx-m-section">
          <h2>切换孩子</h2>
          <Select
            style={{ width: '100%' }}
            value={home.currentChild?.id}
            onChange={pick}
            aria-label="切换孩子"
            options={home.children.map((c) => ({
              value: c.id,
              label: `${c.trueName}${c.relation ? `（${c.relation}）` : ''}`,
            }))}
          />
        </section>
      )}
      <List
        className="zx-m-section"
        dataSource={[
          ...(home.terminal === 'parent' && home.children.length > 0
            ? [
                { to: '/mobile/childAccess', label: '谁查看了孩子的信息' },
                { to: '/mobile/childRequests', label: '更正或删除孩子的信息' },
              ]
            : []),
          { to: '/portal/personal', label: '电脑版门户' },
          { to: '/oneselfCenter', label: '个人中心' },
        ]}
        renderItem={(i) => (
          <List.Item>
            <Link to={i.to}>{i.label}</Link>
          </List.Item>
        )}
      />
      <Button block danger onClick={() => void logout()}>
        退出登录
      </Button>
    </div>
  )
}

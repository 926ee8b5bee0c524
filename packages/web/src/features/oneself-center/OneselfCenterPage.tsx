import { isSchoolUnit, labelOf, UNIT_ATTR_LABEL, USER_TYPE_LABEL, UserType } from '@zhixiao/shared'
import { Button, Card, Descriptions, List, Space, Tag, Typography } from 'antd'
import { useState } from 'react'
import { Link, useSearchParams } from 'react-router'
import { useCurrentUser, useUserOrgs } from '../../api/queries'
import { homePathFor } from '../../auth/landing'
import { BureauIcon, SchoolIcon } from '../../components/icons'
import type { PageProps } from '../../navigation/page-props'
import { ChangePasswordDialog } from '../account/ChangePasswordDialog'
import { logout } from '../account/logout'
import { BUREAU_HOME } from '../account/menu-actions'
import { SwitchOrgDialog } from '../account/SwitchOrgDialog'
import { TotpCard } from '../login-security/TotpCard'
import { ChildAccessList } from '../privacy/ChildAccessList'
import { ChildRequests } from '../privacy/ChildRequests'

/**
 * Personal centre (/oneselfCenter, 001 §2.1): profile, the account's organisations (switch from here), change
 * password. Opened from the bureau header with jd=1, its way back leads to the bureau side.
 */
export default function OneselfCenterPage({ path, title }: PageProps) {
  const user = useCurrentUser().data
  const orgs = useUserOrgs()
  const [params] = useSearchParams()
  const jd = params.get('jd') === '1'
  const [pwdOpen, setPwdOpen] = useState(false)
  const [orgOpen, setOrgOpen] = useState(false)
  if (!user) return null
  const back = jd ? BUREAU_HOME : homePathFor(user)
  return (
    <div data-page={path} style={{ maxWidth: 960, margin: '0 auto', padding: 24 }}>
      <Space style={{ justifyContent: 'space-between', width: '100%', marginBottom: 16 }}>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {title}
        </Typography.Title>
        <Link to={back} data-testid="oneself-back">
          {jd ? '返回局端' : '返回首页'}
        </Link>
      </Space>
      <Card
        title="个人信息"
        style={{ marginBottom: 16 }}
        extra={<Button onClick={() => setPwdOpen(true)}>修改密码</Button>}
      >
        <Descriptions
          column={{ xs: 1, sm: 2 }}
          data-testid="oneself-profile"
          items={[
            { key: 'name', label: '姓名', children: user.trueName },
            { key: 'user', label: '账号', children: user.userName },
            { key: 'phone', label: '手机号', children: user.phoneNumber ?? '—' },
            { key: 'type', label: '身份', children: labelOf(USER_TYPE_LABEL, user.userType) },
            { key: 'org', label: '当前机构', children: user.orgName },
            { key: 'roles', label: '角色', children: user.roleNames.join('、') || '—' },
          ]}
        />
      </Card>
      <TotpCard />
      <Card title="我的机构" extra={user.orgCount > 1 && <Button onClick={() => setOrgOpen(true)}>切换机构</Button>}>
        <List
          loading={orgs.isPending}
          dataSource={orgs.data ?? []}
          data-testid="oneself-orgs"
          renderItem={(o) => (
            <List.Item>
              <Space>
                {isSchoolUnit(o.unitAttr) ? <SchoolIcon /> : <BureauIcon />}
                <span>{o.displayName}</span>
                <Typography.Text type="secondary">{labelOf(UNIT_ATTR_LABEL, o.unitAttr)}</Typography.Text>
                {o.orgId === user.orgId && <Tag color="blue">当前</Tag>}
              </Space>
            </List.Item>
          )}
        />
      </Card>
      {user.userType === UserType.PARENT && (
        <Card title="谁查看了孩子的信息" style={{ marginTop: 16 }} data-testid="oneself-child-access">
          <ChildAccessList />
        </Card>
      )}
      {user.userType === UserType.PARENT && (
        <Card title="更正或删除孩子的信息" style={{ marginTop: 16 }} data-testid="oneself-child-requests">
          <ChildRequests />
        </Card>
      )}
      <ChangePasswordDialog
        open={pwdOpen}
        onClose={() => setPwdOpen(false)}
        onChanged={() => void logout({ callServer: false })}
      />
      <SwitchOrgDialog open={orgOpen} onClose={() => setOrgOpen(false)} />
    </div>
  )
}

import { ADMIN_ROLE, isSchoolUnit, Msg, serviceEntryLabel, userMenuKeys, type UserMenuKey } from '@zhixiao/shared'
import type { MenuProps } from 'antd'
import { lazy, Suspense, useState } from 'react'
import { useNavigate } from 'react-router'
import { notify } from '../../api/feedback'
import { useCurrentUser } from '../../api/queries'
import { useSession } from '../../stores/session'
import { useFeedbackEntry } from '../complaints/api'
import { useOpenPortalEnable } from '../portal-header/api'
import { useOuterMayOpen } from '../red-dots/api'
import { logout } from './logout'
import { BUREAU_HOME, helpTarget, homeAfterSwitch, MENU_TARGET } from './menu-actions'
import { useLeaveAlliance } from '../alliance/leave'
import { UserMenuButton } from './UserMenuButton'
import { useOpenedOnce } from '../../components/use-opened-once'
import { UserAvatar } from '../../components/UserAvatar'

// The password, about and org-switch dialogs load when first opened: every portal page's header carries the menu, and
// their code is not for its first screen (issue 28; the org switch brings antd's Form, Select, Radio and Input, which the
// home's chunk would otherwise evaluate on every first load).
const ChangePasswordDialog = lazy(() =>
  import('./ChangePasswordDialog').then((m) => ({ default: m.ChangePasswordDialog })),
)
const SwitchOrgDialog = lazy(() => import('./SwitchOrgDialog').then((m) => ({ default: m.SwitchOrgDialog })))
const AboutSystemDialog = lazy(() =>
  import('../pc-portal/AboutSystemDialog').then((m) => ({ default: m.AboutSystemDialog })),
)

const LABEL: Record<Exclude<UserMenuKey, 'serviceEntry'>, string> = {
  openPortal: '公共门户',
  jdPlatform: '局校一体平台',
  switchOrg: '切换机构',
  personal: '个人中心',
  password: '修改密码',
  help: '帮助中心',
  complaint: '投诉建议',
  leaveAlliance: '离开联盟',
  quitTenant: '退出租户',
  logout: '退出',
}

/**
 * The avatar menu of every signed-in header (001 §2.6) with the items §6 allows: public portal, bureau-school
 * platform, service entry, switch org, personal centre, change password, help, complaint, or 离开联盟 for
 * alliance members, and 退出. `jd` marks the bureau side (personal centre opens with jd=1). `alliance` is the alliance
 * org of the alliance portal being shown: its members get 离开联盟, which ends the membership (docs/alliance.md).
 */
export function UserMenu({ dark = false, jd = false, alliance }: { dark?: boolean; jd?: boolean; alliance?: number }) {
  const stored = useSession((s) => s.userInfo)
  const user = useCurrentUser().data ?? stored
  const navigate = useNavigate()
  const [pwdOpen, setPwdOpen] = useState(false)
  const [orgOpen, setOrgOpen] = useState(false)
  const [aboutOpen, setAboutOpen] = useState(false)
  const pwdMounted = useOpenedOnce(pwdOpen)
  const aboutMounted = useOpenedOnce(aboutOpen)
  const orgMounted = useOpenedOnce(orgOpen)
  const tmt = user?.currentOrgData?.tenantModuleType ?? null
  const openPortalOn = useOpenPortalEnable(tmt === 0).data ?? false
  // 公共门户 shows only to whom the org's outer-portal limits let in (features/red-dots).
  const outerMay = useOuterMayOpen(user?.orgId, tmt === 0 && openPortalOn).data?.allowed ?? false
  const openPortal = openPortalOn && outerMay
  const feedback = useFeedbackEntry(user?.userType ?? null)
  const leaveAlliance = useLeaveAlliance()
  const tempTenant = useSession((s) => s.tempTenant)
  if (!user) return null

  const org = user.currentOrgData
  const school = isSchoolUnit(org?.unitAttr ?? 8)
  const keys = userMenuKeys({
    tenantModuleType: tmt,
    isAdmin: user.roles.includes(ADMIN_ROLE),
    allianceMember: !!org?.allianceSchool || alliance !== undefined,
    school,
    publicPortalEnabled: openPortal,
    feedbackEnabled: feedback,
    tempTenant: !!tempTenant,
  })
  const items: NonNullable<MenuProps['items']> = []
  for (const key of keys) {
    // 关于系统 (/menhu-systems, docs/portal-config.md) sits above 退出, outside the keys of 001 §6.
    if (key === 'logout') items.push({ key: 'about', label: '关于系统' }, { type: 'divider' })
    items.push({ key, label: key === 'serviceEntry' ? serviceEntryLabel(school) : LABEL[key] })
  }

  const switchOrLeave = (leaving: boolean) => {
    if (user.orgCount > 1) setOrgOpen(true)
    else if (leaving) void navigate(homeAfterSwitch(user))
    else notify.error(Msg.ONLY_ONE_ORG)
  }
  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (key === 'about') {
      setAboutOpen(true)
      return
    }
    switch (key as UserMenuKey) {
      case 'switchOrg':
        switchOrLeave(false)
        break
      // 001 §4 step 6: with several orgs the picker; with one, straight to it (its home on the bureau side).
      case 'leaveAlliance':
        if (alliance !== undefined) void leaveAlliance(alliance, () => switchOrLeave(true))
        else switchOrLeave(true)
        break
      case 'password':
        setPwdOpen(true)
        break
      case 'logout':
        void logout()
        break
      case 'personal':
        void navigate(jd ? '/oneselfCenter?jd=1' : '/oneselfCenter')
        break
      case 'serviceEntry':
        void navigate(school ? '/portal/home' : BUREAU_HOME)
        break
      case 'openPortal':
        void navigate(`${MENU_TARGET.openPortal}?orgId=${user.orgId}`)
        break
      case 'jdPlatform':
        void navigate(MENU_TARGET.jdPlatform)
        break
      case 'help':
        void navigate(helpTarget(user))
        break
      case 'complaint':
        void navigate(MENU_TARGET.complaint)
        break
      // The signed-in session stays; the next login page is the platform's again (docs/auth.md "Temporary tenant").
      case 'quitTenant':
        useSession.getState().setTempTenant(null)
        notify.success(Msg.TENANT_QUIT)
        break
    }
  }

  return (
    <>
      <UserMenuButton menu={{ items, onClick }} color={dark ? '#fff' : undefined}>
        <UserAvatar name={user.trueName} src={user.avatarUrl} background={dark ? 'rgba(255,255,255,.25)' : '#0958d9'} />
        <span>{user.trueName}</span>
      </UserMenuButton>
      <Suspense fallback={null}>
        {pwdMounted && (
          <ChangePasswordDialog
            open={pwdOpen}
            onClose={() => setPwdOpen(false)}
            onChanged={() => void logout({ callServer: false })}
          />
        )}
        {aboutMounted && <AboutSystemDialog open={aboutOpen} onClose={() => setAboutOpen(false)} />}
        {orgMounted && <SwitchOrgDialog open={orgOpen} onClose={() => setOrgOpen(false)} />}
      </Suspense>
    </>
  )
}

import { terminalOfUserType, UserType, type ModuleLayout } from '@zhixiao/shared'
import { useQuery } from '@tanstack/react-query'
import { Alert } from 'antd'
import { Link } from 'react-router'
import { useWindowWidth } from '../portal-header/use-window-width'
import { offerPossible, offerSettingsQuery, studentPcQuery } from './offer-query'

/** MHSysConfigForStudentPC for a student (nothing to fetch for anyone else). */
function useStudentPc(userType: number | undefined) {
  return useQuery({ ...studentPcQuery, enabled: userType === UserType.STUDENT })
}

/**
 * The PC home offers the mobile portal to a teacher, parent or student on a phone (narrow screen or phone
 * browser), unless 移动端设置 turned the offer off or, for a student, MHSysConfigForStudentPC hides the link.
 */
export function MobilePortalOffer({ userType }: { userType: number | undefined }) {
  const possible = offerPossible(userType, useWindowWidth())
  const settings = useQuery({ ...offerSettingsQuery, enabled: !!terminalOfUserType(userType) })
  const student = useStudentPc(userType).data
  if (!possible || !settings.data?.offerOnPc) return null
  if (userType === UserType.STUDENT && student && !student.showMobileLink) return null
  return (
    <Alert
      type="info"
      showIcon
      style={{ marginBottom: 12 }}
      data-testid="mobile-offer"
      title={
        <span>
          在手机上浏览？<Link to="/mobile/home">切换到移动版</Link>
        </span>
      }
    />
  )
}

/**
 * The student's PC home (/portal/personal) as MHSysConfigForStudentPC shapes it: the hidden block types left out
 * and the notice under the greeting. Anyone else gets the layout unchanged.
 */
export function useStudentPcHome(
  layout: ModuleLayout | undefined,
  kind: string,
  userType: number | undefined,
): { layout: ModuleLayout | undefined; notice: string } {
  const cfg = useStudentPc(kind === 'personal' ? userType : undefined).data
  if (!cfg || !layout) return { layout, notice: '' }
  const hidden = new Set<string>(cfg.hiddenBlockTypes)
  return { layout: { ...layout, modules: layout.modules.filter((m) => !hidden.has(m.type)) }, notice: cfg.notice }
}

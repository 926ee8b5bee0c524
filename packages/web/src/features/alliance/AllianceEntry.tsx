import { ALLIANCE_JOIN, ALLIANCE_UNIT_ATTR, AllianceStatus, alliancePortalPath } from '@zhixiao/shared'
import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router'
import { useCurrentUser } from '../../api/queries'
import { useSession } from '../../stores/session'
import { allianceApi, AllianceKeys } from './api'
import { AllianceMark } from './AllianceMark'

/**
 * The alliance entry of the portal header: the alliance mark (001 §9) when the session org is an alliance or an
 * alliance school; otherwise 联盟, to the alliance portal of the org's one alliance (or 我的联盟 with several or none,
 * for those who may join or run one).
 */
export function AllianceEntry() {
  const stored = useSession((s) => s.userInfo)
  const user = useCurrentUser().data ?? stored
  const org = user?.currentOrgData
  const insider = !!org?.allianceSchool
  const mine = useQuery({
    enabled: !!user && !insider,
    queryKey: [AllianceKeys.mine],
    queryFn: () => allianceApi.mine().catch(() => []),
    staleTime: 60_000,
  })
  if (!user) return null
  if (insider) {
    return (
      <Link to="/alliancePortal/home" title="联盟门户" data-testid="alliance-entry" style={{ whiteSpace: 'nowrap' }}>
        {org?.unitAttr === ALLIANCE_UNIT_ATTR ? (
          <AllianceMark unitAttr={org.unitAttr} allianceSchool={org.allianceSchool} />
        ) : (
          '联盟'
        )}
      </Link>
    )
  }
  const joined = (mine.data ?? []).filter((m) => m.status === AllianceStatus.JOINED)
  const may = user.permissions.includes(ALLIANCE_JOIN) || user.permissions.includes('alliance_manage')
  if (!joined.length && !may) return null
  const to = joined.length === 1 ? alliancePortalPath(joined[0]!.allianceOrgId) : '/allianceManage/join'
  return (
    <Link to={to} title="学校联盟" data-testid="alliance-entry" style={{ whiteSpace: 'nowrap' }}>
      联盟
    </Link>
  )
}

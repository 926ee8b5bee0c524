import { ALLIANCE_JOIN, AllianceMsg, AllianceStatus } from '@zhixiao/shared'
import { useQueryClient } from '@tanstack/react-query'
import { App, type ButtonProps } from 'antd'
import { notify } from '../../api/feedback'
import { useSession } from '../../stores/session'
import { allianceApi, AllianceKeys } from './api'

/**
 * 离开联盟 in the alliance portal's user menu (001 §2.6, §4 step 6). When the session org is a member and the user
 * may act for it (alliance_join), the membership ends through the server after a confirmation; then, as for any
 * member's user, the alliance is left for the user's own org: the picker with several orgs, straight home with one.
 */
export function useLeaveAlliance(): (allianceOrgId: number, then: () => void) => Promise<void> {
  const { modal } = App.useApp()
  const qc = useQueryClient()
  return async (allianceOrgId, then) => {
    const mayEnd = useSession.getState().userInfo?.permissions.includes(ALLIANCE_JOIN) ?? false
    const mine = mayEnd ? await allianceApi.mine().catch(() => []) : []
    if (!mine.some((m) => m.allianceOrgId === allianceOrgId && m.status === AllianceStatus.JOINED)) {
      then()
      return
    }
    modal.confirm({
      title: '离开联盟',
      content: AllianceMsg.LEAVE_CONFIRM,
      okText: '离开',
      cancelText: '取消',
      okButtonProps: { danger: true, 'data-testid': 'leave-alliance-ok' } as ButtonProps,
      onOk: async () => {
        const env = await allianceApi.leave(allianceOrgId)
        notify.success(env.msg)
        for (const k of Object.values(AllianceKeys)) void qc.invalidateQueries({ queryKey: [k] })
        then()
      },
    })
  }
}

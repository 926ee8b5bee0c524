import { registerOrgContracts as O, type RegisterSwitch } from '@zhixiao/shared'
import { Space, Switch } from 'antd'
import { useQuery } from '@tanstack/react-query'
import { call, callEnvelope } from '../../api/call'
import { useWrite } from '../../components/crud'

/**
 * The register switch (000 §4 "registration switch states") of the organisation the join audit shows: whether it
 * takes requests from parents and from teachers. Shown on the join audit page; hidden when the caller may not read it.
 */
export function RegisterSwitchBar({ orgId }: { orgId: number | undefined }) {
  const write = useWrite(['registerSwitch'])
  const { data } = useQuery({
    queryKey: ['registerSwitch', orgId],
    enabled: orgId !== undefined,
    queryFn: () => call(O.getSwitch, { orgId: orgId! }, { showError: false }),
  })
  if (!data) return null
  const save = (patch: Partial<RegisterSwitch>) =>
    write(() =>
      callEnvelope(O.setSwitch, {
        orgId: data.orgId,
        parentOpen: data.parentOpen,
        teacherOpen: data.teacherOpen,
        ...patch,
      }),
    )
  return (
    <Space wrap size={16} data-testid="register-switch" style={{ marginBottom: 8 }}>
      <span>
        接受家长注册申请{' '}
        <Switch
          size="small"
          checked={data.parentOpen}
          aria-label="接受家长注册申请"
          onChange={(v) => void save({ parentOpen: v })}
        />
      </span>
      <span>
        接受教师注册申请{' '}
        <Switch
          size="small"
          checked={data.teacherOpen}
          aria-label="接受教师注册申请"
          onChange={(v) => void save({ teacherOpen: v })}
        />
      </span>
    </Space>
  )
}

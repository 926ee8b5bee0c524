import { isSchoolUnit, type LoginOrg } from '@zhixiao/shared'
import { Radio, Space } from 'antd'

/** Radio list of organisations; a school (unit attribute 8 and above) gets the school icon. */
export function OrgList({ orgs, value, onChange }: { orgs: LoginOrg[]; value: number | null; onChange: (orgId: number) => void }) {
  return (
    <Radio.Group value={value} onChange={(e) => onChange(e.target.value as number)} style={{ width: '100%' }}>
      <Space orientation="vertical" style={{ width: '100%' }}>
        {orgs.map((o) => (
          <Radio key={o.orgId} value={o.orgId} style={{ padding: '10px 12px', border: '1px solid #e5e7eb', borderRadius: 8, width: '100%' }}>
            <span aria-hidden style={{ marginRight: 8 }}>{isSchoolUnit(o.unitAttr) ? '🏫' : '🏛️'}</span>
            {o.displayName}
          </Radio>
        ))}
      </Space>
    </Radio.Group>
  )
}

import { isSchoolUnit, type LoginOrg } from '@zhixiao/shared'
import { Radio } from 'antd'
import { BureauIcon, SchoolIcon } from './icons'
import './org-list.css'

/** Radio list of organisations; a school (unit attribute 8 and above) gets the school icon, others the bureau icon. */
export function OrgList({
  orgs,
  value,
  onChange,
}: {
  orgs: LoginOrg[]
  value: number | null
  onChange: (orgId: number) => void
}) {
  return (
    <Radio.Group
      value={value}
      onChange={(e) => onChange(e.target.value as number)}
      className="zx-org-list"
      aria-label="机构列表"
    >
      {orgs.map((o) => (
        <Radio key={o.orgId} value={o.orgId} className={`zx-org-item${value === o.orgId ? ' is-active' : ''}`}>
          <span className="zx-org-icon">
            {isSchoolUnit(o.unitAttr) ? <SchoolIcon size={20} /> : <BureauIcon size={20} />}
          </span>
          <span className="zx-org-name">{o.displayName}</span>
        </Radio>
      ))}
    </Radio.Group>
  )
}

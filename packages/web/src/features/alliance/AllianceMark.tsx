import { ALLIANCE_UNIT_ATTR } from '@zhixiao/shared'
import { Tag } from 'antd'

/** 001 §9: unit attribute 8 also marks an alliance in the header. */
export function AllianceMark({
  unitAttr,
  allianceSchool,
}: {
  unitAttr: number | null | undefined
  allianceSchool: boolean | null | undefined
}) {
  if (!allianceSchool || unitAttr !== ALLIANCE_UNIT_ATTR) return null
  return (
    <Tag color="gold" data-testid="alliance-mark" style={{ marginInlineStart: 8, marginInlineEnd: 0 }}>
      联盟
    </Tag>
  )
}

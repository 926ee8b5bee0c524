import { unitAttrOptionGroups } from '@zhixiao/shared'
import { Select, type SelectProps } from 'antd'

const GROUPS = unitAttrOptionGroups()

/** 单位属性 chosen by name (小学、区级教育行政部门 …), grouped into schools and bureau-like units; typing filters. */
export function UnitAttrSelect(props: Omit<SelectProps<number>, 'options'>) {
  return (
    <Select<number>
      placeholder="请选择单位属性"
      options={GROUPS}
      showSearch={{ optionFilterProp: 'label' }}
      {...props}
    />
  )
}

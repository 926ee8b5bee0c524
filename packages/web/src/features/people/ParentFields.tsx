import { RELATIONS, UserType } from '@zhixiao/shared'
import { Form, Select } from 'antd'
import { LoginNameField, MobileField, TrueNameField } from './form-kit'
import { PersonPicker } from './PersonPicker'

export interface ParentValues {
  trueName: string
  phone: string
  userName?: string
  relation: (typeof RELATIONS)[number]
  childId?: number
}

const RELATION_OPTIONS = RELATIONS.map((r) => ({ value: r, label: r }))

/**
 * A new parent of a student: a phone already known in the tenant joins that account (one parent of children in two
 * schools is one login), so the name and phone are all an admin types. `pickChild`: choose the student here
 * (the parents page) rather than from the student being managed (家长管理).
 */
export function ParentFields({ pickChild }: { pickChild: boolean }) {
  return (
    <>
      {pickChild && (
        <Form.Item name="childId" label="学生" rules={[{ required: true, message: '请选择学生' }]}>
          <PersonPicker userType={UserType.STUDENT} />
        </Form.Item>
      )}
      <Form.Item name="relation" label="与学生关系" rules={[{ required: true, message: '请选择与学生的关系' }]}>
        <Select placeholder="请选择与学生的关系" options={RELATION_OPTIONS} />
      </Form.Item>
      <TrueNameField label="家长姓名" />
      <MobileField />
      <LoginNameField placeholder="默认为手机号" />
    </>
  )
}

import { loginNameField, mobileField, RELATIONS, trueNameField, UserType } from '@zhixiao/shared'
import { Form, Input, Select } from 'antd'
import { zodRule } from './form-kit'
import { PersonPicker } from './PersonPicker'

export interface ParentValues { trueName: string; phone: string; userName?: string; relation: (typeof RELATIONS)[number]; childId?: number }

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
        <Form.Item name="childId" label="学生" rules={[{ required: true, message: '请选择学生' }]}><PersonPicker userType={UserType.STUDENT} /></Form.Item>
      )}
      <Form.Item name="relation" label="与学生关系" rules={[{ required: true, message: '请选择与学生的关系' }]}>
        <Select placeholder="请选择与学生的关系" options={RELATION_OPTIONS} />
      </Form.Item>
      <Form.Item name="trueName" label="家长姓名" required rules={[zodRule(trueNameField)]}><Input placeholder="请输入家长姓名" maxLength={30} /></Form.Item>
      <Form.Item name="phone" label="手机号" required rules={[zodRule(mobileField)]}><Input placeholder="请输入手机号" maxLength={11} /></Form.Item>
      <Form.Item name="userName" label="登录名" rules={[zodRule(loginNameField)]}><Input placeholder="默认为手机号" maxLength={40} /></Form.Item>
    </>
  )
}

import { Form, Input, InputNumber, Select } from 'antd'
import { useGradeOptions } from './grade-class-api'

export interface ClassValues {
  gradeId: number
  name: string
  code?: string
  sort?: number
}

/** The class form's items; the grade is chosen only when adding. */
export function ClassFields({ adding }: { adding: boolean }) {
  const grades = useGradeOptions()
  return (
    <>
      {adding && (
        <Form.Item name="gradeId" label="年级" rules={[{ required: true, message: '请选择年级' }]}>
          <Select placeholder="请选择年级" options={grades} showSearch={{ optionFilterProp: 'label' }} />
        </Form.Item>
      )}
      <Form.Item
        name="name"
        label="班级名称"
        rules={[
          { required: true, whitespace: true, message: '请输入班级名称' },
          { max: 30, message: '班级名称不能超过30个字符' },
        ]}
      >
        <Input placeholder="如 1班" />
      </Form.Item>
      <Form.Item name="code" label="编码" rules={[{ max: 30, message: '编码不能超过30个字符' }]}>
        <Input placeholder="请输入班级编码" />
      </Form.Item>
      <Form.Item name="sort" label="排序">
        <InputNumber min={0} max={99999} style={{ width: '100%' }} />
      </Form.Item>
    </>
  )
}

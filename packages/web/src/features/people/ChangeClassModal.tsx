import { Form, Typography } from 'antd'
import { CrudFormModal, useWrite } from '../../components/crud'
import { studentApi } from './api'
import { ClassPicker } from './StudentFields'

/** 调班: moves the selected students to one class (the records stay; only the class changes). */
export function ChangeClassModal({ ids, onDone, onClose }: { ids: number[]; onDone: () => void; onClose: () => void }) {
  const write = useWrite(['students', 'parents'])
  const submit = async (v: { classId: number }) => {
    const ok = (await write(() => studentApi.changeClass({ ids, classId: v.classId }))) !== null
    if (ok) onDone()
    return ok
  }
  return (
    <CrudFormModal<{ classId: number }> title="调班" initialValues={{}} onSubmit={submit} onClose={onClose}>
      <Typography.Paragraph type="secondary">已选择 {ids.length} 名学生</Typography.Paragraph>
      <Form.Item name="classId" label="调入班级" rules={[{ required: true, message: '请选择班级' }]}>
        <ClassPicker />
      </Form.Item>
    </CrudFormModal>
  )
}

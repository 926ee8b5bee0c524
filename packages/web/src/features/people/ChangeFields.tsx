import { CHANGE_EFFECTS, UserType, type ChangeEffect } from '@zhixiao/shared'
import { useQuery } from '@tanstack/react-query'
import { Form, Input, Radio, Select } from 'antd'
import type { Dayjs } from 'dayjs'
import { useScopeOrg } from '../../stores/school-scope'
import { useSession } from '../../stores/session'
import { useDictOptions } from '../base-data/dict-api'
import { orgApi } from '../organization/api'
import { DayField } from './form-kit'
import { PersonPicker } from './PersonPicker'
import { ClassPicker } from './StudentFields'

export interface ChangeValues {
  userInfoId: number
  changeTypeId: number
  effect: ChangeEffect
  toClassId?: number
  toOrgId?: number
  changedOn: Dayjs
  remark?: string
}

const EFFECT_OPTIONS = Object.entries(CHANGE_EFFECTS).map(([value, label]) => ({ value, label }))

/** The organisations a teacher may be moved to: the live ones in the caller's scope other than the current school. */
function OrgPicker({ value, onChange }: { value?: number; onChange?: (v: number) => void }) {
  const own = useSession((s) => s.userInfo?.orgId)
  const current = useScopeOrg() ?? own
  const orgs = useQuery({ queryKey: ['orgs', 'all'], queryFn: orgApi.all })
  const options = (orgs.data ?? [])
    .filter((o) => o.orgType === 'org' && o.status === 0 && o.orgId !== current)
    .map((o) => ({ value: o.orgId, label: o.name }))
  return (
    <Select
      value={value}
      onChange={onChange}
      placeholder="请选择调入机构"
      options={options}
      showSearch={{ optionFilterProp: 'label' }}
    />
  )
}

/**
 * 新增异动: who, which change type (the teacher or student change-type dictionary), what it does — only recorded,
 * a move (a student to another class, a teacher to another organisation) or leaving (archived) — and when.
 */
export function ChangeFields({ userType }: { userType: number }) {
  const student = userType === UserType.STUDENT
  const orgId = useScopeOrg()
  const types = useDictOptions(student ? 'studentChangeType' : 'teacherChangeType', orgId)
  const effect = Form.useWatch<ChangeEffect | undefined>('effect')
  return (
    <>
      <Form.Item
        name="userInfoId"
        label={student ? '学生' : '教师'}
        rules={[{ required: true, message: student ? '请选择学生' : '请选择教师' }]}
      >
        <PersonPicker userType={userType} />
      </Form.Item>
      <Form.Item name="changeTypeId" label="异动类型" rules={[{ required: true, message: '请选择异动类型' }]}>
        <Select placeholder="请选择异动类型" options={types.options} />
      </Form.Item>
      <Form.Item name="effect" label="异动结果" rules={[{ required: true, message: '请选择异动结果' }]}>
        <Radio.Group options={EFFECT_OPTIONS} />
      </Form.Item>
      {effect === 'move' &&
        (student ? (
          <Form.Item name="toClassId" label="调入班级" rules={[{ required: true, message: '请选择调入的班级' }]}>
            <ClassPicker />
          </Form.Item>
        ) : (
          <Form.Item name="toOrgId" label="调入机构" rules={[{ required: true, message: '请选择调入的机构' }]}>
            <OrgPicker />
          </Form.Item>
        ))}
      <DayField name="changedOn" label="异动日期" required />
      <Form.Item name="remark" label="备注" rules={[{ max: 200, message: '备注不能超过200个字符' }]}>
        <Input.TextArea rows={2} placeholder="请输入备注" />
      </Form.Item>
    </>
  )
}

import {
  idCardField,
  maskableEmailField,
  maskableIdCardField,
  type TeacherRow,
  type TeacherUpdateBody,
} from '@zhixiao/shared'
import { Form, Input, Row, Select } from 'antd'
import type { Dayjs } from 'dayjs'
import { useDepartments } from './api'
import {
  dayIn,
  dayOut,
  u,
  DayField,
  DictField,
  Half,
  IdCardSexFields,
  LoginNameField,
  MASKED_HINT,
  MobileField,
  RemarkField,
  TrueNameField,
  zodRule,
} from './form-kit'

export interface TeacherValues {
  trueName: string
  phone: string
  userName?: string
  jobNo?: string
  sex?: number
  idCard?: string
  deptId?: number
  positionId?: number
  titleId?: number
  teacherTypeId?: number
  politicalStatusId?: number
  educationId?: number
  degreeId?: number
  enteredOn?: Dayjs
  email?: string
  remark?: string
}

export const teacherInitial = (r: TeacherRow | null): Partial<TeacherValues> =>
  r
    ? {
        trueName: r.trueName,
        phone: u(r.phone),
        jobNo: u(r.jobNo),
        sex: u(r.sex),
        idCard: u(r.idCard),
        deptId: u(r.deptId),
        positionId: u(r.positionId),
        titleId: u(r.titleId),
        teacherTypeId: u(r.teacherTypeId),
        politicalStatusId: u(r.politicalStatusId),
        educationId: u(r.educationId),
        degreeId: u(r.degreeId),
        enteredOn: dayIn(r.enteredOn),
        email: u(r.email),
        remark: u(r.remark),
      }
    : {}

/**
 * The form's values as the API's teacher fields (empty inputs become null, the date YYYY-MM-DD). The political status
 * is withheld from the form (docs/privacy.md): an edit sends it only when one is chosen, so the stored one is kept.
 */
export const teacherBody = (v: TeacherValues, editing = false): Omit<TeacherUpdateBody, 'id'> => ({
  trueName: v.trueName,
  phone: v.phone,
  jobNo: v.jobNo || null,
  sex: v.sex ?? null,
  idCard: v.idCard || null,
  deptId: v.deptId ?? null,
  positionId: v.positionId ?? null,
  titleId: v.titleId ?? null,
  teacherTypeId: v.teacherTypeId ?? null,
  politicalStatusId: editing ? v.politicalStatusId : (v.politicalStatusId ?? null),
  educationId: v.educationId ?? null,
  degreeId: v.degreeId ?? null,
  enteredOn: dayOut(v.enteredOn),
  email: v.email || null,
  remark: v.remark || null,
})

/** The add/edit teacher form: the login name only when adding (it defaults to the phone number). */
export function TeacherFields({ adding, orgId }: { adding: boolean; orgId?: number }) {
  const depts = useDepartments(orgId)
  return (
    <Row gutter={16}>
      <Half>
        <TrueNameField />
      </Half>
      <Half>
        <MobileField editing={!adding} />
      </Half>
      {adding && (
        <Half>
          <LoginNameField placeholder="默认为手机号" />
        </Half>
      )}
      <Half>
        <Form.Item name="jobNo" label="工号" rules={[{ max: 30, message: '工号不能超过30个字符' }]}>
          <Input placeholder="请输入工号" />
        </Form.Item>
      </Half>
      <IdCardSexFields idCardSchema={adding ? idCardField : maskableIdCardField} editing={!adding} />
      <Half>
        <Form.Item name="deptId" label="部门">
          <Select allowClear placeholder="请选择部门" options={depts} showSearch={{ optionFilterProp: 'label' }} />
        </Form.Item>
      </Half>
      <Half>
        <DictField name="positionId" label="职务" dictType="position" orgId={orgId} />
      </Half>
      <Half>
        <DictField name="titleId" label="职称" dictType="title" orgId={orgId} />
      </Half>
      <Half>
        <DictField name="teacherTypeId" label="教师类型" dictType="teacherType" orgId={orgId} />
      </Half>
      <Half>
        <DictField
          name="politicalStatusId"
          label="政治面貌"
          dictType="politicalStatus"
          orgId={orgId}
          placeholder={adding ? undefined : '已隐藏，不选则保留原值'}
        />
      </Half>
      <Half>
        <DictField name="educationId" label="学历" dictType="education" orgId={orgId} />
      </Half>
      <Half>
        <DictField name="degreeId" label="学位" dictType="degree" orgId={orgId} />
      </Half>
      <Half>
        <DayField name="enteredOn" label="入职日期" />
      </Half>
      <Half>
        <Form.Item
          name="email"
          label="邮箱"
          rules={
            adding
              ? [
                  { type: 'email', message: '邮箱格式不正确' },
                  { max: 60, message: '邮箱不能超过60个字符' },
                ]
              : [zodRule(maskableEmailField)]
          }
          extra={adding ? undefined : MASKED_HINT}
        >
          <Input placeholder="请输入邮箱" />
        </Form.Item>
      </Half>
      <Half>
        <RemarkField />
      </Half>
    </Row>
  )
}

import {
  idCardField,
  maskableIdCardField,
  maskableOptionalMobileField,
  type StudentRow,
  type StudentUpdateBody,
} from '@zhixiao/shared'
import { Form, Input, Row, Select } from 'antd'
import type { Dayjs } from 'dayjs'
import { groupedClassOptions, useLiveClasses } from './class-options'
import {
  dayIn,
  dayOut,
  u,
  DayField,
  Half,
  IdCardSexFields,
  LoginNameField,
  MASKED_HINT,
  RemarkField,
  TrueNameField,
  zodRule,
} from './form-kit'

export interface StudentValues {
  trueName: string
  jobNo: string
  classId?: number
  userName?: string
  sex?: number
  idCard?: string
  phone?: string
  enteredOn?: Dayjs
  remark?: string
}

export const studentInitial = (r: StudentRow | null): Partial<StudentValues> =>
  r
    ? {
        trueName: r.trueName,
        jobNo: u(r.jobNo),
        sex: u(r.sex),
        idCard: u(r.idCard),
        phone: u(r.phone),
        enteredOn: dayIn(r.enteredOn),
        remark: u(r.remark),
      }
    : {}

export const studentBody = (v: StudentValues): Omit<StudentUpdateBody, 'id'> => ({
  trueName: v.trueName,
  jobNo: v.jobNo,
  sex: v.sex ?? null,
  idCard: v.idCard || null,
  phone: v.phone || null,
  enteredOn: dayOut(v.enteredOn),
  remark: v.remark || null,
})

/** A picker of the school's live classes, grouped by grade. */
export function ClassPicker({ value, onChange }: { value?: number; onChange?: (v: number) => void }) {
  const classes = useLiveClasses()
  return (
    <Select
      value={value}
      onChange={onChange}
      placeholder="请选择班级"
      options={groupedClassOptions(classes)}
      showSearch={{ optionFilterProp: 'label' }}
    />
  )
}

/**
 * The add/edit student form. The class is chosen only when adding (a change of class is 调班, which keeps the
 * record); the login name defaults to the 学号 (the national student number).
 */
export function StudentFields({ adding }: { adding: boolean }) {
  return (
    <Row gutter={16}>
      <Half>
        <TrueNameField />
      </Half>
      <Half>
        <Form.Item
          name="jobNo"
          label="学号"
          rules={[
            { required: true, whitespace: true, message: '请输入学号' },
            { max: 30, message: '学号不能超过30个字符' },
          ]}
        >
          <Input placeholder="全国学籍号" />
        </Form.Item>
      </Half>
      {adding && (
        <>
          <Half>
            <Form.Item name="classId" label="班级" rules={[{ required: true, message: '请选择班级' }]}>
              <ClassPicker />
            </Form.Item>
          </Half>
          <Half>
            <LoginNameField placeholder="默认为学号" />
          </Half>
        </>
      )}
      <IdCardSexFields idCardSchema={adding ? idCardField : maskableIdCardField} editing={!adding} />
      <Half>
        <Form.Item
          name="phone"
          label="手机号"
          rules={
            adding ? [{ pattern: /^1\d{10}$/, message: '手机号格式不正确' }] : [zodRule(maskableOptionalMobileField)]
          }
          extra={adding ? undefined : MASKED_HINT}
        >
          <Input placeholder="请输入手机号" maxLength={11} />
        </Form.Item>
      </Half>
      <Half>
        <DayField name="enteredOn" label="入学日期" />
      </Half>
      <Half>
        <RemarkField />
      </Half>
    </Row>
  )
}

import {
  loginNameField,
  looksMasked,
  maskableMobileField,
  mobileField,
  parseIdCard,
  SEX_LABEL,
  trueNameField,
  type DictType,
} from '@zhixiao/shared'
import { Col, DatePicker, Form, Input, Select, type FormRule } from 'antd'
import type { Dayjs } from 'dayjs'
import type { ReactNode } from 'react'
import { fromDay, toDay } from '../../components/crud'
import { useDictOptions } from '../base-data/dict-api'

/** Minimal view of a zod schema: the shared field schemas validate in the form with the server's own messages. */
interface FieldSchema {
  safeParse: (v: unknown) => { success: true } | { success: false; error: { issues: { message: string }[] } }
}

/** A form rule that checks a value against one of the shared zod field schemas (people.ts), so messages match the API. */
export function zodRule(schema: FieldSchema): FormRule {
  return {
    validator: (_, value: unknown) => {
      const r = schema.safeParse(value === '' ? undefined : value)
      return r.success ? Promise.resolve() : Promise.reject(new Error(r.error.issues[0]?.message ?? '格式不正确'))
    },
  }
}

const SEX_OPTIONS = Object.entries(SEX_LABEL).map(([value, label]) => ({ value: Number(value), label }))

/** A half-width column of the two-column people forms. */
export const Half = ({ children }: { children: ReactNode }) => (
  <Col xs={24} sm={12}>
    {children}
  </Col>
)

/** 姓名 (or 家长姓名 …) of a person form, checked by the shared trueNameField. */
export function TrueNameField({ label = '姓名' }: { label?: string }) {
  return (
    <Form.Item name="trueName" label={label} required rules={[zodRule(trueNameField)]}>
      <Input placeholder={`请输入${label}`} maxLength={30} />
    </Form.Item>
  )
}

/**
 * What an edit form says under a field it loaded masked (issue 26 point 2): the server keeps the stored value for its
 * unchanged mask, so only a real change needs typing in full.
 */
export const MASKED_HINT = '带*为脱敏显示，不修改则保留原值'

/** A required 手机号 (teachers, parents: it is also how an existing account is found); `editing` takes its mask back. */
export function MobileField({ editing = false }: { editing?: boolean }) {
  return (
    <Form.Item
      name="phone"
      label="手机号"
      required
      rules={[zodRule(editing ? maskableMobileField : mobileField)]}
      extra={editing ? MASKED_HINT : undefined}
    >
      <Input placeholder="请输入手机号" maxLength={11} />
    </Form.Item>
  )
}

/** 登录名 of a new person; `placeholder` names its default (默认为手机号, 默认为学号). */
export function LoginNameField({ placeholder }: { placeholder: string }) {
  return (
    <Form.Item name="userName" label="登录名" rules={[zodRule(loginNameField)]}>
      <Input placeholder={placeholder} maxLength={40} />
    </Form.Item>
  )
}

/** 备注, at most 200 characters. */
export function RemarkField() {
  return (
    <Form.Item name="remark" label="备注" rules={[{ max: 200, message: '备注不能超过200个字符' }]}>
      <Input.TextArea rows={1} placeholder="请输入备注" />
    </Form.Item>
  )
}

/** A select over a people dictionary (position, title …) of the org the page works on. */
export function DictField({
  name,
  label,
  dictType,
  orgId,
  placeholder = `请选择${label}`,
}: {
  name: string
  label: string
  dictType: DictType
  orgId?: number
  placeholder?: string
}) {
  const { options } = useDictOptions(dictType, orgId)
  return (
    <Form.Item name={name} label={label}>
      <Select allowClear placeholder={placeholder} options={options} showSearch={{ optionFilterProp: 'label' }} />
    </Form.Item>
  )
}

/**
 * 身份证号 and 性别 (001 §5): a valid ID card fills in the sex (odd 17th digit male 0, else female 1) and locks the
 * select, so the two cannot disagree; without one the sex is chosen freely.
 */
export function IdCardSexFields({ idCardSchema, editing = false }: { idCardSchema: FieldSchema; editing?: boolean }) {
  const form = Form.useFormInstance()
  const idCard = Form.useWatch('idCard', form) as string | null | undefined
  // A masked number (an edit form) is the stored card: its sex stays the card's.
  const derived = parseIdCard(idCard) !== null || (!!idCard && looksMasked(idCard))
  return (
    <>
      <Half>
        <Form.Item
          name="idCard"
          label="身份证号"
          rules={[zodRule(idCardSchema)]}
          extra={editing && idCard && looksMasked(idCard) ? MASKED_HINT : undefined}
        >
          <Input
            placeholder="请输入身份证号"
            maxLength={18}
            allowClear
            onChange={(e) => {
              const info = parseIdCard(e.target.value)
              if (info) form.setFieldValue('sex', info.sex)
            }}
          />
        </Form.Item>
      </Half>
      <Half>
        <Form.Item name="sex" label="性别" extra={derived ? '由身份证号确定' : undefined}>
          <Select allowClear placeholder="请选择性别" options={SEX_OPTIONS} disabled={!!derived} />
        </Form.Item>
      </Half>
    </>
  )
}

/** A YYYY-MM-DD date held as Dayjs in the form (see components/crud/dates). */
export function DayField({ name, label, required }: { name: string; label: string; required?: boolean }) {
  return (
    <Form.Item name={name} label={label} rules={required ? [{ required: true, message: `请选择${label}` }] : undefined}>
      <DatePicker style={{ width: '100%' }} placeholder={`请选择${label}`} />
    </Form.Item>
  )
}
export const dayOut = (d: Dayjs | null | undefined): string | null => (d ? fromDay(d) : null)
export const dayIn = (s: string | null | undefined): Dayjs | undefined => (s ? toDay(s) : undefined)
/** A nullable API value as a form's empty value (a Select shows its placeholder only for undefined). */
export const u = <T,>(v: T | null): T | undefined => v ?? undefined

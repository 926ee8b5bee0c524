import {
  requiredInfoContracts,
  VERIFY_FIELD_META,
  parseIdCard,
  type DictOptionType,
  type VerifyCheckResult,
  type VerifyField,
  type VerifyInfoBody,
} from '@zhixiao/shared'
import { Button, Form, Input, Select } from 'antd'
import type { Rule } from 'antd/es/form'
import { useState } from 'react'
import { callEnvelope } from '../../api/call'
import { notify } from '../../api/feedback'
import { useDictOptionGroups } from '../base-data/dict-api'

type Values = Partial<Record<VerifyField, string | number | null>>

/** The option type (001 §7.1 dictionary options) of each select field. */
const OPTION_TYPE_OF: Partial<Record<VerifyField, DictOptionType>> = {
  sex: 'sex',
  nationality: 'nation',
  politicalAttitudes: 'political_attitudes',
  education: 'education',
  academicDegree: 'academic_degree',
  technicalTitle: 'professional_title',
}

/**
 * The verify-info form after login (001 §3, §5): the fields the server lists as required, 请填写/请选择{label}
 * when empty, inputs trimmed, phone and ID card read-only once on file, and sex derived from the ID card
 * (locked when it is). The selects' options come in one call for the fields shown (dict/options), for `orgId`
 * (default: the session's org).
 */
export function VerifyInfoForm({
  check,
  onDone,
  submitText = '保存并进入',
  orgId,
}: {
  check: VerifyCheckResult
  onDone: () => void
  submitText?: string
  orgId?: number
}) {
  const [form] = Form.useForm<Values>()
  const [busy, setBusy] = useState(false)
  const idCard = Form.useWatch('idCard', form) as string | undefined
  const derivedSex = parseIdCard(typeof idCard === 'string' ? idCard : null)?.sex ?? null
  const optionsOf = useDictOptionGroups(
    check.selectedFiledList.flatMap((f) => OPTION_TYPE_OF[f] ?? []),
    orgId,
  )
  const onFile = (f: 'phone' | 'idCard') => !!check.detail[f]

  const control = (f: VerifyField) => {
    const { label, select } = VERIFY_FIELD_META[f]
    const type = OPTION_TYPE_OF[f]
    if (f === 'sex')
      return <Select placeholder={`请选择${label}`} options={optionsOf('sex')} disabled={derivedSex !== null} />
    if (f === 'nationality') return <Select showSearch placeholder={`请选择${label}`} options={optionsOf('nation')} />
    if (select && type) return <Select placeholder={`请选择${label}`} options={optionsOf(type)} />
    return (
      <Input
        placeholder={`请输入${label}`}
        readOnly={(f === 'phone' || f === 'idCard') && onFile(f)}
        onChange={
          f === 'idCard'
            ? (e) => {
                const sex = parseIdCard(e.target.value)?.sex
                if (sex !== undefined) form.setFields([{ name: 'sex', value: sex, errors: [] }])
              }
            : undefined
        }
      />
    )
  }

  const submit = async (v: Values) => {
    const trim = (x: unknown) => (typeof x === 'string' ? x.trim() || null : (x ?? null))
    const body: VerifyInfoBody = {
      userName: trim(v.userName) as string | null,
      idCard: trim(v.idCard) as string | null,
      phone: trim(v.phone) as string | null,
      sex: (derivedSex ?? v.sex ?? null) as number | null,
      nationality: trim(v.nationality) as string | null,
      politicalAttitudes: (v.politicalAttitudes ?? null) as number | null,
      education: (v.education ?? null) as number | null,
      academicDegree: (v.academicDegree ?? null) as number | null,
      technicalTitle: (v.technicalTitle ?? null) as number | null,
    }
    setBusy(true)
    try {
      const env = await callEnvelope(requiredInfoContracts.save, body)
      notify.success(env.msg)
      onDone()
    } catch {
      /* the client showed why */
    } finally {
      setBusy(false)
    }
  }

  return (
    <Form
      form={form}
      layout="vertical"
      initialValues={check.detail}
      onFinish={(v) => void submit(v)}
      data-testid="verify-info-form"
    >
      {check.selectedFiledList.map((f) => {
        const { label, select } = VERIFY_FIELD_META[f]
        // A sex derived from the ID card is locked and sent as derived, so it needs no rule of its own.
        const derived = f === 'sex' && derivedSex !== null
        const rules: Rule[] = derived
          ? []
          : [{ required: true, whitespace: !select, message: `${select ? '请选择' : '请填写'}${label}` }]
        if (f === 'idCard')
          rules.push({
            validator: async (_, value) => {
              if (value && !parseIdCard(String(value))) throw new Error('身份证号格式不正确')
            },
          })
        if (f === 'phone') rules.push({ pattern: /^1\d{10}$/, message: '手机号格式不正确' })
        return (
          <Form.Item key={f} name={f} label={label} rules={rules}>
            {control(f)}
          </Form.Item>
        )
      })}
      <Button type="primary" htmlType="submit" block size="large" loading={busy}>
        <span>{submitText}</span>
      </Button>
    </Form>
  )
}

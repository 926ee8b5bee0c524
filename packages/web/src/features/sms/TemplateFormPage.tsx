import type { SmsTemplateCreate } from '@zhixiao/shared'
import { useQuery } from '@tanstack/react-query'
import { Form, Input, Radio, Select, Spin } from 'antd'
import { useSearchParams } from 'react-router'
import { FormCard, PageFrame } from '../../components/crud'
import type { PageProps } from '../../navigation/page-props'
import { smsApi, SmsKeys } from './config-api'

/** /menhu-Duanxin/cu: a template, new or (?id=) edited. ${code} stands for the verification code. */
export default function SmsTemplateFormPage({ path, title }: PageProps) {
  const [params] = useSearchParams()
  const id = Number(params.get('id')) || null
  const events = useQuery({ queryKey: [SmsKeys.templates, 'events'], queryFn: () => smsApi.events() })
  const current = useQuery({
    queryKey: [SmsKeys.templates, 'one', id],
    queryFn: () => smsApi.template(id!),
    enabled: id !== null,
  })
  if (id !== null && !current.data)
    return (
      <PageFrame path={path} title={title}>
        <Spin />
      </PageFrame>
    )
  const t = current.data
  return (
    <PageFrame path={path} title={id ? '编辑短信模板' : '新增短信模板'}>
      <FormCard<SmsTemplateCreate>
        initialValues={
          t
            ? { event: t.event, name: t.name, templateCode: t.templateCode ?? '', content: t.content, status: t.status }
            : { event: 'login', status: 0, content: '您的验证码为${code}，5分钟内有效，请勿泄露给他人。' }
        }
        submit={(v) => (id ? smsApi.update({ ...v, id }) : smsApi.create(v))}
        groups={[SmsKeys.templates]}
        back="/menhu-Duanxin/index"
      >
        <Form.Item name="event" label="短信事件" rules={[{ required: true, message: '请选择短信事件' }]}>
          <Select options={events.data ?? []} loading={events.isLoading} />
        </Form.Item>
        <Form.Item
          name="name"
          label="模板名称"
          rules={[{ required: true, whitespace: true, message: '请输入模板名称' }]}
        >
          <Input maxLength={50} />
        </Form.Item>
        <Form.Item
          name="templateCode"
          label="服务商模板编号"
          extra="阿里云短信的模板 CODE，如 SMS_123456789；站内发件箱可不填"
        >
          <Input maxLength={64} />
        </Form.Item>
        <Form.Item
          name="content"
          label="模板内容"
          extra="${code} 处填入验证码"
          rules={[
            { required: true, whitespace: true, message: '请输入模板内容' },
            {
              validator: (_, v: string) =>
                v && !v.includes('${code}') ? Promise.reject(new Error('模板内容须包含 ${code}')) : Promise.resolve(),
            },
          ]}
        >
          <Input.TextArea maxLength={300} rows={3} />
        </Form.Item>
        <Form.Item name="status" label="状态">
          <Radio.Group
            options={[
              { value: 0, label: '启用' },
              { value: 1, label: '停用' },
            ]}
          />
        </Form.Item>
      </FormCard>
    </PageFrame>
  )
}

import {
  MESSAGE_EVENT_LABELS,
  MESSAGE_EVENTS,
  MESSAGE_KEYWORDS,
  PUSH_TYPE_LABELS,
  PUSH_TYPES,
  TEMPLATE_WRITE_CODE,
  type MessageEvent,
  type PushType,
  type TemplateBody,
  type TemplateRow,
} from '@zhixiao/shared'
import { Form, Input, Select, Space, Switch, Tag, Typography } from 'antd'
import { useState } from 'react'
import { CrudTableCard, deleteAction, PageFrame } from '../../components/crud'
import type { PageProps } from '../../navigation/page-props'
import { templateApi, TemplateKeys } from './api'

const eventOptions = MESSAGE_EVENTS.map((value) => ({ value, label: MESSAGE_EVENT_LABELS[value] }))
const pushOptions = PUSH_TYPES.map((value) => ({ value, label: PUSH_TYPE_LABELS[value] }))

/** The form's fields: the event decides the keywords offered, the push type the provider's template field. */
function TemplateFields() {
  const form = Form.useFormInstance<TemplateBody>()
  const event = (Form.useWatch('event', form) ?? 'joinApproved') as MessageEvent
  const push = (Form.useWatch('pushType', form) ?? 'site') as PushType
  const insert = (k: string) => form.setFieldValue('content', `${form.getFieldValue('content') ?? ''}{${k}}`)
  return (
    <>
      <Form.Item name="name" label="模板名称" rules={[{ required: true, whitespace: true, message: '请输入模板名称' }]}>
        <Input maxLength={30} />
      </Form.Item>
      <Form.Item name="event" label="触发事件" rules={[{ required: true, message: '请选择触发事件' }]}>
        <Select options={eventOptions} data-testid="template-event" />
      </Form.Item>
      <Form.Item name="pushType" label="推送方式" rules={[{ required: true, message: '请选择推送方式' }]}>
        <Select options={pushOptions} />
      </Form.Item>
      <Form.Item name="title" label="标题">
        <Input maxLength={50} />
      </Form.Item>
      <Form.Item
        name="content"
        label="模板内容"
        rules={[{ required: true, whitespace: true, message: '请输入模板内容' }]}
        extra={
          <Space size={4} wrap>
            可用关键字（点击插入）：
            {MESSAGE_KEYWORDS[event].map((k) => (
              <Tag key={k} style={{ cursor: 'pointer' }} onClick={() => insert(k)}>{`{${k}}`}</Tag>
            ))}
          </Space>
        }
      >
        <Input.TextArea rows={4} maxLength={500} showCount />
      </Form.Item>
      <Form.Item name="link" label="点击跳转（本站路由，可空）">
        <Input maxLength={500} placeholder="/portal/home" />
      </Form.Item>
      {push === 'sms' && (
        <Form.Item
          name="smsTemplateCode"
          label="短信模板编号"
          rules={[{ required: true, whitespace: true, message: '短信推送请选择短信模板' }]}
          extra="短信服务商（短信配置）中审核通过的模板编号；站内发件箱时仅记录"
        >
          <Input maxLength={64} />
        </Form.Item>
      )}
      {push === 'wechat' && (
        <Form.Item
          name="wxTemplateId"
          label="微信模板ID"
          extra="留空则使用服务号配置中该事件的模板ID；收件人须已绑定服务号"
        >
          <Input maxLength={64} />
        </Form.Item>
      )}
      <Form.Item name="enabled" label="启用" valuePropName="checked">
        <Switch />
      </Form.Item>
    </>
  )
}

/**
 * /menhu-accounts/configure (消息模板配置): the org's message templates per event and push type. An event without an
 * in-app template sends the built-in one (docs/messages.md "Messages and service accounts").
 */
export default function TemplatePage({ path, title }: PageProps) {
  const [event, setEvent] = useState<MessageEvent | undefined>()
  return (
    <PageFrame path={path} title={title}>
      <Typography.Paragraph type="secondary">
        未配置站内信模板的事件使用内置模板发送站内信；停用站内信模板则该事件不再发送站内信。
      </Typography.Paragraph>
      <CrudTableCard<TemplateRow, TemplateBody>
        queryKey={[TemplateKeys.list, event ?? '']}
        addCode={TEMPLATE_WRITE_CODE}
        editCode={TEMPLATE_WRITE_CODE}
        addLabel="新增模板"
        search="模板名称"
        filters={
          <Select
            allowClear
            placeholder="触发事件"
            aria-label="触发事件"
            style={{ width: 180 }}
            options={eventOptions}
            value={event}
            onChange={setEvent}
          />
        }
        fetch={(p) => templateApi.page({ pageIndex: p.pageIndex, pageSize: p.pageSize, event, name: p.keyword })}
        columns={[
          { title: '模板名称', dataIndex: 'name' },
          { title: '触发事件', dataIndex: 'event', render: (v: MessageEvent) => MESSAGE_EVENT_LABELS[v] ?? v },
          { title: '推送方式', dataIndex: 'pushType', render: (v: PushType) => PUSH_TYPE_LABELS[v] ?? v },
          { title: '模板内容', dataIndex: 'content', ellipsis: true },
          { title: '状态', dataIndex: 'enabled', render: (v: boolean) => (v ? '启用' : '停用') },
        ]}
        form={{
          noun: '模板',
          width: 600,
          fields: () => <TemplateFields />,
          initial: (r) =>
            r
              ? { ...r, event: r.event as MessageEvent, pushType: r.pushType as PushType }
              : { event: 'joinApproved', pushType: 'site', enabled: true, title: '', link: '' },
          submit: (v, r) => (r ? templateApi.update({ ...v, id: r.id }) : templateApi.create(v)),
        }}
        actions={[deleteAction<TemplateRow>(templateApi.remove, { code: TEMPLATE_WRITE_CODE })]}
      />
    </PageFrame>
  )
}

import { InputMsg, isSafeLink, SMS_TYPE_LABELS, SMS_TYPES, type SmsConfigSave, type SmsTemplate } from '@zhixiao/shared'
import { useQuery } from '@tanstack/react-query'
import { App, Button, Card, Checkbox, Form, Input, Select, Space, Spin } from 'antd'
import { useNavigate } from 'react-router'
import { CrudTableCard, deleteAction, PageFrame, useWrite } from '../../components/crud'
import type { PageProps } from '../../navigation/page-props'
import { smsApi, SmsKeys } from './config-api'

const CODE = 'sc_menhu_sms_config'

/**
 * /menhu-Duanxin/index (短信配置, sc_menhu_sms_config): the tenant's SMS provider (the outbox by default, or Alibaba
 * Cloud SMS; the secret is stored encrypted and never shown), the SMS step of password logins, and the templates.
 */
export default function SmsConfigPage({ path, title }: PageProps) {
  const cfg = useQuery({ queryKey: [SmsKeys.config], queryFn: () => smsApi.config() })
  const write = useWrite([SmsKeys.config])
  const navigate = useNavigate()
  const { modal } = App.useApp()
  const [form] = Form.useForm<SmsConfigSave>()
  const type = Form.useWatch('smsType', form)
  return (
    <PageFrame
      path={path}
      title={title}
      extra={<Button onClick={() => void navigate('/menhu-Duanxin/log')}>短信日志</Button>}
    >
      <Card size="small" title="短信服务配置" style={{ marginBottom: 16 }}>
        {!cfg.data ? (
          <Spin />
        ) : (
          <Form<SmsConfigSave>
            form={form}
            layout="vertical"
            style={{ maxWidth: 520 }}
            initialValues={{
              ...cfg.data,
              accessKeyId: cfg.data.accessKeyId ?? '',
              signName: cfg.data.signName ?? '',
              endpoint: cfg.data.endpoint ?? '',
              accessKeySecret: '',
            }}
            onFinish={(v) => void write(() => smsApi.save(v)).then(() => form.setFieldValue('accessKeySecret', ''))}
          >
            <Form.Item name="smsType" label="短信服务商">
              <Select
                data-testid="sms-type"
                options={SMS_TYPES.map((v) => ({ value: v, label: SMS_TYPE_LABELS[v] }))}
              />
            </Form.Item>
            {type === 'aliyun' && (
              <>
                <Form.Item
                  name="accessKeyId"
                  label="AccessKey ID"
                  rules={[{ required: true, whitespace: true, message: '请输入 AccessKey ID' }]}
                >
                  <Input maxLength={64} />
                </Form.Item>
                <Form.Item
                  name="accessKeySecret"
                  label="AccessKey Secret"
                  extra={cfg.data.hasSecret ? '已保存（加密存储，不再显示）；留空则不修改' : undefined}
                  rules={cfg.data.hasSecret ? [] : [{ required: true, message: '请输入 AccessKey Secret' }]}
                >
                  <Input.Password
                    maxLength={128}
                    autoComplete="new-password"
                    placeholder={cfg.data.hasSecret ? '••••••••' : ''}
                  />
                </Form.Item>
                <Form.Item
                  name="signName"
                  label="短信签名"
                  rules={[{ required: true, whitespace: true, message: '请输入短信签名' }]}
                >
                  <Input maxLength={32} />
                </Form.Item>
                <Form.Item
                  name="endpoint"
                  label="接口地址"
                  extra="留空使用 https://dysmsapi.aliyuncs.com/"
                  rules={[
                    {
                      validator: async (_, v?: string) => {
                        if (v && !isSafeLink(v.trim(), 'endpoint')) throw new Error(InputMsg.ENDPOINT_LINK)
                      },
                    },
                  ]}
                >
                  <Input maxLength={500} />
                </Form.Item>
              </>
            )}
            {type === 'outbox' && (
              <p style={{ color: 'rgba(0,0,0,0.6)' }}>
                站内发件箱不实际发送短信：短信记录在短信日志中，平台超级管理员可查看原文。
              </p>
            )}
            <Form.Item name="passwordLoginSmsStep" valuePropName="checked">
              <Checkbox data-testid="sms-step">账号密码登录后须短信验证（账号已绑定手机号时）</Checkbox>
            </Form.Item>
            <Space wrap>
              <Button type="primary" htmlType="submit" data-testid="sms-config-save">
                保存
              </Button>
              <Button
                danger
                onClick={() =>
                  modal.confirm({
                    title: '删除短信服务配置？',
                    content: '删除后回到站内发件箱，已保存的密钥一并删除。',
                    okText: '删除',
                    cancelText: '取消',
                    okButtonProps: { danger: true },
                    onOk: () => write(() => smsApi.remove()),
                  })
                }
              >
                删除配置
              </Button>
            </Space>
          </Form>
        )}
      </Card>
      <CrudTableCard<SmsTemplate>
        title="短信模板"
        queryKey={[SmsKeys.templates]}
        addCode={CODE}
        addLabel="新增模板"
        onAdd={() => void navigate('/menhu-Duanxin/cu')}
        fetch={(p) => smsApi.templates(p.pageIndex, p.pageSize)}
        columns={[
          { title: '事件', dataIndex: 'eventName' },
          { title: '模板名称', dataIndex: 'name' },
          { title: '模板编号', dataIndex: 'templateCode', render: (v: string | null) => v ?? '—' },
          { title: '模板内容', dataIndex: 'content' },
          { title: '状态', dataIndex: 'status', render: (v: number) => (v === 0 ? '启用' : '停用') },
        ]}
        actions={[
          { key: 'edit', label: '编辑', code: CODE, to: (r) => `/menhu-Duanxin/cu?id=${r.id}` },
          deleteAction<SmsTemplate>(smsApi.removeTemplate, { code: CODE }),
        ]}
      />
    </PageFrame>
  )
}

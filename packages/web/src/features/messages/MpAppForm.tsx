import {
  MESSAGE_EVENT_LABELS,
  MESSAGE_EVENTS,
  MP_PLATFORM_LABELS,
  type MpAppBody,
  type MpAppRow,
  type MpPlatform,
} from '@zhixiao/shared'
import { Form, Input, Switch } from 'antd'

/** The form's starting values: a stored row (never its secret) or an empty one of `platform`. */
export const mpInitial = (platform: MpPlatform, r?: MpAppRow | null): Partial<MpAppBody> =>
  r
    ? {
        id: r.id,
        platform: r.platform as MpPlatform,
        name: r.name,
        appId: r.appId,
        appSecret: '',
        agentId: r.agentId,
        apiBase: r.apiBase,
        templates: r.templates,
        enabled: r.enabled,
      }
    : {
        platform,
        name: MP_PLATFORM_LABELS[platform],
        appSecret: '',
        agentId: '',
        apiBase: '',
        templates: {},
        enabled: true,
      }

/**
 * The fields of a WeChat / DingTalk app: AppID, AppSecret (write-only: stored sealed, never shown; empty on an edit
 * keeps it), DingTalk's AgentId, another API host, and the platform's template id per event.
 */
export function MpAppFields({ platform, hasSecret }: { platform: MpPlatform; hasSecret: boolean }) {
  const dd = platform === 'dd_mini'
  return (
    <>
      <Form.Item name="platform" hidden>
        <Input />
      </Form.Item>
      <Form.Item name="id" hidden>
        <Input />
      </Form.Item>
      <Form.Item name="name" label="名称" rules={[{ required: true, whitespace: true, message: '请输入名称' }]}>
        <Input maxLength={30} />
      </Form.Item>
      <Form.Item
        name="appId"
        label={dd ? 'AppKey' : 'AppID'}
        rules={[{ required: true, pattern: /^[A-Za-z0-9_-]{6,64}$/, message: 'AppID格式不正确（字母、数字，6-64位）' }]}
      >
        <Input maxLength={64} data-testid="mp-app-id" />
      </Form.Item>
      <Form.Item
        name="appSecret"
        label="AppSecret"
        extra={hasSecret ? '已保存（加密存储，不再显示）；留空则不修改' : '加密存储，保存后不再显示'}
        rules={[
          ...(hasSecret ? [] : [{ required: true, message: '请输入AppSecret' }]),
          { pattern: /^[A-Za-z0-9_-]{16,128}$/, message: 'AppSecret格式不正确（字母、数字，16-128位）' },
        ]}
      >
        <Input.Password maxLength={128} autoComplete="new-password" placeholder={hasSecret ? '••••••••' : ''} />
      </Form.Item>
      {dd && (
        <Form.Item name="agentId" label="AgentId" rules={[{ pattern: /^\d*$/, message: 'AgentId只能是数字' }]}>
          <Input maxLength={32} />
        </Form.Item>
      )}
      <Form.Item
        name="apiBase"
        label="接口地址（可空）"
        extra={dd ? '留空使用钉钉开放平台' : '留空使用 https://api.weixin.qq.com/'}
      >
        <Input maxLength={500} />
      </Form.Item>
      {MESSAGE_EVENTS.map((e) => (
        <Form.Item key={e} name={['templates', e]} label={`模板ID：${MESSAGE_EVENT_LABELS[e]}`}>
          <Input maxLength={64} />
        </Form.Item>
      ))}
      <Form.Item name="enabled" label="启用" valuePropName="checked">
        <Switch />
      </Form.Item>
    </>
  )
}

/** Empty template ids are dropped, so a cleared field removes the mapping. */
export const cleanTemplates = (v: MpAppBody): MpAppBody => ({
  ...v,
  templates: Object.fromEntries(
    Object.entries(v.templates ?? {}).filter(([, id]) => typeof id === 'string' && id.trim() !== ''),
  ),
})

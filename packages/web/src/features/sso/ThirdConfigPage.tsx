import {
  InputMsg,
  isSafeLink,
  pathOf,
  ssoContracts,
  THIRD_TYPE_LABELS,
  THIRD_TYPES,
  type ThirdConfigBody,
  type ThirdConfigRow,
  type ThirdType,
} from '@zhixiao/shared'
import { Alert, Form, Input, InputNumber, Radio, Select, Tag, Typography } from 'antd'
import { CrudTableCard, deleteAction, PageFrame, statusColumn, type CrudForm } from '../../components/crud'
import type { PageProps } from '../../navigation/page-props'
import { thirdConfigApi } from './config-api'

const CODE = 'sc_menhu_third_config'
const TYPE_OPTIONS = THIRD_TYPES.map((t) => ({ value: t, label: THIRD_TYPE_LABELS[t] }))
const CLIENT_ID_LABEL: Record<ThirdType, string> = {
  oidc: '客户端 ID（client_id）',
  smartEdu: '客户端 ID（client_id）',
  dingtalk: 'Client ID（AppKey）',
  wecom: '企业 ID（CorpID）',
}
const SECRET_LABEL: Record<ThirdType, string> = {
  oidc: '客户端密钥（client_secret）',
  smartEdu: '客户端密钥（client_secret）',
  dingtalk: 'Client Secret（AppSecret）',
  wecom: '应用 Secret',
}
// The server's rule for provider addresses (https; docs/auth.md), said before the form is sent.
const httpRule = {
  validator: async (_: unknown, v?: string) => {
    if (v && !isSafeLink(v.trim(), 'endpoint')) throw new Error(InputMsg.ENDPOINT_LINK)
  },
}

/** The address to register at the provider as the redirect (callback) address. */
const callbackOf = (t: ThirdType) => `${window.location.origin}${pathOf(ssoContracts.callback, { thirdType: t })}`

function TypeFields({ type, editing }: { type: ThirdType; editing: ThirdConfigRow | null }) {
  const oidcLike = type === 'oidc' || type === 'smartEdu'
  return (
    <>
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        title={
          <>
            请在第三方平台登记回调地址：
            <Typography.Text copyable code>
              {callbackOf(type)}
            </Typography.Text>
          </>
        }
      />
      <Form.Item
        name="clientId"
        label={CLIENT_ID_LABEL[type]}
        rules={[{ required: true, whitespace: true, message: '请输入客户端 ID' }, { max: 200 }]}
      >
        <Input />
      </Form.Item>
      <Form.Item
        name="clientSecret"
        label={SECRET_LABEL[type]}
        extra={editing?.hasSecret ? '已保存密钥（不显示）；不修改请留空' : '加密保存，保存后不再显示'}
        rules={[{ required: !editing?.hasSecret, message: '请输入客户端密钥' }, { max: 500 }]}
      >
        <Input.Password autoComplete="new-password" placeholder={editing?.hasSecret ? '••••••（不修改请留空）' : ''} />
      </Form.Item>
      {oidcLike && (
        <>
          <Form.Item
            name="issuer"
            label="认证服务地址（issuer）"
            extra="将从 issuer/.well-known/openid-configuration 读取登录、令牌等地址"
            rules={[{ required: true, message: '请输入认证服务地址（issuer）' }, httpRule]}
          >
            <Input placeholder="https://idp.example.edu.cn" />
          </Form.Item>
          <Form.Item name="scope" label="权限范围（scope）" extra="openid 之外的范围，空格分隔；默认 profile">
            <Input placeholder="profile" />
          </Form.Item>
        </>
      )}
      {type === 'smartEdu' && (
        <Form.Item
          name="logoutUrl"
          label="平台退出地址"
          extra="平台的发现文档没有 end_session_endpoint 时填写"
          rules={[httpRule]}
        >
          <Input />
        </Form.Item>
      )}
      {type === 'wecom' && (
        <Form.Item
          name="agentId"
          label="应用 AgentId"
          rules={[{ required: true, whitespace: true, message: '请输入企业微信应用 AgentId' }, { max: 50 }]}
        >
          <Input />
        </Form.Item>
      )}
      {!oidcLike && (
        <>
          <Form.Item
            name="apiBase"
            label="接口地址"
            extra={type === 'dingtalk' ? '默认 https://api.dingtalk.com' : '默认 https://qyapi.weixin.qq.com'}
            rules={[httpRule]}
          >
            <Input />
          </Form.Item>
          <Form.Item
            name="authBase"
            label="登录页地址"
            extra={type === 'dingtalk' ? '默认 https://login.dingtalk.com' : '默认 https://login.work.weixin.qq.com'}
            rules={[httpRule]}
          >
            <Input />
          </Form.Item>
        </>
      )}
    </>
  )
}

const form: CrudForm<ThirdConfigRow, ThirdConfigBody> = {
  noun: '第三方登录',
  width: 640,
  initial: (r) =>
    r
      ? {
          thirdType: r.thirdType,
          name: r.name,
          status: r.status,
          clientId: r.clientId,
          issuer: r.issuer,
          apiBase: r.apiBase,
          authBase: r.authBase,
          agentId: r.agentId,
          scope: r.scope,
          logoutUrl: r.logoutUrl,
          sort: r.sort,
        }
      : { thirdType: 'oidc', status: 0, sort: 0 },
  submit: (v, r) => {
    // Empty optional addresses go as null; an empty secret on edit keeps the stored one.
    const body = {
      ...v,
      clientSecret: v.clientSecret || null,
      issuer: v.issuer || null,
      apiBase: v.apiBase || null,
      authBase: v.authBase || null,
      logoutUrl: v.logoutUrl || null,
    }
    return r ? thirdConfigApi.update({ ...body, id: r.id }) : thirdConfigApi.add(body)
  },
  fields: (editing) => (
    <>
      <Form.Item name="thirdType" label="类型" rules={[{ required: true, message: '请选择第三方类型' }]}>
        <Select options={TYPE_OPTIONS} />
      </Form.Item>
      <Form.Item
        name="name"
        label="按钮名称"
        extra="登录页按钮上显示的文字"
        rules={[{ required: true, whitespace: true, message: '请输入显示名称' }, { max: 30 }]}
      >
        <Input placeholder="如：区统一身份认证" />
      </Form.Item>
      <Form.Item noStyle shouldUpdate={(a: ThirdConfigBody, b: ThirdConfigBody) => a.thirdType !== b.thirdType}>
        {({ getFieldValue }) => (
          <TypeFields type={(getFieldValue('thirdType') as ThirdType | undefined) ?? 'oidc'} editing={editing} />
        )}
      </Form.Item>
      <Form.Item name="status" label="状态">
        <Radio.Group
          options={[
            { value: 0, label: '启用' },
            { value: 1, label: '停用' },
          ]}
        />
      </Form.Item>
      <Form.Item name="sort" label="排序">
        <InputNumber min={0} max={9999} style={{ width: '100%' }} />
      </Form.Item>
    </>
  ),
}

/**
 * /menhu-port/thirdConfig (第三方登录配置, sc_menhu_third_config): the tenant's single sign-on providers — OpenID
 * Connect, the smart-education platform, DingTalk, WeCom — one per type, shown as buttons on the login page.
 */
export default function ThirdConfigPage({ path, title }: PageProps) {
  return (
    <PageFrame path={path} title={title}>
      <CrudTableCard<ThirdConfigRow, ThirdConfigBody>
        queryKey={['thirdConfigs']}
        form={form}
        addLabel="新增第三方登录"
        addCode={CODE}
        editCode={CODE}
        fetch={(p) => thirdConfigApi.page(p)}
        columns={[
          { title: '按钮名称', dataIndex: 'name' },
          {
            title: '类型',
            dataIndex: 'thirdType',
            width: 130,
            render: (t: ThirdType) => <Tag>{THIRD_TYPE_LABELS[t]}</Tag>,
          },
          { title: '客户端 ID', dataIndex: 'clientId', ellipsis: true },
          { title: '密钥', dataIndex: 'hasSecret', width: 90, render: (v: boolean) => (v ? '已保存' : '未设置') },
          statusColumn<ThirdConfigRow>(),
          { title: '排序', dataIndex: 'sort', width: 80 },
        ]}
        actions={[
          { key: 'refresh', label: '检查连接', code: CODE, run: (r) => thirdConfigApi.refresh(r.id) },
          deleteAction<ThirdConfigRow>((id) => thirdConfigApi.remove(id), {
            content: '删除后，已绑定该方式的账号需重新绑定。',
            code: CODE,
          }),
        ]}
      />
    </PageFrame>
  )
}

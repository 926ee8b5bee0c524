import {
  APP_CHILDREN_DATA,
  APP_CHILDREN_DATA_LABEL,
  APP_PROTOCOL_LABEL,
  APP_PROTOCOLS,
  type AppClient,
  type AppClientSaveBody,
  type AppClientSecret,
} from '@zhixiao/shared'
import { Alert, Button, Form, Input, InputNumber, Radio, Select, Switch } from 'antd'
import { useWrite } from '../../components/crud'
import { AccessKeys, appAccessApi } from './access-api'
import { AccessUrlList } from './AccessUrlList'
import { ScopeGrant } from './ScopeGrant'

type Values = Omit<AppClientSaveBody, 'appId'>

const CAS_USER_ATTRS = [
  { value: 'sub', label: '用户标识（sub，与 OpenID 相同）' },
  { value: 'staff_no', label: '工号（staff_no）' },
  { value: 'student_no', label: '学号（student_no）' },
  { value: 'user_info_id', label: '门户用户编号（user_info_id）' },
]

/** A new app starts on the portal token, with one empty address row ready for each list. */
const FRESH: Values = {
  protocol: 'token',
  publicClient: false,
  redirectUris: [''],
  postLogoutUris: [],
  backchannelLogoutUri: '',
  casServices: [''],
  casUserAttr: 'sub',
  scopes: ['profile'],
  subjectType: 'pairwise',
  clientCredentials: false,
  ratePerMinute: 600,
  // Third-party until the district says it is its own school-duty app (docs/privacy.md "Consent").
  childrenData: 'consent',
}

function initialOf(c: AppClient | null): Values {
  if (!c) return FRESH
  return {
    protocol: c.protocol,
    publicClient: c.publicClient,
    redirectUris: c.redirectUris.length ? c.redirectUris : [''],
    postLogoutUris: c.postLogoutUris,
    backchannelLogoutUri: c.backchannelLogoutUri,
    casServices: c.casServices.length ? c.casServices : [''],
    casUserAttr: c.casUserAttr as Values['casUserAttr'],
    scopes: c.scopes as Values['scopes'],
    subjectType: c.subjectType,
    clientCredentials: c.clientCredentials,
    ratePerMinute: c.ratePerMinute,
    childrenData: c.childrenData,
  }
}

function OidcFields() {
  const publicClient = Form.useWatch<boolean>('publicClient')
  return (
    <>
      <AccessUrlList name="redirectUris" label="回调地址" extra="登录后回到应用的地址，须与应用请求中的完全一致" />
      <AccessUrlList name="postLogoutUris" label="退出后跳转地址" />
      <Form.Item
        name="backchannelLogoutUri"
        label="后端退出通知地址"
        extra="用户在门户退出时，门户向此地址发送退出通知（back-channel logout）"
      >
        <Input placeholder="https://…" />
      </Form.Item>
      <Form.Item
        name="publicClient"
        label="公开客户端"
        valuePropName="checked"
        extra="无密钥，须使用 PKCE（如手机应用、单页应用）"
      >
        <Switch />
      </Form.Item>
      <Form.Item
        name="clientCredentials"
        label="服务端凭证"
        valuePropName="checked"
        extra="允许应用以客户端凭证（client credentials）调用通讯录等接口"
      >
        <Switch disabled={publicClient} />
      </Form.Item>
      <Form.Item name="subjectType" label="用户标识">
        <Radio.Group
          options={[
            { value: 'pairwise', label: '成对标识（每个应用不同，推荐外部厂商使用）' },
            { value: 'public', label: '公共标识（各应用相同）' },
          ]}
        />
      </Form.Item>
    </>
  )
}

function CasFields() {
  return (
    <>
      <AccessUrlList name="casServices" label="服务地址" extra="票据只发给这些服务地址（完全一致）" />
      <Form.Item name="casUserAttr" label="<cas:user> 取值">
        <Select options={CAS_USER_ATTRS} aria-label="<cas:user> 取值" />
      </Form.Item>
    </>
  )
}

/**
 * The protocol settings of one app: protocol, its addresses, what the district grants it, the rate limit. A save
 * that creates the app's secret hands it to `onSecret` (shown once by the drawer).
 */
export function AppAccessForm({
  appId,
  client,
  onSecret,
}: {
  appId: number
  client: AppClient | null
  onSecret: (s: AppClientSecret) => void
}) {
  const [form] = Form.useForm<Values>()
  const protocol = Form.useWatch('protocol', form) ?? client?.protocol ?? FRESH.protocol
  const write = useWrite([AccessKeys.client, AccessKeys.log])
  const submit = async () => {
    // The whole form, hidden protocols' fields included: switching protocol back and forth loses nothing.
    const v = form.getFieldsValue(true) as Values
    const body = { ...v, appId, clientCredentials: !v.publicClient && !!v.clientCredentials }
    const env = await write(() => appAccessApi.save(body))
    if (env?.data.secret) onSecret(env.data.secret)
  }
  return (
    <Form<Values> form={form} layout="vertical" initialValues={initialOf(client)} onFinish={() => void submit()}>
      <Form.Item name="protocol" label="接入协议">
        <Radio.Group options={APP_PROTOCOLS.map((p) => ({ value: p, label: APP_PROTOCOL_LABEL[p] }))} />
      </Form.Item>
      {protocol === 'token' && (
        <Alert
          type="info"
          showIcon
          title="应用从门户打开时通过一次性令牌（accesstoken）获取登录用户，无需其他设置。"
          style={{ marginBottom: 16 }}
        />
      )}
      {protocol === 'oidc' && <OidcFields />}
      {protocol === 'cas' && <CasFields />}
      {protocol !== 'token' && (
        <Form.Item name="scopes" label="授权范围" extra="应用只能获得已勾选范围的字段">
          <ScopeGrant />
        </Form.Item>
      )}
      {protocol !== 'token' && (
        <Form.Item
          name="childrenData"
          label="应用类型（孩子的信息）"
          extra="第三方应用只有在监护人同意后才能通过登录信息、通讯录接口和回调获得未成年学生的信息；学校职责应用（学籍、教学）无需同意"
        >
          <Radio.Group options={APP_CHILDREN_DATA.map((v) => ({ value: v, label: APP_CHILDREN_DATA_LABEL[v] }))} />
        </Form.Item>
      )}
      <Form.Item name="ratePerMinute" label="调用频率上限（次/分钟）">
        <InputNumber min={10} max={100_000} precision={0} style={{ width: 160 }} />
      </Form.Item>
      <Button type="primary" htmlType="submit">
        保存
      </Button>
    </Form>
  )
}

import {
  SCHOOL_STAGE_LABEL,
  optionsOf,
  TENANT_MODULE_TYPE_LABEL,
  TRADE_LABEL,
  VERIFY_FIELD_META,
  VERIFY_FIELDS,
  type VerifyField,
} from '@zhixiao/shared'
import { Form, Input, InputNumber, Select, Switch } from 'antd'
import { UnitAttrSelect } from '../../components/UnitAttrSelect'

export interface TenantValues {
  name: string
  uniqueName: string
  trade: 1 | 2 | 3
  tenantModuleType: 0 | 1 | 3 | 4
  appType?: 1 | 2 | null
  topOrgName: string
  topOrgUnitAttr: number
  adminUserName: string
  adminTrueName?: string
  defaultPassword: string
  passwordMaxAgeDays?: number
  sysName?: string | null
  requiredInfoAfterLogin?: boolean
  requiredInfoFields?: VerifyField[]
  studentSiteUrl?: string | null
  backgroundUrl?: string | null
  smartChinaLogin?: boolean
  jumpAfterLogin?: string | null
  domain?: string | null
}

const grid = { display: 'grid', gridTemplateColumns: '1fr 1fr', columnGap: 16 } as const

const nameItem = (
  <Form.Item
    name="name"
    label="租户名称"
    rules={[
      { required: true, whitespace: true, message: '请输入租户名称' },
      { max: 50, message: '租户名称不能超过50个字符' },
    ]}
  >
    <Input placeholder="请输入租户名称" />
  </Form.Item>
)
const modeItem = (
  <Form.Item name="tenantModuleType" label="租户模式" rules={[{ required: true, message: '请选择租户模式' }]}>
    <Select placeholder="请选择租户模式" options={optionsOf(TENANT_MODULE_TYPE_LABEL)} />
  </Form.Item>
)
const VERIFY_OPTIONS = VERIFY_FIELDS.map((f) => ({ value: f, label: VERIFY_FIELD_META[f].label }))

/** Login settings: the verify form after login (its required fields) and the separate student site. */
function LoginSettings() {
  const verify = Form.useWatch<boolean | undefined>('requiredInfoAfterLogin')
  return (
    <>
      <Form.Item name="requiredInfoAfterLogin" label="登录后核验个人信息" valuePropName="checked">
        <Switch />
      </Form.Item>
      <Form.Item
        name="requiredInfoFields"
        label="核验必填项"
        hidden={!verify}
        rules={[{ required: !!verify, message: '请选择核验必填项' }]}
      >
        <Select mode="multiple" placeholder="请选择核验必填项" options={VERIFY_OPTIONS} />
      </Form.Item>
      <Form.Item
        name="studentSiteUrl"
        label="学生站点地址"
        extra="学生登录后跳转到此地址；留空则留在本门户"
        rules={[{ pattern: /^https?:\/\/\S+$/, message: '学生站点地址须以 http:// 或 https:// 开头' }]}
      >
        <Input placeholder="如 https://student.example.edu.cn" />
      </Form.Item>
      <Form.Item
        name="domain"
        label="租户域名"
        extra="用此域名打开门户时，登录页即为该租户的登录页；留空则不绑定。域名在租户间唯一"
        rules={[
          {
            pattern: /^[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?(\.[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*$/,
            message: '域名格式有误，请输入主机名，如 portal.example.edu.cn',
          },
          { max: 253, message: '输入内容过长' },
        ]}
      >
        <Input placeholder="如 portal.example.edu.cn" data-testid="tenant-domain" />
      </Form.Item>
      <Form.Item
        name="backgroundUrl"
        label="登录背景图片"
        extra="登录页的背景图片地址；留空则用默认背景"
        rules={[
          { pattern: /^(https?:\/\/\S+|\/[^/\\]\S*)$/, message: '登录背景图片须以 http:// 、https:// 或 / 开头' },
          { max: 500, message: '输入内容过长' },
        ]}
      >
        <Input placeholder="如 https://img.example.edu.cn/login.jpg" />
      </Form.Item>
      <Form.Item
        name="smartChinaLogin"
        label="智慧教育平台登录"
        valuePropName="checked"
        extra="开启后，登录页首先提供“智慧教育平台登录”（须在第三方登录中配置并启用 smartEdu）；未配置时登录页不变"
      >
        <Switch />
      </Form.Item>
      <Form.Item
        name="jumpAfterLogin"
        label="登录后跳转地址"
        extra="登录成功后进入此地址（本门户路径如 /portal/home，或 http(s) 地址）；留空则按用户类型进入首页"
        rules={[
          { pattern: /^(https?:\/\/\S+|\/[^/\\]\S*)$/, message: '登录后跳转地址须以 http:// 、https:// 或 / 开头' },
          { max: 500, message: '输入内容过长' },
        ]}
      >
        <Input placeholder="如 /portal/home" data-testid="tenant-jump-after-login" />
      </Form.Item>
    </>
  )
}

/** Password age and system name (an empty name falls back to the default 智慧平台). */
const settingItems = (
  <>
    <Form.Item name="passwordMaxAgeDays" label="密码有效期（天）" extra="0 为不过期">
      <InputNumber min={0} max={3650} style={{ width: '100%' }} />
    </Form.Item>
    <Form.Item name="sysName" label="系统名称" rules={[{ max: 30, message: '系统名称不能超过30个字符' }]}>
      <Input placeholder="登录页显示的系统名称" />
    </Form.Item>
  </>
)

/** The tenant form: editing changes only name, mode, password age and system name; adding also sets up the top org and admin. */
export function TenantFields({ adding }: { adding: boolean }) {
  const trade = Form.useWatch<number | undefined>('trade')
  if (!adding)
    return (
      <>
        {nameItem}
        {modeItem}
        {settingItems}
        <LoginSettings />
      </>
    )
  return (
    <div style={grid}>
      {nameItem}
      <Form.Item
        name="uniqueName"
        label="租户标识"
        rules={[
          { required: true, message: '请输入租户标识' },
          { pattern: /^[a-z0-9][a-z0-9-]{1,39}$/, message: '租户标识为2-40位小写字母、数字或-' },
        ]}
      >
        <Input placeholder="如 demo-school" />
      </Form.Item>
      <Form.Item name="trade" label="行业类型" rules={[{ required: true, message: '请选择行业类型' }]}>
        <Select placeholder="请选择行业类型" options={optionsOf(TRADE_LABEL)} />
      </Form.Item>
      {trade === 1 ? (
        <Form.Item name="appType" label="学段类型" rules={[{ required: true, message: '请选择学段类型' }]}>
          <Select options={optionsOf(SCHOOL_STAGE_LABEL)} />
        </Form.Item>
      ) : (
        <div />
      )}
      {modeItem}
      <div />
      <Form.Item
        name="topOrgName"
        label="顶级机构名称"
        rules={[
          { required: true, whitespace: true, message: '请输入顶级机构名称' },
          { max: 50, message: '机构名称不能超过50个字符' },
        ]}
      >
        <Input placeholder="请输入顶级机构名称" />
      </Form.Item>
      <Form.Item name="topOrgUnitAttr" label="顶级机构单位属性" rules={[{ required: true, message: '请选择单位属性' }]}>
        <UnitAttrSelect />
      </Form.Item>
      <Form.Item
        name="adminUserName"
        label="管理员账号"
        rules={[
          { required: true, message: '请输入管理员账号' },
          { pattern: /^[A-Za-z0-9_.@-]{3,32}$/, message: '管理员账号为3-32位字母、数字或_.@-' },
        ]}
      >
        <Input placeholder="请输入管理员账号" autoComplete="off" />
      </Form.Item>
      <Form.Item
        name="adminTrueName"
        label="管理员姓名"
        rules={[
          { required: true, whitespace: true, message: '请输入管理员姓名' },
          { max: 30, message: '管理员姓名不能超过30个字符' },
        ]}
      >
        <Input placeholder="请输入管理员姓名" />
      </Form.Item>
      <Form.Item
        name="defaultPassword"
        label="初始密码"
        extra="管理员首次登录时须修改"
        rules={[
          { required: true, message: '请输入初始密码' },
          { min: 8, message: '初始密码至少8位' },
          { max: 20, message: '初始密码不能超过20位' },
          { pattern: /^(?=.*[A-Za-z])(?=.*\d)\S+$/, message: '初始密码须同时包含字母和数字' },
        ]}
      >
        <Input placeholder="请输入初始密码" autoComplete="off" />
      </Form.Item>
      <div />
      {settingItems}
      <div style={{ gridColumn: '1 / -1' }}>
        <LoginSettings />
      </div>
    </div>
  )
}

import { PcPortalPerm, systemInfoConfig, type SystemInfoConfig } from '@zhixiao/shared'
import { useQuery } from '@tanstack/react-query'
import { Card, Checkbox, Form, Input, Spin, Tag } from 'antd'
import { notify } from '../../api/feedback'
import { PageFrame, useWrite } from '../../components/crud'
import { PermButton } from '../../components/PermButton'
import type { PageProps } from '../../navigation/page-props'
import { PcKeys, pcPortalApi } from './api'
import { SOURCE_LABEL } from './ListEditor'

const FIELDS: [keyof SystemInfoConfig, string, string?][] = [
  ['sysName', '系统名称', '留空使用租户的系统名称'],
  ['operator', '运营单位'],
  ['contactPhone', '联系电话'],
  ['contactEmail', '联系邮箱'],
  ['icpNumber', 'ICP备案号'],
  ['supportUrl', '技术支持地址', 'https://'],
]

/**
 * /menhu-systems (sc_menhu_sys_info): the system info of the admin's org (inherited by the orgs below), shown on the
 * login page footer and in 关于系统 of the portal header's user menu; the version is the running server's.
 */
export default function SystemInfoPage({ path, title }: PageProps) {
  const cfg = useQuery({ queryKey: [PcKeys.sysInfo, 'admin'], queryFn: () => pcPortalApi.storedSysInfo() })
  const write = useWrite([PcKeys.sysInfo])
  const [form] = Form.useForm<SystemInfoConfig>()
  if (!cfg.data)
    return (
      <PageFrame path={path} title={title}>
        <Spin />
      </PageFrame>
    )
  const { orgId: _org, source, ...initial } = cfg.data
  const save = async () => {
    const parsed = systemInfoConfig.safeParse({ ...initial, ...form.getFieldsValue() })
    if (!parsed.success) {
      notify.error(parsed.error.issues[0]?.message ?? '输入有误')
      return
    }
    await write(() => pcPortalApi.saveSysInfo(parsed.data))
  }
  return (
    <PageFrame path={path} title={title} extra={<Tag data-testid="config-source">{SOURCE_LABEL[source]}</Tag>}>
      <Card size="small">
        <Form
          form={form}
          layout="vertical"
          initialValues={initial}
          style={{ maxWidth: 560 }}
          data-testid="sys-info-form"
        >
          {FIELDS.map(([name, label, placeholder]) => (
            <Form.Item key={name} name={name} label={label}>
              <Input placeholder={placeholder} />
            </Form.Item>
          ))}
          <Form.Item name="notice" label="公告（登录页与关于系统显示）">
            <Input.TextArea rows={3} maxLength={200} showCount />
          </Form.Item>
          <Form.Item name="showOnLogin" valuePropName="checked">
            <Checkbox>在登录页底部显示</Checkbox>
          </Form.Item>
          <PermButton
            code={PcPortalPerm.SYS_INFO_SAVE}
            type="primary"
            data-testid="sys-info-save"
            onClick={() => void save()}
          >
            保存
          </PermButton>
        </Form>
      </Card>
    </PageFrame>
  )
}

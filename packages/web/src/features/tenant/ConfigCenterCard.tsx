import { CONFIG_CENTER_LABEL, configCenterSaveBody, type ConfigCenter } from '@zhixiao/shared'
import { useQuery } from '@tanstack/react-query'
import { Button, Card, Form, Input, InputNumber, Spin } from 'antd'
import { notify } from '../../api/feedback'
import { useWrite } from '../../components/crud'
import { applyConfigCenter } from '../../bootstrap/startup'
import { appConfig, CONFIG_DEFAULTS } from '../../config'
import { ConfigCenterKeys, configCenterApi } from './config-center-api'

type Values = Omit<ConfigCenter, 'schoolOrgId'> & { schoolOrgId: number | null | undefined }

const FIELDS: [keyof Omit<ConfigCenter, 'schoolOrgId'>, string, string][] = [
  ['gateway', CONFIG_CENTER_LABEL.gateway, '如 https://gw.example.edu.cn'],
  ['file', CONFIG_CENTER_LABEL.file, '图片等文件（/minires）的地址前缀，如 https://files.example.edu.cn'],
  ['mqtt', CONFIG_CENTER_LABEL.mqtt, '如 wss://mqtt.example.edu.cn/mqtt'],
  ['ai', CONFIG_CENTER_LABEL.ai, '留空使用本服务器的智能助手'],
  ['placeBookingUrl', CONFIG_CENTER_LABEL.placeBookingUrl, '手机打开场地预约时跳转的地址'],
  ['version', CONFIG_CENTER_LABEL.version, '关于系统中显示为 V+版本；留空显示程序版本'],
]

/**
 * 配置中心 on /base-set/system (001 §2.4; docs/config-center.md "Startup"): the addresses and settings every browser loads at
 * startup. Only the super administrator reaches this page, and the server checks it again on save.
 */
export function ConfigCenterCard() {
  const cfg = useQuery({ queryKey: [ConfigCenterKeys.center], queryFn: configCenterApi.get })
  const write = useWrite([ConfigCenterKeys.center])
  const [form] = Form.useForm<Values>()
  const save = async () => {
    const v = form.getFieldsValue()
    const parsed = configCenterSaveBody.safeParse({ ...v, schoolOrgId: v.schoolOrgId ?? null })
    if (!parsed.success) {
      notify.error(parsed.error.issues[0]?.message ?? '输入有误')
      return
    }
    // This tab uses the new values at once; other browsers at their next start.
    if (await write(() => configCenterApi.save(parsed.data))) applyConfigCenter(parsed.data, appConfig, CONFIG_DEFAULTS)
  }
  return (
    <Card size="small" title="配置中心" style={{ marginBottom: 16 }} data-testid="config-center">
      {!cfg.data ? (
        <Spin />
      ) : (
        <Form form={form} layout="vertical" initialValues={cfg.data} style={{ maxWidth: 640 }}>
          {FIELDS.map(([name, label, placeholder]) => (
            <Form.Item key={name} name={name} label={label}>
              <Input placeholder={placeholder} maxLength={300} />
            </Form.Item>
          ))}
          <Form.Item
            name="schoolOrgId"
            label={CONFIG_CENTER_LABEL.schoolOrgId}
            extra="学校类租户（租户模式为学校门户）的用户登录后进入该学校的门户首页；留空则不开放学校门户"
          >
            <InputNumber min={1} precision={0} style={{ width: 240 }} placeholder="学校机构的ID" />
          </Form.Item>
          <Button type="primary" data-testid="config-center-save" onClick={() => void save()}>
            保存
          </Button>
        </Form>
      )}
    </Card>
  )
}

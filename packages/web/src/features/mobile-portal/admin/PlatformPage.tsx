import {
  ALARM_LEVEL_LABEL,
  ALARM_LEVELS,
  MOBILE_BUTTONS,
  MOBILE_TERMINAL_LABEL,
  MOBILE_TERMINALS,
  type MobileHomeAlarm,
  type MobilePortalSettings,
} from '@zhixiao/shared'
import { useQuery } from '@tanstack/react-query'
import { Card, Checkbox, DatePicker, Form, Input, Radio, Skeleton, Switch } from 'antd'
import dayjs, { type Dayjs } from 'dayjs'
import { useEffect } from 'react'
import { PageFrame, useWrite } from '../../../components/crud'
import { formValues } from '../../../components/form-values'
import { PermButton } from '../../../components/PermButton'
import type { PageProps } from '../../../navigation/page-props'
import { mobileApi, MobileKeys, MOBILE_WRITE_KEYS } from '../api'

type AlarmForm = Omit<MobileHomeAlarm, 'startDate' | 'endDate'> & { range?: [Dayjs | null, Dayjs | null] | null }
const code = MOBILE_BUTTONS.platform.edit

/**
 * /menhu-Platform (移动端设置, docs/mobile-portal.md "Mobile portal"): which terminals have the mobile portal, what a closed
 * one says, the PC offer, the banner and quick-entry switches, and the notice bar of the mobile home.
 */
export default function PlatformPage({ path, title }: PageProps) {
  const settings = useQuery({ queryKey: [MobileKeys.config, 'settings'], queryFn: mobileApi.settings })
  const alarm = useQuery({ queryKey: [MobileKeys.config, 'alarm'], queryFn: mobileApi.alarm })
  const [sForm] = Form.useForm<MobilePortalSettings>()
  const [aForm] = Form.useForm<AlarmForm>()
  useEffect(() => {
    if (settings.data) sForm.setFieldsValue(settings.data)
  }, [settings.data, sForm])
  useEffect(() => {
    const a = alarm.data?.value
    if (a)
      aForm.setFieldsValue({
        ...a,
        range:
          a.startDate || a.endDate
            ? [a.startDate ? dayjs(a.startDate) : null, a.endDate ? dayjs(a.endDate) : null]
            : null,
      })
  }, [alarm.data, aForm])
  const write = useWrite(MOBILE_WRITE_KEYS)
  const saveSettings = async () => {
    const v = await formValues(sForm)
    if (v) await write(() => mobileApi.setSettings({ ...v, closedMessage: v.closedMessage ?? '' }))
  }
  const saveAlarm = async () => {
    const v = await formValues(aForm)
    if (!v) return
    const [from, to] = v.range ?? [null, null]
    await write(() =>
      mobileApi.setAlarm({
        enabled: v.enabled,
        text: v.text ?? '',
        level: v.level,
        terminals: v.terminals ?? [],
        startDate: from ? from.format('YYYY-MM-DD') : '',
        endDate: to ? to.format('YYYY-MM-DD') : '',
      }),
    )
  }
  return (
    <PageFrame path={path} title={title}>
      <Card
        title="移动端开关"
        style={{ marginBottom: 16 }}
        extra={
          <PermButton code={code} type="primary" onClick={() => void saveSettings()} data-testid="settings-save">
            保存
          </PermButton>
        }
      >
        {settings.isPending ? (
          <Skeleton active />
        ) : (
          <Form form={sForm} layout="vertical" style={{ maxWidth: 560 }}>
            {MOBILE_TERMINALS.map((t) => (
              <Form.Item
                key={t}
                name={`${t}Enabled`}
                label={`${MOBILE_TERMINAL_LABEL[t]}移动端`}
                valuePropName="checked"
              >
                <Switch checkedChildren="开启" unCheckedChildren="关闭" />
              </Form.Item>
            ))}
            <Form.Item name="closedMessage" label="关闭时的提示语" rules={[{ max: 100 }]}>
              <Input maxLength={100} placeholder="移动端门户暂未开放，请联系学校管理员" />
            </Form.Item>
            <Form.Item name="showBanner" label="首页显示轮播图" valuePropName="checked">
              <Switch />
            </Form.Item>
            <Form.Item name="showQuick" label="首页显示快捷入口" valuePropName="checked">
              <Switch />
            </Form.Item>
            <Form.Item name="offerOnPc" label="手机打开电脑版门户时提示切换到移动版" valuePropName="checked">
              <Switch />
            </Form.Item>
          </Form>
        )}
      </Card>
      <Card
        title="首页提醒"
        extra={
          <PermButton code={code} type="primary" onClick={() => void saveAlarm()}>
            保存
          </PermButton>
        }
      >
        {alarm.isPending ? (
          <Skeleton active />
        ) : (
          <Form form={aForm} layout="vertical" style={{ maxWidth: 560 }}>
            <Form.Item name="enabled" label="启用" valuePropName="checked">
              <Switch />
            </Form.Item>
            <Form.Item name="text" label="提醒内容" rules={[{ max: 200 }]}>
              <Input.TextArea rows={2} maxLength={200} />
            </Form.Item>
            <Form.Item name="level" label="级别">
              <Radio.Group options={ALARM_LEVELS.map((l) => ({ value: l, label: ALARM_LEVEL_LABEL[l] }))} />
            </Form.Item>
            <Form.Item name="range" label="有效期（不填为长期）">
              <DatePicker.RangePicker allowEmpty={[true, true]} style={{ maxWidth: '100%' }} />
            </Form.Item>
            <Form.Item name="terminals" label="提醒对象">
              <Checkbox.Group options={MOBILE_TERMINALS.map((t) => ({ value: t, label: MOBILE_TERMINAL_LABEL[t] }))} />
            </Form.Item>
          </Form>
        )}
      </Card>
    </PageFrame>
  )
}

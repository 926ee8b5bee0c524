import {
  QWEATHER_DEFAULT_HOST,
  WEATHER_PROVIDER_LABEL,
  WEATHER_PROVIDERS,
  type CampusWeatherConfig,
  type WeatherConfigSave,
} from '@zhixiao/shared'
import { useQuery } from '@tanstack/react-query'
import { Alert, Card, Form, Input, Select, Space, Spin, Typography } from 'antd'
import { useState } from 'react'
import { PageFrame, useWrite } from '../../components/crud'
import { PermButton } from '../../components/PermButton'
import type { PageProps } from '../../navigation/page-props'
import { campusApi, CampusKeys } from './api'

const CODE = 'sc_menhu_pc_weather'

/**
 * /menhu-port/weather (天气配置, sc_menhu_pc): the tenant's weather provider for the campus portal (off by default;
 * QWeather with a key kept encrypted and never shown), the test button, and this org's weather location.
 */
export default function WeatherConfigPage({ path, title }: PageProps) {
  const cfg = useQuery({ queryKey: [CampusKeys.weatherConfig], queryFn: () => campusApi.weatherConfig() })
  const loc = useQuery({ queryKey: [CampusKeys.weatherLocation], queryFn: () => campusApi.location() })
  const write = useWrite([CampusKeys.weatherConfig, CampusKeys.weatherLocation])
  const [form] = Form.useForm<WeatherConfigSave>()
  const [locForm] = Form.useForm<CampusWeatherConfig>()
  const provider = Form.useWatch('provider', form)
  const [tested, setTested] = useState<string | null>(null)

  const test = async () => {
    setTested(null)
    const v = await form.validateFields()
    const location = String(locForm.getFieldValue('location') ?? '')
    const env = await write(() => campusApi.testWeather({ ...v, location }))
    if (env)
      setTested(`${env.data.text} ${env.data.temp}°C（${new Date(env.data.obsTime).toLocaleString('zh-CN')} 观测）`)
  }

  return (
    <PageFrame path={path} title={title}>
      <Card size="small" title="天气服务" style={{ marginBottom: 16 }}>
        {!cfg.data ? (
          <Spin />
        ) : (
          <Form<WeatherConfigSave>
            form={form}
            layout="vertical"
            style={{ maxWidth: 520 }}
            disabled={!cfg.data.editable}
            initialValues={{ provider: cfg.data.provider, apiHost: cfg.data.apiHost, apiKey: '' }}
            onFinish={(v) =>
              void write(() => campusApi.saveWeatherConfig(v)).then(() => form.setFieldValue('apiKey', ''))
            }
          >
            {!cfg.data.editable && (
              <Alert
                type="info"
                showIcon
                style={{ marginBottom: 12 }}
                message="天气服务由顶级机构的管理员配置，本机构可设置天气城市。"
              />
            )}
            <Form.Item name="provider" label="天气服务商">
              <Select
                data-testid="weather-provider"
                options={WEATHER_PROVIDERS.map((v) => ({ value: v, label: WEATHER_PROVIDER_LABEL[v] }))}
              />
            </Form.Item>
            {provider === 'qweather' && (
              <>
                <Form.Item
                  name="apiHost"
                  label="API Host"
                  extra={`和风天气控制台-设置中的 API Host；留空使用 ${QWEATHER_DEFAULT_HOST}`}
                >
                  <Input maxLength={200} placeholder="https://xxxx.qweatherapi.com" />
                </Form.Item>
                <Form.Item
                  name="apiKey"
                  label="API KEY"
                  extra={cfg.data.hasKey ? '已保存（加密存储，不再显示）；留空则不修改' : undefined}
                  rules={cfg.data.hasKey ? [] : [{ required: true, message: '请输入天气服务密钥（API KEY）' }]}
                >
                  <Input.Password
                    maxLength={100}
                    autoComplete="new-password"
                    placeholder={cfg.data.hasKey ? '••••••••' : ''}
                    data-testid="weather-key"
                  />
                </Form.Item>
              </>
            )}
            {provider === 'off' && (
              <Typography.Paragraph type="secondary">
                关闭时校园门户显示“未开启天气服务”，不显示任何天气数值。
              </Typography.Paragraph>
            )}
            <Space wrap>
              <PermButton code={CODE} type="primary" htmlType="submit" data-testid="weather-save">
                保存
              </PermButton>
              {provider === 'qweather' && (
                <PermButton code={CODE} onClick={() => void test()} data-testid="weather-test">
                  测试
                </PermButton>
              )}
            </Space>
            {tested && (
              <Alert
                type="success"
                showIcon
                style={{ marginTop: 12 }}
                message={`连接成功：${tested}`}
                data-testid="weather-test-result"
              />
            )}
          </Form>
        )}
      </Card>
      <Card size="small" title="本机构天气城市">
        {!loc.data ? (
          <Spin />
        ) : (
          <Form<CampusWeatherConfig>
            form={locForm}
            layout="vertical"
            style={{ maxWidth: 520 }}
            initialValues={{ location: loc.data.location, cityName: loc.data.cityName }}
            onFinish={(v) => void write(() => campusApi.saveLocation(v))}
          >
            <Form.Item
              name="location"
              label="城市编号"
              extra="和风天气城市ID（如 101010100）或“经度,纬度”（如 116.41,39.92）；不设置则沿用上级机构的城市"
            >
              <Input maxLength={30} data-testid="weather-location" />
            </Form.Item>
            <Form.Item name="cityName" label="城市名称">
              <Input maxLength={20} placeholder="如 北京" />
            </Form.Item>
            {loc.data.source !== 'org' && loc.data.location && (
              <Typography.Paragraph type="secondary">
                当前沿用{loc.data.source === 'tenant' ? '租户默认' : '上级机构'}的设置。
              </Typography.Paragraph>
            )}
            <PermButton code={CODE} type="primary" htmlType="submit" data-testid="weather-location-save">
              保存城市
            </PermButton>
          </Form>
        )}
      </Card>
    </PageFrame>
  )
}

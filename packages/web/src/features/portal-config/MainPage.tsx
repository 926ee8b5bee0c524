import { ConfigName, type MhSysConfig } from '@zhixiao/shared'
import { useQuery } from '@tanstack/react-query'
import { Button, Card, Checkbox, Form, Input, Radio, Space, Spin, Tabs, Tag } from 'antd'
import { PageFrame, useWrite } from '../../components/crud'
import type { PageProps } from '../../navigation/page-props'
import { portalApi, PortalKeys } from '../portal-header/api'
import { FooterEditor } from './FooterEditor'
import { HeaderConfigEditor } from './HeaderConfigEditor'
import { MobileEntriesCard } from './MobileEntriesCard'

const FLAGS: [keyof MhSysConfig, string][] = [
  ['hasOftenUse', '显示常用'],
  ['hasMultiple', '导航栏默认展示多个应用'],
  ['hasUserDefined', '允许用户自定义导航栏'],
  ['openMobileEntry', '开启移动端入口'],
  ['bigDataCenter', '大数据中心'],
  ['lowCodeApplication', '低代码应用'],
  ['lotPlatform', '物联网平台'],
  ['portalGray', '门户置灰'],
  ['openPortalEnable', '开启公共门户'],
]
const SOURCE_LABEL = { org: '本机构配置', tenant: '租户默认配置', default: '系统默认配置' } as const

/**
 * /menhu-port/maintain/mainPage (sc_menhu_pc): the portal header config mh_sys_config of the admin's org — name,
 * logo or wide image, navigation style, flags, outer link, footer (the feedback entry is the complaints config, /menhu-complaintSuggest/index) — and the mobile entries.
 */
export default function MainPage({ path, title }: PageProps) {
  const cfg = useQuery({ queryKey: [PortalKeys.sys, 'admin'], queryFn: () => portalApi.sysConfig() })
  const write = useWrite([PortalKeys.sys, PortalKeys.footer])

  if (!cfg.data)
    return (
      <PageFrame path={path} title={title}>
        <Spin />
      </PageFrame>
    )
  const { orgId: _org, source, ...initial } = cfg.data
  const save = async (value: MhSysConfig) => {
    await write(() => portalApi.saveSysConfig({ name: ConfigName.MH_SYS, value }))
  }

  return (
    <PageFrame path={path} title={title} extra={<Tag data-testid="config-source">{SOURCE_LABEL[source]}</Tag>}>
      <Tabs
        destroyOnHidden
        items={[
          {
            key: 'portal',
            label: '门户顶部与底部',
            children: (
              <>
                <Form
                  layout="vertical"
                  initialValues={initial}
                  onFinish={(v) => void save({ ...initial, ...v, footer: { ...initial.footer, ...v.footer } })}
                  data-testid="mh-config-form"
                >
                  <Card title="顶部配置" style={{ marginBottom: 16 }}>
                    <Space wrap align="start">
                      <Form.Item
                        name="sysName"
                        label="系统名称"
                        rules={[{ required: true, whitespace: true, message: '请输入系统名称' }]}
                      >
                        <Input maxLength={30} style={{ width: 280 }} />
                      </Form.Item>
                      <Form.Item name="logoUrl" label="Logo 地址">
                        <Input style={{ width: 320 }} />
                      </Form.Item>
                      <Form.Item name="showLogo" label="显示Logo" valuePropName="checked">
                        <Checkbox />
                      </Form.Item>
                    </Space>
                    <Space wrap align="start">
                      <Form.Item name="styleSelect" label="顶部样式">
                        <Radio.Group
                          options={[
                            { value: 0, label: 'Logo+名称' },
                            { value: 1, label: '宽图' },
                          ]}
                        />
                      </Form.Item>
                      <Form.Item name="wideImgUrl" label="宽图地址">
                        <Input style={{ width: 320 }} />
                      </Form.Item>
                    </Space>
                    <Form.Item name="navigationStyle" label="导航样式">
                      <Radio.Group
                        data-testid="nav-style"
                        options={[
                          { value: 1, label: '样式一：应用标签' },
                          { value: 2, label: '样式二：分组菜单' },
                        ]}
                      />
                    </Form.Item>
                    <Space wrap>
                      {FLAGS.map(([name, label]) => (
                        <Form.Item key={name} name={name} valuePropName="checked" style={{ marginBottom: 8 }}>
                          <Checkbox>{label}</Checkbox>
                        </Form.Item>
                      ))}
                    </Space>
                    <Space wrap align="start">
                      <Form.Item name="webPageName" label="外部链接名称">
                        <Input maxLength={30} style={{ width: 200 }} />
                      </Form.Item>
                      <Form.Item name="webPageUrl" label="外部链接地址">
                        <Input style={{ width: 320 }} />
                      </Form.Item>
                    </Space>
                  </Card>
                  <FooterEditor />
                  <Button type="primary" htmlType="submit" style={{ marginBottom: 16 }} data-testid="mh-config-save">
                    保存配置
                  </Button>
                </Form>
                <MobileEntriesCard />
              </>
            ),
          },
          { key: 'jd', label: '局端顶部', children: <HeaderConfigEditor name="jd_mh_sys_config" /> },
          { key: 'alliance', label: '联盟顶部', children: <HeaderConfigEditor name="alliance_mh_sys_config" /> },
        ]}
      />
    </PageFrame>
  )
}

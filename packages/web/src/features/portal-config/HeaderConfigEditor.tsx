import { type Envelope, type JdMhSysConfig, type SetSysConfigBody } from '@zhixiao/shared'
import { useQuery } from '@tanstack/react-query'
import { Button, Card, Checkbox, Form, Input, Radio, Select, Space, Spin } from 'antd'
import { useWrite } from '../../components/crud'
import { useCurrentUser } from '../../api/queries'
import { portalApi, PortalKeys } from '../portal-header/api'

type Name = 'jd_mh_sys_config' | 'alliance_mh_sys_config'
const OPEN_WAY = [
  { value: 1, label: '当前窗口' },
  { value: 2, label: '新窗口' },
]

function SkipList({ option }: { option: number }) {
  return (
    <Form.List name={[option, 'skipList']}>
      {(items, op) => (
        <>
          {items.map((it) => (
            <Space key={it.key} wrap align="start">
              <Form.Item
                name={[it.name, 'skipName']}
                rules={[{ required: true, whitespace: true, message: '请输入菜单名称' }]}
              >
                <Input placeholder="名称" style={{ width: 120 }} />
              </Form.Item>
              <Form.Item name={[it.name, 'reqUri']}>
                <Input placeholder="路由，如 /oafn/leave" style={{ width: 180 }} />
              </Form.Item>
              <Form.Item name={[it.name, 'skipUrl']}>
                <Input placeholder="或外部地址 http…" style={{ width: 180 }} />
              </Form.Item>
              <Form.Item name={[it.name, 'permissionName']}>
                <Input placeholder="权限编码" style={{ width: 140 }} />
              </Form.Item>
              <Form.Item name={[it.name, 'openWay']} initialValue={1}>
                <Select options={OPEN_WAY} style={{ width: 100 }} />
              </Form.Item>
              <Button type="link" onClick={() => op.remove(it.name)}>
                删除
              </Button>
            </Space>
          ))}
          <Button
            size="small"
            onClick={() => op.add({ skipName: '', reqUri: '', skipUrl: '', permissionName: '', openWay: 1 })}
          >
            添加目标
          </Button>
        </>
      )}
    </Form.List>
  )
}

/**
 * The bureau (jd_mh_sys_config) or alliance (alliance_mh_sys_config) header config of the admin's org — or of `orgId`
 * saved through `saveTo` (an alliance's own header on 联盟设置): name, logo or wide image, menu entries (flat,
 * dropdown or the app centre) and how many show, cultural purpose, outer links, grey mode, and the bureau login
 * header's platform name.
 */
export function HeaderConfigEditor({
  name,
  orgId: target,
  saveTo,
}: {
  name: Name
  orgId?: number
  saveTo?: (value: JdMhSysConfig) => Promise<Envelope<null>>
}) {
  const current = useCurrentUser().data?.orgId
  const orgId = target ?? current
  const key = name === 'jd_mh_sys_config' ? PortalKeys.jd : PortalKeys.alliance
  const cfg = useQuery({
    queryKey: [key, 'admin', orgId ?? null],
    // The stored value: the header's own read leaves out menu targets that open nothing (docs/apps.md).
    queryFn: () => portalApi.storedHeaderConfig(name, target),
    enabled: orgId !== undefined,
  })
  const write = useWrite([key])
  if (!cfg.data) return <Spin />
  const { orgId: _asked, source: _source, ...initial } = cfg.data
  const save = (v: JdMhSysConfig) => {
    const value = { ...initial, ...v }
    void write(() => (saveTo ? saveTo(value) : portalApi.saveSysConfig({ name, value } as SetSysConfigBody)))
  }
  return (
    <Form layout="vertical" initialValues={initial} onFinish={save} data-testid={`${name}-form`}>
      <Card title="顶部" style={{ marginBottom: 16 }}>
        <Space wrap align="start">
          <Form.Item name="sysName" label="系统名称">
            <Input maxLength={30} style={{ width: 240 }} />
          </Form.Item>
          <Form.Item name="sysFullName" label="全称">
            <Input maxLength={60} style={{ width: 240 }} />
          </Form.Item>
          <Form.Item name="sysEnName" label="英文名称">
            <Input maxLength={80} style={{ width: 240 }} />
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
          <Form.Item name="logoUrl" label="Logo 地址">
            <Input style={{ width: 260 }} />
          </Form.Item>
          <Form.Item name="showLogo" label="显示Logo" valuePropName="checked">
            <Checkbox />
          </Form.Item>
          <Form.Item name="wideImgUrl" label="宽图地址">
            <Input style={{ width: 260 }} />
          </Form.Item>
        </Space>
        <Space wrap align="start">
          <Form.Item name="sysNameFontColor" label="名称颜色">
            <Radio.Group
              options={[
                { value: 0, label: '黑' },
                { value: 1, label: '蓝' },
                { value: 2, label: '白' },
              ]}
            />
          </Form.Item>
          <Form.Item name="menuShowNum" label="菜单显示">
            <Radio.Group
              options={[
                { value: 0, label: '1个' },
                { value: 1, label: '按宽度2-5个' },
                { value: 2, label: '全部' },
              ]}
            />
          </Form.Item>
          <Form.Item name="portalGray" valuePropName="checked" label="置灰">
            <Checkbox>首页置灰</Checkbox>
          </Form.Item>
        </Space>
        <Space wrap align="start">
          <Form.Item name="culturalPurpose" label="文化宗旨">
            <Radio.Group
              options={[
                { value: 1, label: '文字' },
                { value: 0, label: '图片' },
              ]}
            />
          </Form.Item>
          <Form.Item name="culturalPurposeContent" label="文字或图片地址">
            <Input style={{ width: 320 }} />
          </Form.Item>
          {name === 'jd_mh_sys_config' && (
            <Form.Item name="platformName" label="局校一体平台名称">
              <Input maxLength={30} style={{ width: 200 }} />
            </Form.Item>
          )}
        </Space>
      </Card>
      <Card title="菜单" style={{ marginBottom: 16 }}>
        <Form.List name="options">
          {(options, op) => (
            <>
              {options.map((o, i) => (
                <Card
                  key={o.key}
                  size="small"
                  title={`菜单${i + 1}`}
                  style={{ marginBottom: 12 }}
                  extra={<a onClick={() => op.remove(o.name)}>删除菜单</a>}
                >
                  <Space wrap align="start">
                    <Form.Item
                      name={[o.name, 'optionName']}
                      label="名称"
                      rules={[{ required: true, whitespace: true, message: '请输入菜单名称' }]}
                    >
                      <Input maxLength={30} style={{ width: 160 }} />
                    </Form.Item>
                    <Form.Item name={[o.name, 'menuForm']} label="形式">
                      <Radio.Group
                        options={[
                          { value: 1, label: '平铺' },
                          { value: 2, label: '下拉' },
                        ]}
                      />
                    </Form.Item>
                    <Form.Item name={[o.name, 'contentType']} label="内容">
                      <Select
                        style={{ width: 120 }}
                        options={[
                          { value: 1, label: '链接' },
                          { value: 3, label: '应用中心' },
                        ]}
                      />
                    </Form.Item>
                    <Form.Item name={[o.name, 'tempType']} label="应用中心模板">
                      <Select
                        style={{ width: 100 }}
                        options={[
                          { value: 1, label: '模板一' },
                          { value: 2, label: '模板二' },
                        ]}
                      />
                    </Form.Item>
                  </Space>
                  <SkipList option={o.name} />
                </Card>
              ))}
              <Button
                onClick={() => op.add({ optionName: '', menuForm: 1, contentType: 1, tempType: 1, skipList: [] })}
              >
                添加菜单
              </Button>
            </>
          )}
        </Form.List>
      </Card>
      <Card title="外部链接" style={{ marginBottom: 16 }}>
        <Form.List name="outLinkList">
          {(links, op) => (
            <>
              {links.map((l) => (
                <Space key={l.key} align="start">
                  <Form.Item
                    name={[l.name, 'linkName']}
                    rules={[{ required: true, whitespace: true, message: '请输入链接名称' }]}
                  >
                    <Input placeholder="名称" />
                  </Form.Item>
                  <Form.Item name={[l.name, 'linkUrl']}>
                    <Input placeholder="http…" style={{ width: 280 }} />
                  </Form.Item>
                  <Button type="link" onClick={() => op.remove(l.name)}>
                    删除
                  </Button>
                </Space>
              ))}
              <Button size="small" onClick={() => op.add({ linkName: '', linkUrl: '' })}>
                添加链接
              </Button>
            </>
          )}
        </Form.List>
      </Card>
      <Button type="primary" htmlType="submit" data-testid={`${name}-save`}>
        保存配置
      </Button>
    </Form>
  )
}

import { Button, Card, Form, Input, Radio, Select, Space } from 'antd'

const TYPE_UP = [
  { value: 1, label: '文字' },
  { value: 2, label: '图片/图标' },
]
const TYPE_DOWN = [
  { value: 0, label: '无' },
  { value: 1, label: '链接' },
  { value: 2, label: '悬浮图片' },
]

/** The footer groups editor (001 §3 footer config), inside the main form under `footer`. */
export function FooterEditor() {
  return (
    <Card title="底部配置" style={{ marginBottom: 16 }} data-testid="footer-editor">
      <Form.Item name={['footer', 'type']} label="背景">
        <Radio.Group
          options={[
            { value: 1, label: '颜色' },
            { value: 2, label: '图片' },
          ]}
        />
      </Form.Item>
      <Space wrap>
        <Form.Item name={['footer', 'color']} label="背景颜色">
          <Input style={{ width: 140 }} />
        </Form.Item>
        <Form.Item name={['footer', 'fontColor']} label="文字颜色">
          <Input style={{ width: 140 }} />
        </Form.Item>
        <Form.Item name={['footer', 'backgroundUrl']} label="背景图片地址">
          <Input style={{ width: 360 }} />
        </Form.Item>
      </Space>
      <Form.List name={['footer', 'bottomGroup']}>
        {(groups, g) => (
          <>
            {groups.map((group, gi) => (
              <Card
                key={group.key}
                size="small"
                title={`第${gi + 1}组`}
                style={{ marginBottom: 12 }}
                extra={<a onClick={() => g.remove(group.name)}>删除分组</a>}
              >
                <Form.List name={[group.name, 'bottomInfo']}>
                  {(items, it) => (
                    <>
                      {items.map((item) => (
                        <Space key={item.key} wrap align="start" data-testid="footer-item-row">
                          <Form.Item name={[item.name, 'typeUp']} initialValue={1}>
                            <Select options={TYPE_UP} style={{ width: 110 }} />
                          </Form.Item>
                          <Form.Item name={[item.name, 'contentUp']}>
                            <Input placeholder="文字或图片地址" style={{ width: 200 }} />
                          </Form.Item>
                          <Form.Item name={[item.name, 'iconDescriptionUp']}>
                            <Input placeholder="图标说明" style={{ width: 120 }} />
                          </Form.Item>
                          <Form.Item name={[item.name, 'typeDown']} initialValue={0}>
                            <Select options={TYPE_DOWN} style={{ width: 110 }} />
                          </Form.Item>
                          <Form.Item name={[item.name, 'contentDown']}>
                            <Input placeholder="链接或悬浮图片地址" style={{ width: 220 }} />
                          </Form.Item>
                          <Button type="link" onClick={() => it.remove(item.name)}>
                            删除
                          </Button>
                        </Space>
                      ))}
                      <Button
                        size="small"
                        onClick={() =>
                          it.add({ typeUp: 1, contentUp: '', iconDescriptionUp: '', typeDown: 0, contentDown: '' })
                        }
                      >
                        添加项
                      </Button>
                    </>
                  )}
                </Form.List>
              </Card>
            ))}
            <Button onClick={() => g.add({ bottomInfo: [] })}>添加分组</Button>
          </>
        )}
      </Form.List>
    </Card>
  )
}

import { type MobileEntry, type MobileEntrySaveBody } from '@zhixiao/shared'
import { useQuery } from '@tanstack/react-query'
import { Button, Card, Form, Input, InputNumber, Modal, Popconfirm, Radio, Space, Switch, Table } from 'antd'
import { useState } from 'react'
import { useWrite } from '../../components/crud'
import { portalApi, PortalKeys } from '../portal-header/api'
import { formValues } from '../../components/form-values'

const ADMIN_KEY = 'mobileEntriesAdmin'

/** Mobile entries of the header drawer (001 §3): name, explanation, QR from text or an image, tip, shown. */
export function MobileEntriesCard() {
  const list = useQuery({ queryKey: [ADMIN_KEY], queryFn: () => portalApi.mobileEntries(undefined, true) })
  const write = useWrite([ADMIN_KEY, PortalKeys.mobile])
  const [editing, setEditing] = useState<MobileEntry | 'new' | null>(null)
  const [form] = Form.useForm<MobileEntrySaveBody>()

  const open = (e: MobileEntry | 'new') => {
    setEditing(e)
    form.setFieldsValue(
      e === 'new'
        ? { mobileName: '', mobileExplain: '', type: 1, decodePath: '', codeTips: '', hasShow: true, sort: 0 }
        : e,
    )
  }
  const submit = async () => {
    const v = await formValues(form)
    if (!v || !editing) return
    const env = await write(() =>
      editing === 'new' ? portalApi.saveMobile(v) : portalApi.updateMobile({ ...v, id: editing.id }),
    )
    if (env) setEditing(null)
  }

  return (
    <Card
      title="移动端入口"
      extra={
        <Button type="primary" onClick={() => open('new')}>
          新增入口
        </Button>
      }
      data-testid="mobile-entries-card"
    >
      <Table<MobileEntry>
        rowKey="id"
        size="small"
        loading={list.isPending}
        dataSource={list.data ?? []}
        pagination={false}
        columns={[
          { title: '名称', dataIndex: 'mobileName' },
          { title: '说明', dataIndex: 'mobileExplain' },
          { title: '类型', dataIndex: 'type', render: (t: number) => (t === 0 ? '图片' : '文本二维码') },
          { title: '显示', dataIndex: 'hasShow', render: (s: boolean) => (s ? '是' : '否') },
          {
            title: '操作',
            key: 'op',
            render: (_, e) => (
              <Space>
                <a onClick={() => open(e)}>编辑</a>
                <Popconfirm title="确定删除该入口吗？" onConfirm={() => void write(() => portalApi.removeMobile(e.id))}>
                  <a>删除</a>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
      <Modal
        open={!!editing}
        title={editing === 'new' ? '新增移动端入口' : '编辑移动端入口'}
        onOk={() => void submit()}
        onCancel={() => setEditing(null)}
        destroyOnHidden
        forceRender
      >
        <Form form={form} layout="vertical">
          <Form.Item
            name="mobileName"
            label="名称"
            rules={[{ required: true, whitespace: true, message: '请输入名称' }]}
          >
            <Input maxLength={30} />
          </Form.Item>
          <Form.Item name="mobileExplain" label="说明">
            <Input maxLength={200} />
          </Form.Item>
          <Form.Item name="type" label="二维码">
            <Radio.Group
              options={[
                { value: 1, label: '由文本生成' },
                { value: 0, label: '图片地址' },
              ]}
            />
          </Form.Item>
          <Form.Item
            name="decodePath"
            label="二维码内容或图片地址"
            rules={[{ required: true, whitespace: true, message: '请输入二维码内容或图片地址' }]}
          >
            <Input maxLength={1000} />
          </Form.Item>
          <Form.Item name="codeTips" label="提示">
            <Input maxLength={100} />
          </Form.Item>
          <Space>
            <Form.Item name="hasShow" label="显示" valuePropName="checked">
              <Switch />
            </Form.Item>
            <Form.Item name="sort" label="排序">
              <InputNumber min={0} max={9999} />
            </Form.Item>
          </Space>
        </Form>
      </Modal>
    </Card>
  )
}

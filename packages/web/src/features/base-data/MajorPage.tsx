import { MAJOR_LABEL, MAJOR_PARENT, majorContracts as M, type MajorLevel, type MajorRow } from '@zhixiao/shared'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Button, Card, Form, Input, InputNumber, Modal, Select, Space, Table, Tag, Typography } from 'antd'
import { useState } from 'react'
import { call, callEnvelope } from '../../api/call'
import { notify } from '../../api/feedback'
import { formValues } from '../../components/form-values'

const LEVEL_OF_PATH: Record<string, MajorLevel> = {
  schoolManage: 'faculty',
  majorManage: 'major',
  majorDirection: 'direction',
}

/** base-school/major/{schoolManage, majorManage, majorDirection}: one level of the Z3 faculty tree per page. */
export default function MajorPage({ path, title }: { path: string; title: string }) {
  const level = LEVEL_OF_PATH[path.split('/').pop() ?? ''] ?? 'faculty'
  const parentLevel = MAJOR_PARENT[level]
  const qc = useQueryClient()
  const tree = useQuery({ queryKey: ['majors'], queryFn: () => call(M.tree, {}) })
  const [editing, setEditing] = useState<MajorRow | 'new' | null>(null)
  const [form] = Form.useForm<{ name: string; code?: string; parentId?: number; sort?: number }>()
  const nodes = tree.data ?? []
  const names = new Map(nodes.map((n) => [n.id, n.name]))
  const rows = nodes.filter((n) => n.level === level)
  const parents = parentLevel ? nodes.filter((n) => n.level === parentLevel) : []
  const act = async (fn: () => Promise<{ msg: string }>) => {
    try {
      notify.success((await fn()).msg)
      await qc.invalidateQueries({ queryKey: ['majors'] })
      return true
    } catch {
      return false
    }
  }
  const save = async () => {
    const v = await formValues(form)
    if (!v) return
    const ok = await act(() =>
      editing === 'new'
        ? callEnvelope(M.add, { level, parentId: v.parentId ?? null, name: v.name, code: v.code, sort: v.sort })
        : callEnvelope(M.update, { id: (editing as MajorRow).id, name: v.name, code: v.code, sort: v.sort }),
    )
    if (ok) setEditing(null)
  }
  return (
    <div data-page={path}>
      <Typography.Title level={4}>{title}</Typography.Title>
      <Card
        size="small"
        extra={
          <Button
            type="primary"
            disabled={!!parentLevel && !parents.length}
            onClick={() => {
              setEditing('new')
              form.resetFields()
            }}
          >
            新增{MAJOR_LABEL[level]}
          </Button>
        }
      >
        <Table<MajorRow>
          rowKey="id"
          loading={tree.isFetching}
          dataSource={rows}
          pagination={{ pageSize: 20, showTotal: (t) => `共 ${t} 条` }}
          locale={{ emptyText: tree.isError ? '仅高等教育（Z3）学校可设置院系和专业' : '暂无数据' }}
          columns={[
            { title: MAJOR_LABEL[level], dataIndex: 'name' },
            ...(parentLevel
              ? [
                  {
                    title: `所属${MAJOR_LABEL[parentLevel]}`,
                    dataIndex: 'parentId',
                    render: (v: number | null) => (v ? names.get(v) : '—'),
                  },
                ]
              : []),
            { title: '编码', dataIndex: 'code', render: (v) => v ?? '—' },
            {
              title: '状态',
              dataIndex: 'status',
              render: (v) => (v === 0 ? <Tag color="green">启用</Tag> : <Tag>停用</Tag>),
            },
            {
              title: '操作',
              key: 'op',
              render: (_, r) => (
                <Space size={0}>
                  <Button
                    type="link"
                    onClick={() => {
                      setEditing(r)
                      form.setFieldsValue({ name: r.name, code: r.code ?? undefined, sort: r.sort })
                    }}
                  >
                    编辑
                  </Button>
                  <Button
                    type="link"
                    onClick={() =>
                      void act(() => callEnvelope(M.updateStatus, { id: r.id, status: r.status === 0 ? 1 : 0 }))
                    }
                  >
                    {r.status === 0 ? '停用' : '启用'}
                  </Button>
                  <Button
                    type="link"
                    danger
                    onClick={() =>
                      Modal.confirm({
                        title: `删除“${r.name}”？`,
                        okText: '删除',
                        cancelText: '取消',
                        okButtonProps: { danger: true },
                        onOk: () => act(() => callEnvelope(M.delete, { id: r.id })),
                      })
                    }
                  >
                    删除
                  </Button>
                </Space>
              ),
            },
          ]}
        />
      </Card>
      <Modal
        open={editing !== null}
        title={`${editing === 'new' ? '新增' : '编辑'}${MAJOR_LABEL[level]}`}
        okText="确定"
        cancelText="取消"
        onOk={save}
        onCancel={() => setEditing(null)}
        forceRender
      >
        <Form form={form} layout="vertical">
          {parentLevel && editing === 'new' && (
            <Form.Item
              name="parentId"
              label={`所属${MAJOR_LABEL[parentLevel]}`}
              rules={[{ required: true, message: `请选择所属${MAJOR_LABEL[parentLevel]}` }]}
            >
              <Select options={parents.map((p) => ({ value: p.id, label: p.name }))} />
            </Form.Item>
          )}
          <Form.Item name="name" label="名称" rules={[{ required: true, whitespace: true, message: '请输入名称' }]}>
            <Input placeholder="请输入名称" />
          </Form.Item>
          <Form.Item name="code" label="编码">
            <Input />
          </Form.Item>
          <Form.Item name="sort" label="排序">
            <InputNumber min={0} max={99999} style={{ width: '100%' }} />
          </Form.Item>
        </Form>
      </Modal>
    </div>
  )
}

import type { OrgTypeRow } from '@zhixiao/shared'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Button, Card, Form, Input, InputNumber, Modal, Space, Table, Tag, Typography } from 'antd'
import { useState } from 'react'
import { notify } from '../../api/feedback'
import { orgTypeApi } from './api'

interface Values { name: string; code?: string; unitAttr?: number | null; sort?: number }

/** Organisation types (orgType, orgTypeOne) and department types (departType, departTypeOne). */
export default function OrgTypePage({ path, title }: { path: string; title: string }) {
  const kind: 'org' | 'depart' = path.includes('departType') ? 'depart' : 'org'
  const qc = useQueryClient()
  const [keyword, setKeyword] = useState('')
  const [page, setPage] = useState({ pageIndex: 1, pageSize: 10 })
  const [editing, setEditing] = useState<OrgTypeRow | 'new' | null>(null)
  const [form] = Form.useForm<Values>()
  const list = useQuery({ queryKey: ['orgTypes', kind, keyword, page], queryFn: () => orgTypeApi.page(kind, page.pageIndex, page.pageSize, keyword || undefined) })
  const refresh = () => qc.invalidateQueries({ queryKey: ['orgTypes'] })
  const noun = kind === 'org' ? '机构类型' : '部门类型'

  const open = (row: OrgTypeRow | 'new') => {
    setEditing(row)
    form.setFieldsValue(row === 'new' ? { name: '', code: undefined, unitAttr: undefined, sort: 0 } : { name: row.name, code: row.code ?? undefined, unitAttr: row.unitAttr, sort: row.sort })
  }
  const save = async () => {
    const v = await form.validateFields()
    try {
      const res = editing === 'new' ? await orgTypeApi.add({ kind, ...v }) : await orgTypeApi.update({ id: (editing as OrgTypeRow).id, ...v })
      notify.success(res.msg)
      setEditing(null)
      void refresh()
    } catch { /* shown by the client */ }
  }
  const act = async (fn: () => Promise<{ msg: string }>) => { try { notify.success((await fn()).msg); void refresh() } catch { /* shown by the client */ } }

  return (
    <div data-page={path}>
      <Typography.Title level={4}>{title}</Typography.Title>
      <Card size="small" extra={<Button type="primary" onClick={() => open('new')}>新增{noun}</Button>}
        title={<Input.Search placeholder="类型名称" allowClear style={{ width: 220 }} onSearch={(v) => { setKeyword(v.trim()); setPage((p) => ({ ...p, pageIndex: 1 })) }} />}>
        <Table<OrgTypeRow>
          rowKey="id" loading={list.isFetching} dataSource={list.data?.list ?? []}
          pagination={{ current: page.pageIndex, pageSize: page.pageSize, total: list.data?.total ?? 0, showTotal: (t) => `共 ${t} 条`, onChange: (pageIndex, pageSize) => setPage({ pageIndex, pageSize }) }}
          columns={[
            { title: '名称', dataIndex: 'name' },
            { title: '编码', dataIndex: 'code', render: (v) => v ?? '—' },
            ...(kind === 'org' ? [{ title: '单位属性', dataIndex: 'unitAttr', render: (v: number | null) => v ?? '—' }] : []),
            { title: '使用中的机构', dataIndex: 'orgCount' },
            { title: '状态', dataIndex: 'status', render: (v) => (v === 0 ? <Tag color="green">启用</Tag> : <Tag>停用</Tag>) },
            {
              title: '操作', key: 'op', render: (_, r) => (
                <Space size={0}>
                  <Button type="link" onClick={() => open(r)}>编辑</Button>
                  <Button type="link" onClick={() => void act(() => orgTypeApi.setStatus(r.id, r.status === 0 ? 1 : 0))}>{r.status === 0 ? '停用' : '启用'}</Button>
                  <Button type="link" danger onClick={() => Modal.confirm({ title: `删除“${r.name}”？`, okText: '删除', cancelText: '取消', okButtonProps: { danger: true }, onOk: () => act(() => orgTypeApi.remove(r.id)) })}>删除</Button>
                </Space>
              ),
            },
          ]}
        />
      </Card>
      <Modal open={editing !== null} title={editing === 'new' ? `新增${noun}` : `编辑${noun}`} okText="确定" cancelText="取消" onOk={save} onCancel={() => setEditing(null)} destroyOnHidden forceRender>
        <Form form={form} layout="vertical">
          <Form.Item name="name" label="名称" rules={[{ required: true, whitespace: true, message: '请输入类型名称' }, { max: 30, message: '类型名称不能超过30个字符' }]}><Input placeholder="请输入类型名称" /></Form.Item>
          <Form.Item name="code" label="编码"><Input /></Form.Item>
          {kind === 'org' && <Form.Item name="unitAttr" label="单位属性" extra="该类型机构的默认单位属性，8 及以上为学校"><InputNumber min={0} max={20} style={{ width: '100%' }} /></Form.Item>}
          <Form.Item name="sort" label="排序"><InputNumber min={0} max={99999} style={{ width: '100%' }} /></Form.Item>
        </Form>
      </Modal>
    </div>
  )
}

import type { DictRow, SubjectRow } from '@zhixiao/shared'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Button, Card, Form, Input, InputNumber, Modal, Select, Space, Table, Tag, Typography } from 'antd'
import { useState } from 'react'
import { request, requestEnvelope } from '../../api/client'
import { notify } from '../../api/feedback'

interface Page<T> { list: T[]; total: number }
interface Values { name: string; code?: string; categoryId?: number | null; sort?: number }
const S = '/base/api/subjectMgr/subjectInfo'

/** base-school/dictionary/subjectManage's companion: the school's subjects with their category. */
export default function SubjectPage({ path, title }: { path: string; title: string }) {
  const qc = useQueryClient()
  const [keyword, setKeyword] = useState('')
  const [page, setPage] = useState({ pageIndex: 1, pageSize: 10 })
  const [editing, setEditing] = useState<SubjectRow | 'new' | null>(null)
  const [form] = Form.useForm<Values>()
  const list = useQuery({ queryKey: ['subjects', keyword, page], queryFn: () => request<Page<SubjectRow>>(`${S}/page`, { body: { keyword: keyword || null, ...page } }) })
  const cats = useQuery({ queryKey: ['dict', 'subjectManage'], queryFn: () => request<DictRow[]>('/base/api/dict/select', { params: { dictType: 'subjectManage' } }) })
  const act = async (fn: () => Promise<{ msg: string }>) => { try { notify.success((await fn()).msg); await qc.invalidateQueries({ queryKey: ['subjects'] }); return true } catch { return false } }
  const open = (r: SubjectRow | 'new') => {
    setEditing(r)
    form.setFieldsValue(r === 'new' ? { name: '', code: undefined, categoryId: null, sort: 0 } : { name: r.name, code: r.code ?? undefined, categoryId: r.categoryId, sort: r.sort })
  }
  const save = async () => {
    const v = await form.validateFields()
    const ok = await act(() => (editing === 'new' ? requestEnvelope<number>(`${S}/add`, { body: v }) : requestEnvelope<null>(`${S}/update`, { body: { id: (editing as SubjectRow).id, ...v } })))
    if (ok) setEditing(null)
  }
  return (
    <div data-page={path}>
      <Typography.Title level={4}>{title}</Typography.Title>
      <Card size="small" title={<Input.Search placeholder="学科名称或编码" allowClear style={{ width: 220 }} onSearch={(v) => { setKeyword(v.trim()); setPage((p) => ({ ...p, pageIndex: 1 })) }} />}
        extra={<Button type="primary" onClick={() => open('new')}>新增学科</Button>}>
        <Table<SubjectRow> rowKey="id" loading={list.isFetching} dataSource={list.data?.list ?? []}
          pagination={{ current: page.pageIndex, pageSize: page.pageSize, total: list.data?.total ?? 0, showTotal: (t) => `共 ${t} 条`, onChange: (pageIndex, pageSize) => setPage({ pageIndex, pageSize }) }}
          columns={[
            { title: '学科', dataIndex: 'name' },
            { title: '编码', dataIndex: 'code', render: (v) => v ?? '—' },
            { title: '类别', dataIndex: 'categoryName', render: (v) => v ?? '—' },
            { title: '状态', dataIndex: 'status', render: (v) => (v === 0 ? <Tag color="green">启用</Tag> : <Tag>停用</Tag>) },
            {
              title: '操作', key: 'op', render: (_, r) => (
                <Space size={0}>
                  <Button type="link" onClick={() => open(r)}>编辑</Button>
                  <Button type="link" onClick={() => void act(() => requestEnvelope<null>(`${S}/updateStatus`, { body: { id: r.id, status: r.status === 0 ? 1 : 0 } }))}>{r.status === 0 ? '停用' : '启用'}</Button>
                  <Button type="link" danger onClick={() => Modal.confirm({ title: `删除学科“${r.name}”？`, okText: '删除', cancelText: '取消', okButtonProps: { danger: true }, onOk: () => act(() => requestEnvelope<null>(`${S}/delete`, { body: { id: r.id } })) })}>删除</Button>
                </Space>
              ),
            },
          ]} />
      </Card>
      <Modal open={editing !== null} title={editing === 'new' ? '新增学科' : '编辑学科'} okText="确定" cancelText="取消" onOk={save} onCancel={() => setEditing(null)} forceRender>
        <Form form={form} layout="vertical">
          <Form.Item name="name" label="学科名称" rules={[{ required: true, whitespace: true, message: '请输入学科名称' }, { max: 30, message: '学科名称不能超过30个字符' }]}><Input placeholder="请输入学科名称" /></Form.Item>
          <Form.Item name="code" label="编码"><Input placeholder="请输入学科编码" /></Form.Item>
          <Form.Item name="categoryId" label="类别"><Select allowClear options={(cats.data ?? []).map((d) => ({ value: d.id, label: d.name }))} /></Form.Item>
          <Form.Item name="sort" label="排序"><InputNumber min={0} max={99999} style={{ width: '100%' }} /></Form.Item>
        </Form>
      </Modal>
    </div>
  )
}

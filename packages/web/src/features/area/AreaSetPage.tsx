import type { AreaRow } from '@zhixiao/shared'
import { Breadcrumb, Button, Form, Input, Select } from 'antd'
import { useState } from 'react'
import { CrudTableCard, PageFrame, wholeList, type CrudForm, type RowAction } from '../../components/crud'
import type { PageProps } from '../../navigation/page-props'
import { areaApi, useLevels } from './api'

interface Values {
  code: string
  name: string
  levelId: number
}

const removeAction: RowAction<AreaRow> = {
  key: 'delete',
  label: '删除',
  danger: true,
  run: (r) => areaApi.remove(r.code),
  confirm: { title: (r) => `删除“${r.name}”？`, content: '存在下级区域时无法删除。', okText: '删除' },
}

/**
 * /base-set/area/areaSet (super administrator): the area tree one level at a time — a name opens its children, the
 * breadcrumb goes back up. New areas go under the level shown.
 */
export default function AreaSetPage({ path, title }: PageProps) {
  const [trail, setTrail] = useState<AreaRow[]>([])
  const parent = trail.at(-1)
  const levels = useLevels()
  // A child is usually one level below its parent: offer that level first.
  const nextLevel = levels[parent ? levels.findIndex((l) => l.id === parent.levelId) + 1 : 0]?.id
  const form: CrudForm<AreaRow, Values> = {
    noun: '区域',
    initial: (r) => (r ? { code: r.code, name: r.name, levelId: r.levelId } : { levelId: nextLevel }),
    submit: (v, r) =>
      r
        ? areaApi.update({ code: r.code, name: v.name.trim(), levelId: v.levelId, parentCode: r.parentCode })
        : areaApi.add({
            code: v.code.trim(),
            name: v.name.trim(),
            levelId: v.levelId,
            parentCode: parent?.code ?? null,
          }),
    fields: (r) => (
      <>
        <Form.Item label="上级区域">{parent ? `${parent.name}（${parent.code}）` : '无（顶级区域）'}</Form.Item>
        <Form.Item
          name="code"
          label="区划代码"
          rules={[
            { required: true, message: '请输入区划代码' },
            { pattern: /^\d{6}(\d{3})?$/, message: '区划代码应为6位或9位数字' },
          ]}
        >
          <Input placeholder="6位或9位数字，如 110000" disabled={!!r} />
        </Form.Item>
        <Form.Item
          name="name"
          label="区域名称"
          rules={[
            { required: true, whitespace: true, message: '请输入区域名称' },
            { max: 30, message: '区域名称不能超过30个字符' },
          ]}
        >
          <Input placeholder="请输入区域名称" />
        </Form.Item>
        <Form.Item name="levelId" label="行政级别" rules={[{ required: true, message: '请选择行政级别' }]}>
          <Select placeholder="请选择行政级别" options={levels.map((l) => ({ value: l.id, label: l.name }))} />
        </Form.Item>
      </>
    ),
  }
  return (
    <PageFrame path={path} title={title}>
      <Breadcrumb
        style={{ marginBottom: 12 }}
        items={[
          { key: 'top', title: <a onClick={() => setTrail([])}>全部区域</a> },
          ...trail.map((a, i) => ({
            key: a.code,
            title: <a onClick={() => setTrail(trail.slice(0, i + 1))}>{a.name}</a>,
          })),
        ]}
      />
      <CrudTableCard<AreaRow, Values>
        queryKey={['areas', parent?.code ?? null]}
        invalidates={['adminLevels']}
        rowKey="code"
        form={form}
        addLabel="新增区域"
        pagination={false}
        fetch={() => areaApi.list(parent?.code).then(wholeList)}
        columns={[
          { title: '区划代码', dataIndex: 'code', width: 140 },
          {
            title: '区域名称',
            dataIndex: 'name',
            render: (name: string, r) => (
              <Button
                type="link"
                size="small"
                style={{ padding: 0 }}
                title="查看下级区域"
                onClick={() => setTrail([...trail, r])}
              >
                {name}
              </Button>
            ),
          },
          { title: '行政级别', dataIndex: 'levelName' },
          { title: '下级区域数', dataIndex: 'childCount', width: 120 },
        ]}
        actions={[removeAction]}
      />
    </PageFrame>
  )
}

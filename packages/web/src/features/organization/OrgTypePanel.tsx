import { labelOf, UNIT_ATTR_LABEL, type OrgTypeRow } from '@zhixiao/shared'
import { Form, Input, InputNumber } from 'antd'
import { UnitAttrSelect } from '../../components/UnitAttrSelect'
import {
  CrudTableCard,
  deleteAction,
  statusColumn,
  textColumn,
  toggleAction,
  type CrudForm,
} from '../../components/crud'
import { orgTypeApi } from './api'

interface Values {
  name: string
  code?: string
  unitAttr?: number | null
  sort?: number
}

/** The list of organisation or department types; also the public-field page's architecture group. */
export function OrgTypePanel({ kind }: { kind: 'org' | 'depart' }) {
  const noun = kind === 'org' ? '机构类型' : '部门类型'
  const form: CrudForm<OrgTypeRow, Values> = {
    noun,
    initial: (r) =>
      r ? { name: r.name, code: r.code ?? undefined, unitAttr: r.unitAttr, sort: r.sort } : { name: '', sort: 0 },
    submit: (v, r) => (r ? orgTypeApi.update({ id: r.id, ...v }) : orgTypeApi.add({ kind, ...v })),
    fields: () => (
      <>
        <Form.Item
          name="name"
          label="名称"
          rules={[
            { required: true, whitespace: true, message: '请输入类型名称' },
            { max: 30, message: '类型名称不能超过30个字符' },
          ]}
        >
          <Input placeholder="请输入类型名称" />
        </Form.Item>
        <Form.Item name="code" label="编码" rules={[{ max: 30, message: '长度不能超过30个字符' }]}>
          <Input />
        </Form.Item>
        {kind === 'org' && (
          <Form.Item name="unitAttr" label="单位属性" extra="该类型机构的默认单位属性">
            <UnitAttrSelect allowClear />
          </Form.Item>
        )}
        <Form.Item name="sort" label="排序">
          <InputNumber min={0} max={99999} style={{ width: '100%' }} />
        </Form.Item>
      </>
    ),
  }
  return (
    <CrudTableCard<OrgTypeRow, Values>
      queryKey={['orgTypes', kind]}
      search="类型名称"
      addLabel={`新增${noun}`}
      form={form}
      fetch={(q) => orgTypeApi.page(kind, q.pageIndex, q.pageSize, q.keyword)}
      columns={[
        { title: '名称', dataIndex: 'name' },
        textColumn('编码', 'code'),
        ...(kind === 'org'
          ? [{ title: '单位属性', dataIndex: 'unitAttr', render: (v: number | null) => labelOf(UNIT_ATTR_LABEL, v) }]
          : []),
        { title: '使用中的机构', dataIndex: 'orgCount' },
        statusColumn(),
      ]}
      actions={[toggleAction(orgTypeApi.setStatus), deleteAction(orgTypeApi.remove)]}
    />
  )
}

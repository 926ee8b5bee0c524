import { subjectContracts as S, type SubjectRow } from '@zhixiao/shared'
import { Form, Input, InputNumber, Select } from 'antd'
import { call, callEnvelope } from '../../api/call'
import {
  CrudTableCard,
  deleteAction,
  statusColumn,
  textColumn,
  toggleAction,
  type CrudForm,
} from '../../components/crud'
import { useScopeOrg } from '../../stores/school-scope'
import { useDictOptions } from './dict-api'
import { SchoolScopeSelect } from '../organization/SchoolScopeSelect'

interface Values {
  name: string
  code?: string
  categoryId?: number | null
  sort?: number
}
const subjectApi = {
  setStatus: (id: number, status: number) => callEnvelope(S.updateStatus, { id, status }),
  remove: (id: number) => callEnvelope(S.delete, { id }),
}

/**
 * The school's subjects with their category (from the subjectManage dictionary): the first tab of
 * dictionary/subjectManage. The school choice sits in this card, as the page's other tabs are the signed-in org's.
 */
export function SubjectPanel() {
  const orgId = useScopeOrg()
  const cats = useDictOptions('subjectManage', orgId)
  const form: CrudForm<SubjectRow, Values> = {
    noun: '学科',
    initial: (r) =>
      r
        ? { name: r.name, code: r.code ?? undefined, categoryId: r.categoryId, sort: r.sort }
        : { name: '', categoryId: null, sort: 0 },
    submit: (v, r) => (r ? callEnvelope(S.update, { id: r.id, ...v }) : callEnvelope(S.add, { ...v, orgId })),
    fields: () => (
      <>
        <Form.Item
          name="name"
          label="学科名称"
          rules={[
            { required: true, whitespace: true, message: '请输入学科名称' },
            { max: 30, message: '学科名称不能超过30个字符' },
          ]}
        >
          <Input placeholder="请输入学科名称" />
        </Form.Item>
        <Form.Item name="code" label="编码">
          <Input placeholder="请输入学科编码" />
        </Form.Item>
        <Form.Item name="categoryId" label="类别">
          <Select allowClear options={cats.options} />
        </Form.Item>
        <Form.Item name="sort" label="排序">
          <InputNumber min={0} max={99999} style={{ width: '100%' }} />
        </Form.Item>
      </>
    ),
  }
  return (
    <CrudTableCard<SubjectRow, Values>
      queryKey={['subjects', orgId]}
      search="学科名称或编码"
      addLabel="新增学科"
      form={form}
      filters={<SchoolScopeSelect />}
      fetch={(q) => call(S.page, { orgId, keyword: q.keyword ?? null, pageIndex: q.pageIndex, pageSize: q.pageSize })}
      columns={[
        { title: '学科', dataIndex: 'name' },
        textColumn('编码', 'code'),
        textColumn('类别', 'categoryName'),
        statusColumn(),
      ]}
      actions={[toggleAction(subjectApi.setStatus), deleteAction(subjectApi.remove)]}
    />
  )
}

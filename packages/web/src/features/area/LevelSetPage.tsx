import type { AdminLevelBody, AdminLevelRow } from '@zhixiao/shared'
import { Form, Input, InputNumber } from 'antd'
import { CrudTableCard, deleteAction, PageFrame, wholeList, type CrudForm } from '../../components/crud'
import type { PageProps } from '../../navigation/page-props'
import { areaApi } from './api'

const form: CrudForm<AdminLevelRow, AdminLevelBody> = {
  noun: '行政级别',
  initial: (r) => (r ? { name: r.name, sort: r.sort } : { sort: 0 }),
  submit: (v, r) => (r ? areaApi.updateLevel(r.id, v) : areaApi.addLevel(v)),
  fields: () => (
    <>
      <Form.Item
        name="name"
        label="级别名称"
        rules={[
          { required: true, whitespace: true, message: '请输入级别名称' },
          { max: 20, message: '级别名称不能超过20个字符' },
        ]}
      >
        <Input placeholder="如：省级" />
      </Form.Item>
      <Form.Item name="sort" label="排序" extra="从高到低排列，省级在前">
        <InputNumber min={0} max={999} style={{ width: '100%' }} />
      </Form.Item>
    </>
  ),
}

/** /base-set/area/levelSet (super administrator): administrative levels (省级、市级 …); a level in use cannot be deleted. */
export default function LevelSetPage({ path, title }: PageProps) {
  return (
    <PageFrame path={path} title={title}>
      <CrudTableCard<AdminLevelRow, AdminLevelBody>
        queryKey={['adminLevels']}
        form={form}
        addLabel="新增级别"
        pagination={false}
        fetch={() => areaApi.levels().then(wholeList)}
        columns={[
          { title: '级别名称', dataIndex: 'name' },
          { title: '排序', dataIndex: 'sort', width: 100 },
          { title: '区域数', dataIndex: 'areaCount', width: 100 },
        ]}
        actions={[deleteAction(areaApi.removeLevel, { content: '已被区域使用的级别无法删除。' })]}
      />
    </PageFrame>
  )
}

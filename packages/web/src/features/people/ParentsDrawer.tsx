import { useQuery } from '@tanstack/react-query'
import { App, Drawer, Table } from 'antd'
import { useState } from 'react'
import { CrudFormModal, useWrite } from '../../components/crud'
import { PermButton } from '../../components/PermButton'
import { parentApi, studentApi, type ChildParent } from './api'
import { childParentColumns } from './DetailBits'
import { ParentFields, type ParentValues } from './ParentFields'

const CODE = 'base_student_parent'

/** 家长管理 of one student: the bound parents with their relation, 添加家长 and 解绑. */
export function ParentsDrawer({ childId, onClose }: { childId: number; onClose: () => void }) {
  const { modal } = App.useApp()
  const child = useQuery({ queryKey: ['students', 'detail', childId], queryFn: () => studentApi.detail(childId) })
  const parents = useQuery({ queryKey: ['parents', 'ofChild', childId], queryFn: () => parentApi.ofChild(childId) })
  // A binding changes the parents' lists and the students' parent counts.
  const write = useWrite(['parents', 'students'])
  const [adding, setAdding] = useState(false)
  const unbind = (p: ChildParent) =>
    modal.confirm({
      title: `解除“${p.trueName}”与该学生的绑定？`,
      content: '家长账号保留，可重新绑定。',
      okText: '解绑',
      cancelText: '取消',
      okButtonProps: { danger: true },
      onOk: () => write(() => parentApi.unbind(p.id, childId)),
    })
  const add = async (v: ParentValues) =>
    (await write(() => parentApi.add({ ...v, userName: v.userName || null, childId }))) !== null

  return (
    <Drawer
      open
      size={720}
      title={`家长管理${child.data ? ` · ${child.data.trueName}` : ''}`}
      onClose={onClose}
      destroyOnHidden
      extra={
        <PermButton code={CODE} type="primary" onClick={() => setAdding(true)}>
          添加家长
        </PermButton>
      }
    >
      <Table<ChildParent>
        rowKey="id"
        size="small"
        pagination={false}
        loading={parents.isFetching}
        dataSource={parents.data ?? []}
        columns={[
          ...childParentColumns(),
          {
            title: '操作',
            key: 'op',
            render: (_, p) => (
              <PermButton code={CODE} type="link" size="small" danger onClick={() => unbind(p)}>
                解绑
              </PermButton>
            ),
          },
        ]}
      />
      {adding && (
        <CrudFormModal<ParentValues>
          title="添加家长"
          initialValues={{}}
          onSubmit={add}
          onClose={() => setAdding(false)}
        >
          <ParentFields pickChild={false} />
        </CrudFormModal>
      )}
    </Drawer>
  )
}

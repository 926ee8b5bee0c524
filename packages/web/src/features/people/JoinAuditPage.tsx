import { UserType, type JoinRow } from '@zhixiao/shared'
import { App, Form, Input, Space, Tabs } from 'antd'
import type { ColumnsType } from 'antd/es/table'
import { useState } from 'react'
import { CrudFormModal, CrudTableCard, PageFrame, textColumn, useWrite } from '../../components/crud'
import { PermButton } from '../../components/PermButton'
import type { PageProps } from '../../navigation/page-props'
import { useScopeOrg } from '../../stores/school-scope'
import { useSession } from '../../stores/session'
import { RegisterSwitchBar } from '../signup/RegisterSwitchBar'
import { SchoolScopeSelect } from '../organization/SchoolScopeSelect'
import { timeColumn } from './actions'
import { joinApi } from './api'

const CODE = 'base_teacher_join_audit'
const TABS = [
  { key: '0', label: '待审核' },
  { key: '1', label: '已通过' },
  { key: '2', label: '已拒绝' },
  { key: '3', label: '已撤回' },
]

/** /base-userAccount/joinAudit: requests to join the organisation, approved (the person becomes a member) or refused with a reason. */
export default function JoinAuditPage({ path, title }: PageProps) {
  const { modal } = App.useApp()
  const orgId = useScopeOrg()
  const ownOrgId = useSession((st) => st.userInfo?.orgId)
  const [status, setStatus] = useState(0)
  const [refusing, setRefusing] = useState<JoinRow | null>(null)
  // An approval adds a teacher, or a parent bound to the child.
  const write = useWrite(['joinAudit', 'teachers', 'parents'])
  const approve = (r: JoinRow) =>
    modal.confirm({
      title: `同意“${r.trueName}”加入${r.orgName}？`,
      okText: '同意',
      cancelText: '取消',
      onOk: () => write(() => joinApi.decide({ id: r.id, approve: true, refuseReason: null })),
    })
  const refuse = async (v: { refuseReason: string }) =>
    refusing !== null &&
    (await write(() => joinApi.decide({ id: refusing.id, approve: false, refuseReason: v.refuseReason }))) !== null

  const columns: ColumnsType<JoinRow> = [
    { title: '姓名', dataIndex: 'trueName' },
    {
      title: '身份',
      key: 'userType',
      render: (_: unknown, r: JoinRow) => (r.userType === UserType.PARENT ? '家长' : '教师'),
    },
    // A parent's request names the child (student number and name), checked against the school's students.
    {
      title: '学生',
      key: 'child',
      render: (_: unknown, r: JoinRow) =>
        r.childName ? `${r.childName}（${r.childNo ?? ''}）${r.relation ? ` · ${r.relation}` : ''}` : '-',
    },
    textColumn('手机号', 'phone'),
    { title: '登录名', dataIndex: 'userName' },
    { title: '申请机构', dataIndex: 'orgName' },
    textColumn('申请说明', 'reason'),
    timeColumn('申请时间', 'createdAt'),
    ...(status === 0
      ? [
          {
            title: '操作',
            key: 'op',
            render: (_: unknown, r: JoinRow) => (
              <Space size={0}>
                <PermButton code={CODE} type="link" size="small" onClick={() => approve(r)}>
                  通过
                </PermButton>
                <PermButton code={CODE} type="link" size="small" danger onClick={() => setRefusing(r)}>
                  拒绝
                </PermButton>
              </Space>
            ),
          },
        ]
      : [
          timeColumn<JoinRow>(status === 3 ? '撤回时间' : '处理时间', 'decidedAt'),
          ...(status === 2 ? [textColumn<JoinRow>('拒绝原因', 'refuseReason')] : []),
        ]),
  ]
  return (
    <PageFrame path={path} title={title} extra={<SchoolScopeSelect />}>
      <RegisterSwitchBar orgId={orgId ?? ownOrgId} />
      <Tabs activeKey={String(status)} items={TABS} onChange={(k) => setStatus(Number(k))} />
      <CrudTableCard<JoinRow>
        readOnly
        queryKey={['joinAudit', orgId, status]}
        columns={columns}
        fetch={(q) => joinApi.page({ orgId, status, pageIndex: q.pageIndex, pageSize: q.pageSize })}
      />
      {refusing && (
        <CrudFormModal<{ refuseReason: string }>
          title={`拒绝“${refusing.trueName}”的申请`}
          initialValues={{}}
          onSubmit={refuse}
          onClose={() => setRefusing(null)}
        >
          <Form.Item
            name="refuseReason"
            label="拒绝原因"
            rules={[
              { required: true, whitespace: true, message: '请输入拒绝原因' },
              { max: 200, message: '拒绝原因不能超过200个字符' },
            ]}
          >
            <Input.TextArea rows={3} placeholder="请输入拒绝原因" />
          </Form.Item>
        </CrudFormModal>
      )}
    </PageFrame>
  )
}

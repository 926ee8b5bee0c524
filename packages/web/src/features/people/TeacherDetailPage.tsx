import { Tag } from 'antd'
import type { PageProps } from '../../navigation/page-props'
import { teacherApi } from './api'
import { DictText, MaskedText, MemberDetailPage, sexText, text } from './DetailBits'

/** /base-userAccount/teacherDetail?id=: one teacher's record (membership and person facts), read-only. */
export default function TeacherDetailPage(props: PageProps) {
  return (
    <MemberDetailPage
      {...props}
      queryKey="teachers"
      load={teacherApi.detail}
      revealFields={['idCard', 'phone', 'email', 'politicalStatus']}
      lists={{ live: '/base-userAccount/teachers', archived: '/base-userAccount/teachersGuidang' }}
      items={(t) => [
        { label: '登录名', children: t.userName },
        { label: '工号', children: text(t.jobNo) },
        { label: '手机号', children: <MaskedText id={t.id} field="phone" value={t.phone} /> },
        { label: '性别', children: sexText(t.sex) },
        { label: '身份证号', children: <MaskedText id={t.id} field="idCard" value={t.idCard} /> },
        {
          label: '所属机构',
          children: t.orgs.map((o) => (
            <Tag key={o.id} color={o.orgId === t.orgId ? 'blue' : undefined}>
              {o.orgName}
              {o.archived ? '（已归档）' : o.status === 1 ? '（停用）' : ''}
            </Tag>
          )),
        },
        { label: '部门', children: text(t.deptName) },
        { label: '职务', children: <DictText dictType="position" id={t.positionId} orgId={t.orgId} /> },
        { label: '职称', children: <DictText dictType="title" id={t.titleId} orgId={t.orgId} /> },
        { label: '教师类型', children: <DictText dictType="teacherType" id={t.teacherTypeId} orgId={t.orgId} /> },
        {
          label: '政治面貌',
          // Withheld by the field policy: never sent, revealed on request.
          children: <MaskedText id={t.id} field="politicalStatus" value={null} withheld />,
        },
        { label: '学历', children: <DictText dictType="education" id={t.educationId} orgId={t.orgId} /> },
        { label: '学位', children: <DictText dictType="degree" id={t.degreeId} orgId={t.orgId} /> },
        { label: '入职日期', children: text(t.enteredOn) },
        { label: '邮箱', children: <MaskedText id={t.id} field="email" value={t.email} /> },
        { label: '备注', children: text(t.remark) },
      ]}
    />
  )
}

import { Table, Typography } from 'antd'
import type { PageProps } from '../../navigation/page-props'
import { studentApi, type ChildParent } from './api'
import { childParentColumns, MaskedText, MemberDetailPage, sexText, text } from './DetailBits'

/** /base-userAccount/studentDetail?id=: one student's record and the parents bound to them, read-only. */
export default function StudentDetailPage(props: PageProps) {
  return (
    <MemberDetailPage
      {...props}
      queryKey="students"
      load={studentApi.detail}
      revealFields={['idCard', 'phone', 'guardians']}
      lists={{ live: '/base-userAccount/students', archived: '/base-userAccount/studentGuidang' }}
      items={(s) => [
        { label: '学号', children: text(s.jobNo) },
        { label: '登录名', children: s.userName },
        { label: '班级', children: s.className ? `${s.gradeName ?? ''}${s.className}` : '—' },
        { label: '性别', children: sexText(s.sex) },
        { label: '身份证号', children: <MaskedText id={s.id} field="idCard" value={s.idCard} /> },
        { label: '手机号', children: <MaskedText id={s.id} field="phone" value={s.phone} /> },
        { label: '入学日期', children: text(s.enteredOn) },
        { label: '备注', children: text(s.remark) },
      ]}
      more={(s) => (
        <>
          <Typography.Title level={5} style={{ marginTop: 24 }}>
            家长
          </Typography.Title>
          <Table<ChildParent>
            rowKey="id"
            size="small"
            pagination={false}
            dataSource={s.parents}
            columns={childParentColumns()}
          />
        </>
      )}
    />
  )
}

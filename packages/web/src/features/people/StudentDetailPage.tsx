import { useQuery } from '@tanstack/react-query'
import { Descriptions, Table, Tag, Typography } from 'antd'
import { useSearchParams } from 'react-router'
import { PageFrame, statusColumn, textColumn } from '../../components/crud'
import type { PageProps } from '../../navigation/page-props'
import { studentApi, type ChildParent } from './api'
import { DetailCard, sexText, text } from './DetailBits'

/** /base-userAccount/studentDetail?id=: one student's record and the parents bound to them, read-only. */
export default function StudentDetailPage({ path, title }: PageProps) {
  const [params] = useSearchParams()
  const id = Number(params.get('id')) || null
  const q = useQuery({ queryKey: ['students', 'detail', id], queryFn: () => studentApi.detail(id as number), enabled: id !== null })
  const s = q.data
  return (
    <PageFrame path={path} title={title}>
      <DetailCard loading={q.isLoading} found={!!s} back={s?.archived ? '/base-userAccount/studentGuidang' : '/base-userAccount/students'}>
        {s && (
          <>
            <Descriptions bordered size="small" column={{ xs: 1, sm: 2 }} title={<>{s.trueName} {s.archived && <Tag>已归档</Tag>}{s.status === 1 && <Tag>停用</Tag>}</>}
              items={[
                { label: '学号', children: text(s.jobNo) },
                { label: '登录名', children: s.userName },
                { label: '班级', children: s.className ? `${s.gradeName ?? ''}${s.className}` : '—' },
                { label: '性别', children: sexText(s.sex) },
                { label: '身份证号', children: text(s.idCard) },
                { label: '手机号', children: text(s.phone) },
                { label: '入学日期', children: text(s.enteredOn) },
                { label: '备注', children: text(s.remark) },
              ]} />
            <Typography.Title level={5} style={{ marginTop: 24 }}>家长</Typography.Title>
            <Table<ChildParent> rowKey="id" size="small" pagination={false} dataSource={s.parents}
              columns={[
                { title: '家长姓名', dataIndex: 'trueName' },
                { title: '关系', dataIndex: 'relation' },
                textColumn('手机号', 'phone'),
                { title: '登录名', dataIndex: 'userName' },
                statusColumn(),
              ]} />
          </>
        )}
      </DetailCard>
    </PageFrame>
  )
}

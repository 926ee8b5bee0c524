import { ENROLMENT_STATUS_LABEL, type CurrentUserDetail, type MyEnrolmentRow } from '@zhixiao/shared'
import { useQuery } from '@tanstack/react-query'
import { Alert, Button, Card, Spin, Table, Typography } from 'antd'
import { useEffect, useState } from 'react'
import { Navigate } from 'react-router'
import { ensureUser } from '../../auth/current-user'
import { homePathFor } from '../../auth/landing'
import { logout } from '../account/logout'
import { alumniApi } from './api'
import '../auth/login.css'

/**
 * /redirect/alumni: where a graduate's alumni session lands (docs/school-year.md "Graduation and alumni"): when they
 * graduated, until when the account signs in, and 我的学籍. No menus and no apps: the server refuses an alumni
 * session everything else anyway.
 */
export default function AlumniHomePage({ path }: { path: string }) {
  const [user, setUser] = useState<CurrentUserDetail | null | undefined>(undefined)
  useEffect(() => {
    let live = true
    void ensureUser().then((u) => live && setUser(u))
    return () => {
      live = false
    }
  }, [])
  if (user === undefined) return <Spin fullscreen />
  if (!user) return <Navigate to="/redirect/login" replace />
  if (!user.alumni) return <Navigate to={homePathFor(user)} replace />
  return <AlumniHome path={path} user={user} alumni={user.alumni} />
}

const columns = [
  { title: '学年', dataIndex: 'schoolYear', key: 'schoolYear' },
  { title: '学校', dataIndex: 'schoolName', key: 'schoolName' },
  { title: '年级', key: 'grade', render: (_: unknown, r: MyEnrolmentRow) => r.gradeName ?? '—' },
  { title: '班级', key: 'class', render: (_: unknown, r: MyEnrolmentRow) => r.className ?? '—' },
  {
    title: '状态',
    key: 'status',
    render: (_: unknown, r: MyEnrolmentRow) => ENROLMENT_STATUS_LABEL[r.status] ?? r.status,
  },
  {
    title: '起止日期',
    key: 'dates',
    render: (_: unknown, r: MyEnrolmentRow) => `${r.startedOn} 至 ${r.endedOn ?? '今'}`,
  },
]

function AlumniHome({
  path,
  user,
  alumni,
}: {
  path: string
  user: CurrentUserDetail
  alumni: NonNullable<CurrentUserDetail['alumni']>
}) {
  const rows = useQuery({ queryKey: ['alumni', 'myEnrolment'], queryFn: () => alumniApi.myEnrolment() })
  const year = alumni.graduationYear ? `${alumni.graduationYear}年` : ''
  return (
    <div className="zx-login-bg" data-page={path} style={{ alignItems: 'flex-start', padding: '24px 12px' }}>
      <main style={{ width: '100%', maxWidth: 880, margin: '0 auto' }}>
        <Card>
          <Typography.Title level={1} style={{ fontSize: 20, marginTop: 0 }}>
            {user.trueName}，您好
          </Typography.Title>
          <Alert
            type="info"
            showIcon
            data-testid="alumni-standing"
            message={
              `您已于 ${year} 从 ${alumni.schoolName} 毕业` +
              (alumni.accountExpiresOn ? `，账号保留至 ${alumni.accountExpiresOn}` : '')
            }
            description="校友账号仅可查看本人学籍信息。"
          />
          <Typography.Title level={2} style={{ fontSize: 16, marginTop: 20 }}>
            我的学籍
          </Typography.Title>
          <Table<MyEnrolmentRow>
            size="small"
            rowKey={(r) => `${r.schoolYear}-${r.schoolName}-${r.startedOn}-${r.status}`}
            loading={rows.isFetching}
            dataSource={rows.data ?? []}
            columns={columns}
            pagination={false}
            scroll={{ x: 'max-content' }}
          />
          <div style={{ marginTop: 16, textAlign: 'right' }}>
            <Button onClick={() => void logout()}>退出登录</Button>
          </div>
        </Card>
      </main>
    </div>
  )
}

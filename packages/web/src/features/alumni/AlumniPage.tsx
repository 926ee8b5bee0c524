import { SEX_LABEL, type AlumniRow } from '@zhixiao/shared'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { Card, Descriptions, Input, InputNumber, List, Pagination, Space, Typography } from 'antd'
import { useState } from 'react'
import { PageFrame } from '../../components/crud'
import type { PageProps } from '../../navigation/page-props'
import { useScopeOrg } from '../../stores/school-scope'
import { SchoolScopeSelect } from '../organization/SchoolScopeSelect'
import { alumniApi } from './api'

const meta = { fontSize: 13, overflowWrap: 'anywhere' as const }

/** One graduate: read-only (no edit or change here; the server refuses edits of archived students too). */
function AlumniCard({ r }: { r: AlumniRow }) {
  return (
    <Card size="small" style={{ marginBottom: 8 }}>
      <Space wrap size={[12, 0]}>
        <Typography.Text strong>{r.trueName}</Typography.Text>
        <Typography.Text type="secondary">学号 {r.jobNo ?? '—'}</Typography.Text>
        <Typography.Text>{r.graduationYear}届</Typography.Text>
      </Space>
      <Descriptions size="small" column={{ xs: 1, sm: 2, md: 3 }} style={{ marginTop: 4 }}>
        <Descriptions.Item label="毕业班级">
          <span style={meta}>{r.className ? `${r.gradeName ?? ''}${r.className}` : (r.gradeName ?? '—')}</span>
        </Descriptions.Item>
        <Descriptions.Item label="毕业日期">{r.graduatedOn ?? r.schoolYear}</Descriptions.Item>
        <Descriptions.Item label="性别">{r.sex == null ? '—' : (SEX_LABEL[r.sex] ?? '—')}</Descriptions.Item>
        <Descriptions.Item label="手机号">{r.phone ?? '—'}</Descriptions.Item>
        <Descriptions.Item label="身份证号">
          <span style={meta}>{r.idCard ?? '—'}</span>
        </Descriptions.Item>
        <Descriptions.Item label="账号">
          {r.accountExpiresOn ? `${r.accountExpiresOn} 过期` : '未设过期（仍有其他在籍身份）'}
        </Descriptions.Item>
      </Descriptions>
    </Card>
  )
}

/**
 * /base-userAccount/alumni: the school's graduates (校友), by graduation year or name/学号, personal fields masked,
 * read-only. Cards rather than a table, so it reads the same on a 375 px phone (docs/school-year.md "Graduation and
 * alumni").
 */
export default function AlumniPage({ path, title }: PageProps) {
  const orgId = useScopeOrg()
  const [keyword, setKeyword] = useState('')
  const [year, setYear] = useState<number | null>(null)
  const [paging, setPaging] = useState({ pageIndex: 1, pageSize: 10 })
  const q = useQuery({
    queryKey: ['alumni', orgId ?? null, keyword, year, paging],
    queryFn: () =>
      alumniApi.page({
        ...paging,
        ...(orgId ? { orgId } : {}),
        ...(keyword ? { keyword } : {}),
        ...(year ? { year } : {}),
      }),
    placeholderData: keepPreviousData,
  })
  return (
    <PageFrame path={path} title={title} extra={<SchoolScopeSelect />}>
      <Space wrap style={{ marginBottom: 12 }}>
        <Input.Search
          aria-label="姓名或学号"
          placeholder="姓名或学号"
          allowClear
          maxLength={50}
          onSearch={(v) => {
            setKeyword(v.trim())
            setPaging((p) => ({ ...p, pageIndex: 1 }))
          }}
          style={{ width: 220 }}
        />
        <InputNumber<number>
          aria-label="毕业年份"
          placeholder="毕业年份"
          min={1900}
          max={2200}
          precision={0}
          value={year}
          onChange={(v) => {
            setYear(v ?? null)
            setPaging((p) => ({ ...p, pageIndex: 1 }))
          }}
          style={{ width: 140 }}
        />
      </Space>
      <List
        loading={q.isPending}
        dataSource={q.data?.list ?? []}
        rowKey="id"
        locale={{ emptyText: <Typography.Text type="secondary">暂无校友</Typography.Text> }}
        renderItem={(r) => <AlumniCard key={r.id} r={r} />}
      />
      <Pagination
        size="small"
        current={paging.pageIndex}
        pageSize={paging.pageSize}
        total={q.data?.total ?? 0}
        onChange={(pageIndex, pageSize) => setPaging({ pageIndex, pageSize })}
      />
    </PageFrame>
  )
}

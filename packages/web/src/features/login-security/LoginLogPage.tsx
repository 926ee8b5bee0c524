import {
  LOGIN_METHOD_LABEL,
  LOGIN_METHODS,
  LOGIN_REASON_LABEL,
  type LoginLogRow,
  type LoginMethod,
} from '@zhixiao/shared'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Card, DatePicker, Select, Switch, Tag, Tooltip, Typography } from 'antd'
import type { Dayjs } from 'dayjs'
import { useState } from 'react'
import { useCurrentUser } from '../../api/queries'
import { CrudTableCard, PageFrame } from '../../components/crud'
import { formatTime } from '../../components/crud/dates'
import type { PageProps } from '../../navigation/page-props'
import { loginSecurityApi } from './api'

/** The tenant's TOTP requirement, for those who may change system settings (base_set) in the top org. */
function TotpPolicyCard() {
  const qc = useQueryClient()
  const policy = useQuery({ queryKey: ['totpPolicy'], queryFn: loginSecurityApi.totpPolicy })
  const [saving, setSaving] = useState(false)
  return (
    <Card size="small" style={{ marginBottom: 16 }} data-testid="totp-policy">
      <Switch
        checked={policy.data?.requiredForAdmins ?? false}
        loading={policy.isPending || saving}
        aria-label="管理员必须启用两步验证"
        onChange={async (requiredForAdmins) => {
          setSaving(true)
          try {
            await loginSecurityApi.setTotpPolicy({ requiredForAdmins })
          } finally {
            setSaving(false)
          }
          await qc.invalidateQueries({ queryKey: ['totpPolicy'] })
        }}
      />
      <span style={{ marginLeft: 8 }}>本租户各单位的管理员必须启用两步验证（未启用者下次登录时须先绑定）</span>
    </Card>
  )
}

/** /roles-loginLog: every sign-in of this tenant, success or not, by time, account, result and method. */
export default function LoginLogPage({ path, title }: PageProps) {
  const user = useCurrentUser().data
  const [range, setRange] = useState<[Dayjs | null, Dayjs | null] | null>(null)
  const [success, setSuccess] = useState<boolean | undefined>()
  const [method, setMethod] = useState<LoginMethod | undefined>()
  // Whole days in the browser's time: from the first day's start to the day after the last.
  const from = range?.[0] ? range[0].startOf('day').toISOString() : undefined
  const to = range?.[1] ? range[1].add(1, 'day').startOf('day').toISOString() : undefined
  return (
    <PageFrame path={path} title={title}>
      {/* The policy binds every school's administrators: set in the top org only (the server's tenantWide rule). */}
      {user?.permissions.includes('base_set') && user.currentOrgData?.parentId === null && <TotpPolicyCard />}
      <CrudTableCard<LoginLogRow>
        queryKey={['loginLog', from, to, success, method]}
        search="账号（前缀）"
        readOnly
        filters={
          <>
            <DatePicker.RangePicker
              value={range}
              onChange={(v) => setRange(v)}
              placeholder={['开始日期', '结束日期']}
            />
            <Select
              allowClear
              placeholder="结果"
              style={{ width: 100 }}
              value={success === undefined ? undefined : String(success)}
              aria-label="结果"
              onChange={(v?: string) => setSuccess(v === undefined ? undefined : v === 'true')}
              options={[
                { value: 'true', label: '成功' },
                { value: 'false', label: '失败' },
              ]}
            />
            <Select
              allowClear
              placeholder="登录方式"
              style={{ width: 130 }}
              value={method}
              onChange={(v?: LoginMethod) => setMethod(v)}
              aria-label="登录方式"
              options={LOGIN_METHODS.map((m) => ({ value: m, label: LOGIN_METHOD_LABEL[m] }))}
            />
          </>
        }
        fetch={(q) =>
          loginSecurityApi.loginLog({
            userName: q.keyword || undefined,
            from,
            to,
            success,
            method,
            pageIndex: q.pageIndex,
            pageSize: q.pageSize,
          })
        }
        columns={[
          { title: '时间', dataIndex: 'createdAt', width: 170, render: (v: string) => formatTime(v) },
          { title: '账号', dataIndex: 'userName' },
          { title: '方式', dataIndex: 'method', render: (m: string) => LOGIN_METHOD_LABEL[m as LoginMethod] ?? m },
          {
            title: '结果',
            dataIndex: 'success',
            render: (ok: boolean) => <Tag color={ok ? 'green' : 'red'}>{ok ? '成功' : '失败'}</Tag>,
          },
          { title: '原因', dataIndex: 'reason', render: (r: string) => LOGIN_REASON_LABEL[r] ?? r },
          { title: '地址', dataIndex: 'ip', render: (v: string | null) => v ?? '—' },
          {
            title: '网络',
            dataIndex: 'netType',
            width: 70,
            render: (v: number | null) => (v === 1 ? '内网' : v === 0 ? '外网' : '—'),
          },
          {
            title: '设备',
            dataIndex: 'userAgent',
            ellipsis: true,
            render: (v: string | null) =>
              v ? (
                <Tooltip title={v}>
                  <Typography.Text ellipsis style={{ maxWidth: 220 }}>
                    {v}
                  </Typography.Text>
                </Tooltip>
              ) : (
                '—'
              ),
          },
        ]}
      />
    </PageFrame>
  )
}

import type { PiMember } from '@zhixiao/shared'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Button, Card, Descriptions, Form, InputNumber, List, Select, Space, Typography } from 'antd'
import { useState } from 'react'
import { notify } from '../../api/feedback'
import { PageFrame } from '../../components/crud'
import type { PageProps } from '../../navigation/page-props'
import { piExportApi } from './api'

const label = (m: PiMember) => `${m.name}（${m.orgName ?? ''}）`

/** A staff picker searching by name as one types (the officer's: the top org's members only). */
function MemberSelect({
  top,
  value,
  onChange,
  ariaLabel,
  initial,
}: {
  top: boolean
  value?: number | null
  onChange?: (v: number | null) => void
  ariaLabel: string
  initial?: PiMember | null
}) {
  const [keyword, setKeyword] = useState('')
  const q = useQuery({
    queryKey: ['piCandidates', top, keyword],
    queryFn: () => piExportApi.candidates({ keyword: keyword || null, top }),
  })
  const options = [...(initial ? [initial] : []), ...(q.data ?? [])]
    .filter((m, i, all) => all.findIndex((o) => o.userInfoId === m.userInfoId) === i)
    .map((m) => ({ value: m.userInfoId, label: label(m) }))
  return (
    <Select
      showSearch
      allowClear
      aria-label={ariaLabel}
      placeholder="输入姓名搜索"
      filterOption={false}
      onSearch={setKeyword}
      loading={q.isFetching}
      value={value ?? undefined}
      onChange={(v: number | undefined) => onChange?.(v ?? null)}
      options={options}
      style={{ width: '100%', maxWidth: 360 }}
    />
  )
}

/**
 * /base-privacyLog/officer (个人信息保护负责人): the tenant's personal-information officer and the minors' limit, set by
 * the top org's administrator; the approvers, named and removed by the officer or that administrator (docs/privacy.md
 * "Export approval"). Everyone else reads who the officer is.
 */
export default function OfficerPage({ path, title }: PageProps) {
  const client = useQueryClient()
  const q = useQuery({ queryKey: ['piOfficer'], queryFn: () => piExportApi.settings() })
  const [adding, setAdding] = useState<number | null>(null)
  const [busy, setBusy] = useState(false)
  const [form] = Form.useForm<{ officerUserInfoId: number | null; minorRowLimit: number | null }>()
  const s = q.data
  const reload = () => void client.invalidateQueries({ queryKey: ['piOfficer'] })
  const run = async (go: () => Promise<{ msg: string }>) => {
    setBusy(true)
    try {
      notify.success((await go()).msg)
      reload()
      return true
    } catch {
      // The api client has shown the server's message.
      return false
    } finally {
      setBusy(false)
    }
  }
  if (!s)
    return (
      <PageFrame path={path} title={title}>
        {null}
      </PageFrame>
    )
  return (
    <PageFrame path={path} title={title}>
      <Space direction="vertical" size="middle" style={{ width: '100%' }}>
        <Card size="small" title="负责人与导出限制">
          {s.canSetOfficer ? (
            <Form
              form={form}
              layout="vertical"
              initialValues={{ officerUserInfoId: s.officer?.userInfoId ?? null, minorRowLimit: s.minorRowLimit }}
              onFinish={(v) =>
                void run(() =>
                  piExportApi.saveOfficer({
                    officerUserInfoId: v.officerUserInfoId ?? null,
                    minorRowLimit: v.minorRowLimit ?? null,
                  }),
                )
              }
            >
              <Form.Item
                name="officerUserInfoId"
                label="个人信息保护负责人（顶级机构的教职工）"
                extra="负责人可审批导出申请，并指定审批人。"
              >
                <MemberSelect top ariaLabel="个人信息保护负责人" initial={s.officer} />
              </Form.Item>
              <Form.Item
                name="minorRowLimit"
                label="脱敏导出的未成年学生上限（人）"
                extra="一次脱敏导出的未成年学生超过此数须申请审批；留空为不限。"
              >
                <InputNumber min={1} max={100000} precision={0} aria-label="未成年学生上限" style={{ width: 200 }} />
              </Form.Item>
              <Button type="primary" htmlType="submit" loading={busy}>
                保存
              </Button>
            </Form>
          ) : (
            <Descriptions column={1} size="small">
              <Descriptions.Item label="个人信息保护负责人">
                {s.officer ? label(s.officer) : '尚未指定'}
              </Descriptions.Item>
              <Descriptions.Item label="脱敏导出的未成年学生上限">
                {s.minorRowLimit === null ? '不限' : `${s.minorRowLimit} 人`}
              </Descriptions.Item>
            </Descriptions>
          )}
          <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
            获批的导出文件下载链接 {s.linkHours} 小时内有效。
          </Typography.Paragraph>
        </Card>
        <Card size="small" title="审批人">
          {s.canManageApprovers && (
            <Space wrap style={{ marginBottom: 12, width: '100%' }}>
              <div style={{ minWidth: 240 }}>
                <MemberSelect top={false} ariaLabel="新增审批人" value={adding} onChange={setAdding} />
              </div>
              <Button
                type="primary"
                disabled={adding === null}
                loading={busy}
                onClick={() => void run(() => piExportApi.addApprover(adding!)).then((ok) => ok && setAdding(null))}
              >
                添加审批人
              </Button>
            </Space>
          )}
          <List
            dataSource={s.approvers}
            locale={{ emptyText: <Typography.Text type="secondary">暂无审批人</Typography.Text> }}
            renderItem={(m) => (
              <List.Item
                actions={
                  s.canManageApprovers
                    ? [
                        <Button
                          key="remove"
                          size="small"
                          danger
                          aria-label={`移除审批人 ${m.name}`}
                          onClick={() => void run(() => piExportApi.removeApprover(m.userInfoId))}
                        >
                          移除
                        </Button>,
                      ]
                    : []
                }
              >
                {label(m)}
              </List.Item>
            )}
          />
          <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
            审批人可审批本机构及下级机构的导出申请；不能审批本人提交的申请。
          </Typography.Paragraph>
        </Card>
      </Space>
    </PageFrame>
  )
}

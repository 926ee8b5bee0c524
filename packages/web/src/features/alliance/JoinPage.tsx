import {
  ALLIANCE_JOIN,
  ALLIANCE_STATUS_LABEL,
  AllianceMsg,
  AllianceStatus,
  alliancePortalPath,
  type AllianceCandidate,
  type AllianceMembership,
} from '@zhixiao/shared'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { App, Card, Input, List, Space, Tag, Typography, type ButtonProps } from 'antd'
import { useState } from 'react'
import { Link } from 'react-router'
import { notify } from '../../api/feedback'
import { PageFrame } from '../../components/crud'
import { PermButton } from '../../components/PermButton'
import { useSession } from '../../stores/session'
import type { PageProps } from '../../navigation/page-props'
import { allianceApi, AllianceKeys } from './api'

const STATUS_COLOR: Record<number, string> = { 0: 'processing', 1: 'success', 2: 'error' }

/**
 * /allianceManage/join (我的联盟): the session org's alliances (joined, waiting, refused) with the way into each
 * portal and out of it, and the alliances it may apply to (its tenant's and other platforms' open ones).
 */
export default function JoinPage({ path, title }: PageProps) {
  const { modal } = App.useApp()
  const qc = useQueryClient()
  const [keyword, setKeyword] = useState('')
  const mine = useQuery({ queryKey: [AllianceKeys.mine], queryFn: allianceApi.mine })
  const candidates = useQuery({
    queryKey: [AllianceKeys.candidates, keyword],
    queryFn: () => allianceApi.candidates(keyword),
  })
  const mayManage = useSession((st) => st.userInfo?.permissions.includes('alliance_manage') ?? false)
  const refresh = () => {
    for (const k of Object.values(AllianceKeys)) void qc.invalidateQueries({ queryKey: [k] })
  }

  const apply = (a: { orgId: number; name: string }) => {
    let reason = ''
    modal.confirm({
      title: `申请加入“${a.name}”`,
      okText: '提交申请',
      cancelText: '取消',
      okButtonProps: { 'data-testid': 'apply-ok' } as ButtonProps,
      content: (
        <Input.TextArea
          rows={3}
          maxLength={200}
          placeholder="申请说明（选填）"
          aria-label="申请说明"
          onChange={(e) => {
            reason = e.target.value
          }}
        />
      ),
      onOk: async () => {
        try {
          notify.success((await allianceApi.apply(a.orgId, reason.trim())).msg)
          refresh()
        } catch {
          /* the client showed why */
        }
      },
    })
  }
  const leave = (m: AllianceMembership) =>
    modal.confirm({
      title: m.status === AllianceStatus.AUDITING ? '撤回申请' : '离开联盟',
      content: m.status === AllianceStatus.AUDITING ? `撤回加入“${m.allianceName}”的申请？` : AllianceMsg.LEAVE_CONFIRM,
      okText: '确定',
      cancelText: '取消',
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          notify.success((await allianceApi.leave(m.allianceOrgId)).msg)
          refresh()
        } catch {
          /* the client showed why */
        }
      },
    })

  return (
    <PageFrame
      path={path}
      title={title}
      extra={
        mayManage && (
          <Space wrap>
            <Link to="/allianceManage/allianceUser">联盟成员管理</Link>
            <Link to="/allianceManage/setting">联盟设置</Link>
          </Space>
        )
      }
    >
      <Card title="已加入与申请中" style={{ marginBottom: 16 }}>
        <List<AllianceMembership>
          loading={mine.isLoading}
          dataSource={mine.data ?? []}
          locale={{ emptyText: '尚未加入任何联盟' }}
          data-testid="my-alliances"
          renderItem={(m) => (
            <List.Item
              actions={[
                m.status === AllianceStatus.JOINED && (
                  <Link key="go" to={alliancePortalPath(m.allianceOrgId)} data-testid={`enter-${m.allianceOrgId}`}>
                    进入联盟门户
                  </Link>
                ),
                m.status === AllianceStatus.REFUSED ? (
                  <PermButton
                    key="again"
                    code={ALLIANCE_JOIN}
                    size="small"
                    onClick={() => apply({ orgId: m.allianceOrgId, name: m.allianceName })}
                  >
                    重新申请
                  </PermButton>
                ) : (
                  <PermButton key="leave" code={ALLIANCE_JOIN} size="small" danger onClick={() => leave(m)}>
                    {m.status === AllianceStatus.AUDITING ? '撤回' : '离开联盟'}
                  </PermButton>
                ),
              ].filter(Boolean)}
            >
              <List.Item.Meta
                title={
                  <Space wrap size={4}>
                    {m.allianceName}
                    <Tag color={STATUS_COLOR[m.status]}>{ALLIANCE_STATUS_LABEL[m.status]}</Tag>
                  </Space>
                }
                description={
                  <>
                    {m.tenantName}
                    {m.refuseReason && <Typography.Text type="danger">（拒绝原因：{m.refuseReason}）</Typography.Text>}
                  </>
                }
              />
            </List.Item>
          )}
        />
      </Card>
      <Card title="申请加入联盟">
        <Input.Search
          allowClear
          placeholder="联盟名称"
          maxLength={50}
          style={{ width: 'min(280px, 100%)', marginBottom: 12 }}
          onSearch={(v) => setKeyword(v.trim())}
        />
        <List<AllianceCandidate>
          loading={candidates.isLoading}
          dataSource={candidates.data ?? []}
          locale={{ emptyText: '暂无可申请的联盟' }}
          data-testid="alliance-candidates"
          renderItem={(a) => (
            <List.Item
              actions={[
                <PermButton
                  key="apply"
                  code={ALLIANCE_JOIN}
                  type="primary"
                  size="small"
                  data-testid={`apply-${a.orgId}`}
                  onClick={() => apply(a)}
                >
                  申请加入
                </PermButton>,
              ]}
            >
              <List.Item.Meta
                title={
                  <Space wrap size={4}>
                    {a.name}
                    {!a.sameTenant && <Tag color="blue">{a.tenantName}</Tag>}
                    {!a.needAudit && <Tag>免审核</Tag>}
                  </Space>
                }
                description={
                  <Typography.Paragraph ellipsis={{ rows: 2 }} style={{ marginBottom: 0 }}>
                    {a.intro || '暂无简介'}
                  </Typography.Paragraph>
                }
              />
            </List.Item>
          )}
        />
      </Card>
    </PageFrame>
  )
}

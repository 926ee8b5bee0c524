import {
  MESSAGE_EVENTS,
  MP_PLATFORM_LABELS,
  MP_SCOPE_CODES,
  type MpAppBody,
  type MpAppRow,
  type MpPlatform,
} from '@zhixiao/shared'
import { useQuery } from '@tanstack/react-query'
import { App, Card, Descriptions, Empty, Space, Spin, Tag, Typography } from 'antd'
import { useState } from 'react'
import { useNavigate } from 'react-router'
import { CrudFormModal, PageFrame, useWrite } from '../../components/crud'
import { PermButton } from '../../components/PermButton'
import type { PageProps } from '../../navigation/page-props'
import { mpApi, MpKeys } from './api'
import { cleanTemplates, MpAppFields, mpInitial } from './MpAppForm'
import { MP_PAGES } from './mp-pages'

/**
 * The WeChat / DingTalk apps of one scope (服务号, 外聘小程序, 教师 / 家长移动端): one card per app, the secret shown
 * only as 已保存. 新增 / 编辑 open the platform's form page where the spec has one, a dialog otherwise.
 */
export default function MpAppListPage({ path, title }: PageProps) {
  const page = MP_PAGES[path]!
  const codes = MP_SCOPE_CODES[page.scope]
  const list = useQuery({ queryKey: [MpKeys.list, page.scope], queryFn: () => mpApi.list(page.scope) })
  const write = useWrite([MpKeys.list])
  const navigate = useNavigate()
  const { modal } = App.useApp()
  const [editing, setEditing] = useState<{ platform: MpPlatform; row: MpAppRow | null } | null>(null)
  const rows = (list.data ?? []).filter((r) => page.platforms.includes(r.platform as MpPlatform))
  const open = (platform: MpPlatform, row: MpAppRow | null) => {
    const to = page.form?.[platform]
    if (to) void navigate(row ? `${to}?id=${row.id}` : to)
    else setEditing({ platform, row })
  }
  return (
    <PageFrame
      path={path}
      title={title}
      extra={
        <Space wrap>
          {page.platforms
            .filter((p) => !rows.some((r) => r.platform === p))
            .map((p) => (
              <PermButton
                key={p}
                code={codes.write}
                type="primary"
                data-testid={`mp-add-${p}`}
                onClick={() => open(p, null)}
              >
                新增{MP_PLATFORM_LABELS[p]}
              </PermButton>
            ))}
          {page.map && (
            <PermButton code={codes.page} onClick={() => void navigate(page.map!)}>
              消息模板映射
            </PermButton>
          )}
        </Space>
      }
    >
      {page.note && (
        <Typography.Paragraph type="secondary" data-testid="mp-note">
          {page.note}
        </Typography.Paragraph>
      )}
      {list.isLoading ? (
        <Spin />
      ) : rows.length === 0 ? (
        <Empty description="尚未配置" />
      ) : (
        <Space direction="vertical" style={{ width: '100%' }}>
          {rows.map((r) => (
            <Card
              key={r.id}
              size="small"
              data-testid="mp-app-card"
              title={
                <Space wrap>
                  {r.name}
                  <Tag>{MP_PLATFORM_LABELS[r.platform as MpPlatform]}</Tag>
                  {!r.enabled && <Tag>停用</Tag>}
                </Space>
              }
              extra={
                <Space wrap>
                  <PermButton code={codes.write} size="small" onClick={() => open(r.platform as MpPlatform, r)}>
                    编辑
                  </PermButton>
                  <PermButton
                    code={codes.remove}
                    size="small"
                    danger
                    onClick={() =>
                      modal.confirm({
                        title: `删除“${r.name}”？`,
                        content: '删除后该应用的消息推送与绑定一并失效。',
                        okText: '删除',
                        cancelText: '取消',
                        okButtonProps: { danger: true },
                        onOk: () => write(() => mpApi.remove(page.scope, r.id)),
                      })
                    }
                  >
                    删除
                  </PermButton>
                </Space>
              }
            >
              <Descriptions
                size="small"
                column={{ xs: 1, sm: 2 }}
                items={[
                  { key: 'a', label: r.platform === 'dd_mini' ? 'AppKey' : 'AppID', children: r.appId },
                  { key: 's', label: 'AppSecret', children: r.hasSecret ? '已保存（加密）' : '未设置' },
                  ...(r.agentId ? [{ key: 'g', label: 'AgentId', children: r.agentId }] : []),
                  {
                    key: 't',
                    label: '已配置模板',
                    children: `${MESSAGE_EVENTS.filter((e) => r.templates[e]).length} / ${MESSAGE_EVENTS.length}`,
                  },
                ]}
              />
            </Card>
          ))}
        </Space>
      )}
      {editing && (
        <CrudFormModal<MpAppBody>
          title={`${editing.row ? '编辑' : '新增'}${MP_PLATFORM_LABELS[editing.platform]}`}
          width={600}
          initialValues={mpInitial(editing.platform, editing.row)}
          onClose={() => setEditing(null)}
          onSubmit={async (v) => (await write(() => mpApi.save(page.scope, cleanTemplates(v)))) !== null}
        >
          <MpAppFields platform={editing.platform} hasSecret={!!editing.row?.hasSecret} />
        </CrudFormModal>
      )}
    </PageFrame>
  )
}

import { NOTICE_KINDS, NOTICE_LABEL, noticeVersionName, type NoticeKind, type NoticeListRow } from '@zhixiao/shared'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { App, Button, Card, Flex, Form, Input, List, Modal, Space, Tabs, Tag, Typography } from 'antd'
import { useEffect, useState } from 'react'
import { useCurrentUser } from '../../api/queries'
import { PageFrame } from '../../components/crud'
import type { PageProps } from '../../navigation/page-props'
import { RichEditor } from '../cms/admin/RichEditor'
import { noticeApi } from './api'
import { noticeHref } from './notice-href'

interface DraftValues {
  title: string
  body: string
}

/** One kind: the draft being edited (or a new one from the current version) and the versions published. */
function KindPanel({ kind, rows, tenantId }: { kind: NoticeKind; rows: NoticeListRow[]; tenantId?: number }) {
  const { message, modal } = App.useApp()
  const qc = useQueryClient()
  const [form] = Form.useForm<DraftValues>()
  const [busy, setBusy] = useState(false)
  const [viewing, setViewing] = useState<number | null>(null)
  const draft = rows.find((r) => r.version === null)
  const versions = rows.filter((r) => r.version !== null)
  const current = versions[0]
  // The form starts from the draft if there is one, else from the current version (an edit makes a new version).
  const source = draft ?? current
  const sourceDoc = useQuery({
    queryKey: ['privacyNotice', 'detail', source?.id],
    queryFn: () => noticeApi.detail(source!.id),
    enabled: !!source,
  })
  useEffect(() => {
    if (sourceDoc.data) form.setFieldsValue({ title: sourceDoc.data.title, body: sourceDoc.data.body })
  }, [sourceDoc.data])
  const viewed = useQuery({
    queryKey: ['privacyNotice', 'detail', viewing],
    queryFn: () => noticeApi.detail(viewing!),
    enabled: viewing !== null,
  })
  const refresh = () => qc.invalidateQueries({ queryKey: ['privacyNotice'] })
  const run = async (work: () => Promise<{ msg: string }>) => {
    setBusy(true)
    try {
      const r = await work()
      void message.success(r.msg)
      await refresh()
    } finally {
      setBusy(false)
    }
  }
  const save = async () => {
    const v = await form.validateFields()
    await run(() => noticeApi.saveDraft({ kind, title: v.title, body: v.body }))
  }
  const next = noticeVersionName((current?.version ?? 0) + 1)
  const publish = () =>
    modal.confirm({
      title: `发布为${NOTICE_LABEL[kind]} ${next}？`,
      content: '发布后该版本不可修改，登录页和注册页立即显示新版本；此后注册的用户记录同意此版本。',
      okText: '发布',
      onOk: () => run(() => noticeApi.publish(kind)),
    })
  return (
    <Flex vertical gap={16}>
      <Card
        size="small"
        title={draft ? `草稿（将发布为 ${next}）` : `编辑（保存后成为草稿，发布为 ${next}）`}
        extra={
          <a href={noticeHref(kind, { tenantId })} target="_blank" rel="noopener noreferrer">
            查看公开页面
          </a>
        }
      >
        <Form form={form} name={`notice-${kind}`} layout="vertical" requiredMark={false}>
          <Form.Item
            name="title"
            label="标题"
            rules={[{ required: true, whitespace: true, message: '请输入标题（不超过100个字）' }]}
          >
            <Input maxLength={100} />
          </Form.Item>
          <Form.Item name="body" label="正文" rules={[{ required: true, message: '请输入正文' }]}>
            <RichEditor height={320} />
          </Form.Item>
        </Form>
        <Space wrap>
          <Button onClick={() => void save()} loading={busy}>
            保存草稿
          </Button>
          <Button type="primary" disabled={!draft} onClick={publish} loading={busy}>
            发布
          </Button>
          {draft && (
            <Button danger onClick={() => void run(() => noticeApi.deleteDraft(kind))} loading={busy}>
              删除草稿
            </Button>
          )}
        </Space>
        {draft && (
          <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>
            草稿保存于 {draft.updatedAt}，发布前登录页仍显示当前版本。
          </Typography.Paragraph>
        )}
      </Card>
      <Card size="small" title="已发布的版本">
        <List
          dataSource={versions}
          locale={{ emptyText: <Typography.Text type="secondary">尚未发布</Typography.Text> }}
          renderItem={(r) => (
            <List.Item
              actions={[
                <Button key="view" type="link" onClick={() => setViewing(r.id)}>
                  查看
                </Button>,
              ]}
            >
              <div style={{ overflowWrap: 'anywhere' }}>
                <Space wrap>
                  <strong>{noticeVersionName(r.version ?? 0)}</strong>
                  {r === current && <Tag color="green">当前生效</Tag>}
                  <span>{r.title}</span>
                </Space>
                <div style={{ fontSize: 12, color: '#4b5563' }}>
                  {r.publishedAt} 由 {r.publishedBy ?? '—'} 发布
                </div>
              </div>
            </List.Item>
          )}
        />
      </Card>
      <Modal
        open={viewing !== null}
        title={viewed.data ? `${viewed.data.title} ${noticeVersionName(viewed.data.version ?? 0)}` : '加载中'}
        footer={null}
        onCancel={() => setViewing(null)}
        width={760}
      >
        {viewed.data && (
          <div
            className="zx-richtext"
            style={{ overflowWrap: 'anywhere' }}
            dangerouslySetInnerHTML={{ __html: viewed.data.body }}
          />
        )}
      </Modal>
    </Flex>
  )
}

/**
 * /base-privacyLog/notice: the tenant's 服务条款, 隐私政策 and 儿童个人信息保护规则 (docs/privacy.md "Privacy notice and
 * annual audit"). An edit is a draft; publishing makes it the next version, never changed again. Only the top org's
 * administrators write (the server refuses the others: 仅顶级机构的管理员可维护此设置).
 */
export default function NoticeAdminPage({ path, title }: PageProps) {
  const q = useQuery({ queryKey: ['privacyNotice', 'list'], queryFn: () => noticeApi.list() })
  const tenantId = useCurrentUser().data?.tenantId
  return (
    <PageFrame path={path} title={title}>
      <Tabs
        items={NOTICE_KINDS.map((k) => ({
          key: k,
          label: NOTICE_LABEL[k],
          children: <KindPanel kind={k} rows={(q.data ?? []).filter((r) => r.kind === k)} tenantId={tenantId} />,
        }))}
      />
    </PageFrame>
  )
}

import { ComplaintMsg, type ComplaintRow } from '@zhixiao/shared'
import { useQuery } from '@tanstack/react-query'
import { Badge, Button, Card, Checkbox, Empty, Form, Input, List, Result, Select, Spin, Typography } from 'antd'
import { useState } from 'react'
import { Link } from 'react-router'
import { useCurrentUser } from '../../api/queries'
import { useWrite } from '../../components/crud'
import { formatTime } from '../../components/crud/dates'
import type { PageProps } from '../../navigation/page-props'
import { complaintApi, ComplaintKeys, useComplaintConfig, type ComplaintSubmit } from './api'
import { StatusTag } from './ComplaintTable'

/** The caller's own submissions with the handlers' replies, newest first. */
function MySubmissions() {
  const [page, setPage] = useState(1)
  const mine = useQuery({ queryKey: [ComplaintKeys.mine, page], queryFn: () => complaintApi.mine(page, 10) })
  return (
    <Card size="small" title="我的投诉建议" data-testid="my-complaints">
      <List<ComplaintRow>
        loading={mine.isLoading}
        dataSource={mine.data?.list ?? []}
        locale={{ emptyText: <Empty description="暂无投诉建议" /> }}
        pagination={
          (mine.data?.total ?? 0) > 10
            ? { current: page, total: mine.data?.total, pageSize: 10, onChange: setPage }
            : false
        }
        renderItem={(r) => (
          <List.Item key={r.id} data-testid="my-complaint">
            <List.Item.Meta
              title={
                <>
                  {r.title} <StatusTag status={r.status} />
                </>
              }
              description={
                <>
                  {r.className} · {formatTime(r.createdAt)}
                  {r.anonymous ? ' · 匿名' : ''}
                </>
              }
            />
            <div style={{ maxWidth: 520 }}>
              <div style={{ whiteSpace: 'pre-wrap' }}>{r.content}</div>
              {r.reply && (
                <Typography.Paragraph
                  type="success"
                  style={{ marginTop: 8, marginBottom: 0 }}
                  data-testid="complaint-reply-text"
                >
                  回复：{r.reply}
                  {r.handlerName ? `（${r.handlerName}）` : ''}
                </Typography.Paragraph>
              )}
            </div>
          </List.Item>
        )}
      />
    </Card>
  )
}

/** Handlers reach their queue from here, with the pending count. */
function HandlerLink() {
  const handler = useQuery({ queryKey: [ComplaintKeys.handler], queryFn: complaintApi.isHandler, staleTime: 60_000 })
  const count = useQuery({ queryKey: [ComplaintKeys.count], queryFn: complaintApi.count, enabled: !!handler.data })
  if (!handler.data) return null
  return (
    <Badge count={count.data ?? 0} size="small">
      <Link to="/menhu-complaintSuggest/handle" data-testid="complaint-handle-link">
        <Button>处理投诉建议</Button>
      </Link>
    </Badge>
  )
}

/**
 * /complaintSuggest/submit: the user's 投诉建议 form (when their org has the feature on and their user type is
 * allowed) and, below, their submissions with replies. Visitors are sent to sign in by the router first.
 */
export default function SubmitPage({ path }: PageProps) {
  const user = useCurrentUser().data
  const cfg = useComplaintConfig().data
  const classes = useQuery({ queryKey: [ComplaintKeys.classes], queryFn: complaintApi.classes, staleTime: 60_000 })
  const write = useWrite([ComplaintKeys.mine, ComplaintKeys.count, ComplaintKeys.admin])
  const [form] = Form.useForm<ComplaintSubmit>()
  if (!user || cfg === undefined) return <Spin />
  const allowed = !!cfg && cfg.enable && (cfg.userRole as readonly number[]).includes(user.userType)
  return (
    <div
      data-page={path}
      style={{ maxWidth: 960, margin: '16px auto', display: 'flex', flexDirection: 'column', gap: 16 }}
    >
      <Card size="small" title="投诉建议" extra={<HandlerLink />}>
        {!allowed ? (
          <Result status="info" title={cfg?.enable ? ComplaintMsg.ROLE_NOT_ALLOWED : ComplaintMsg.DISABLED} />
        ) : (
          <Form<ComplaintSubmit>
            form={form}
            layout="vertical"
            data-testid="complaint-form"
            initialValues={{ anonymous: false, phone: '' }}
            onFinish={async (v) => {
              if (await write(() => complaintApi.submit(v))) form.resetFields()
            }}
          >
            <Form.Item name="classId" label="分类" rules={[{ required: true, message: '请选择分类' }]}>
              <Select
                placeholder="请选择分类"
                data-testid="complaint-class"
                options={(classes.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
              />
            </Form.Item>
            <Form.Item
              name="title"
              label="标题"
              rules={[{ required: true, whitespace: true, message: ComplaintMsg.TITLE_REQUIRED }]}
            >
              <Input maxLength={50} />
            </Form.Item>
            <Form.Item
              name="content"
              label="内容"
              rules={[{ required: true, whitespace: true, message: ComplaintMsg.CONTENT_REQUIRED }]}
            >
              <Input.TextArea rows={5} maxLength={2000} showCount />
            </Form.Item>
            <Form.Item
              name="phone"
              label="联系电话（选填）"
              rules={[{ pattern: /^1\d{10}$/, message: ComplaintMsg.PHONE_INVALID }]}
            >
              <Input maxLength={11} style={{ width: 240 }} />
            </Form.Item>
            {cfg.allowAnonymous && (
              <Form.Item name="anonymous" valuePropName="checked">
                <Checkbox>匿名提交（处理人看不到您的姓名和电话）</Checkbox>
              </Form.Item>
            )}
            <Button type="primary" htmlType="submit" data-testid="complaint-submit">
              提交
            </Button>
          </Form>
        )}
      </Card>
      <MySubmissions />
    </div>
  )
}

import {
  ASSISTANT_BUTTONS,
  ASSISTANT_PROVIDERS,
  AssistantMsg,
  type AssistantConfigSave,
  type AssistantLogRow,
  type AssistantProviderType,
  type HelpArticleBody,
  type HelpArticleRow,
} from '@zhixiao/shared'
import { useQuery } from '@tanstack/react-query'
import { Alert, Card, Form, Input, Modal, Select, Space, Spin, Switch, Table, Tabs, Tag, Typography } from 'antd'
import { useState } from 'react'
import { CrudFormModal, PageFrame, useWrite } from '../../components/crud'
import { formatTime } from '../../components/crud/dates'
import { PermButton } from '../../components/PermButton'
import type { PageProps } from '../../navigation/page-props'
import { assistantApi, AssistantKeys } from './api'

const PROVIDER_LABEL: Record<AssistantProviderType, string> = {
  builtin: '内置（检索帮助文档）',
  openai: 'OpenAI 兼容大模型',
}
const SOURCE_LABEL: Record<string, string> = { help: '帮助文档', model: '大模型', none: '未找到' }

/**
 * /menhu-port/assistant (智能客服配置, sc_menhu_pc; docs/assistant.md): whether the helper is on and what answers
 * (the built-in search of the help articles, or an OpenAI-compatible model whose key is kept encrypted and never
 * shown), the help articles, and the conversation log of this org and below.
 */
export default function AssistantAdminPage({ path, title }: PageProps) {
  return (
    <PageFrame path={path} title={title}>
      <Tabs
        destroyOnHidden
        items={[
          { key: 'articles', label: '帮助文档', children: <Articles /> },
          { key: 'config', label: '基本配置', children: <ConfigCard /> },
          { key: 'log', label: '对话记录', children: <Log /> },
        ]}
      />
    </PageFrame>
  )
}

function ConfigCard() {
  const cfg = useQuery({ queryKey: [AssistantKeys.config], queryFn: () => assistantApi.config() })
  const write = useWrite([AssistantKeys.config, AssistantKeys.enabled])
  const [form] = Form.useForm<AssistantConfigSave>()
  const provider = Form.useWatch('provider', form)
  if (!cfg.data) return <Spin />
  return (
    <Card size="small">
      <Form<AssistantConfigSave>
        form={form}
        layout="vertical"
        style={{ maxWidth: 560 }}
        disabled={!cfg.data.editable}
        initialValues={{
          enabled: cfg.data.enabled,
          provider: cfg.data.provider,
          baseUrl: cfg.data.baseUrl,
          model: cfg.data.model,
          apiKey: '',
        }}
        onFinish={(v) => void write(() => assistantApi.saveConfig(v)).then(() => form.setFieldValue('apiKey', ''))}
      >
        {!cfg.data.editable && (
          <Alert type="info" showIcon style={{ marginBottom: 12 }} message="智能客服由顶级机构的管理员配置。" />
        )}
        <Form.Item name="enabled" label="开启智能客服" valuePropName="checked" extra="关闭后门户不再显示智能客服按钮">
          <Switch data-testid="assistant-enabled" />
        </Form.Item>
        <Form.Item name="provider" label="回答方式">
          <Select
            options={ASSISTANT_PROVIDERS.map((v) => ({ value: v, label: PROVIDER_LABEL[v] }))}
            data-testid="assistant-provider"
          />
        </Form.Item>
        {provider === 'openai' ? (
          <>
            <Form.Item
              name="baseUrl"
              label="接口地址"
              extra="OpenAI 兼容接口的根地址，如 https://api.openai.com/v1（调用其 /chat/completions）"
              rules={[{ required: true, message: AssistantMsg.MODEL_REQUIRED }]}
            >
              <Input maxLength={300} placeholder="https://api.example.com/v1" />
            </Form.Item>
            <Form.Item name="model" label="模型名称" rules={[{ required: true, message: AssistantMsg.MODEL_REQUIRED }]}>
              <Input maxLength={100} />
            </Form.Item>
            <Form.Item
              name="apiKey"
              label="API Key"
              extra={cfg.data.hasKey ? '已保存（加密存储，不再显示）；留空则不修改' : undefined}
              rules={cfg.data.hasKey ? [] : [{ required: true, message: AssistantMsg.KEY_REQUIRED }]}
            >
              <Input.Password
                maxLength={200}
                autoComplete="new-password"
                placeholder={cfg.data.hasKey ? '••••••••' : ''}
              />
            </Form.Item>
            <Typography.Paragraph type="secondary">
              大模型以最相关的帮助文档为依据作答；问答内容会发送到所填的接口。
            </Typography.Paragraph>
          </>
        ) : (
          <Typography.Paragraph type="secondary">
            内置方式在本租户的帮助文档中检索与问题最相关的一篇，原文回复；找不到时如实说明。
          </Typography.Paragraph>
        )}
        <PermButton
          code={ASSISTANT_BUTTONS.CONFIG}
          type="primary"
          htmlType="submit"
          data-testid="assistant-config-save"
        >
          保存
        </PermButton>
      </Form>
    </Card>
  )
}

type ArticleForm = Omit<HelpArticleBody, 'id'>

function Articles() {
  const [q, setQ] = useState({ pageIndex: 1, pageSize: 10, keyword: '' })
  const list = useQuery({ queryKey: [AssistantKeys.articles, q], queryFn: () => assistantApi.articles(q) })
  const write = useWrite([AssistantKeys.articles])
  const [editing, setEditing] = useState<HelpArticleRow | 'new' | null>(null)
  const remove = (a: HelpArticleRow) =>
    Modal.confirm({
      title: `删除帮助文档“${a.title}”？`,
      okText: '删除',
      okButtonProps: { danger: true },
      cancelText: '取消',
      onOk: () => write(() => assistantApi.deleteArticle(a.id)),
    })
  return (
    <Card size="small">
      <Space wrap style={{ marginBottom: 12 }}>
        <Input.Search
          allowClear
          placeholder="搜索标题、关键词、正文"
          maxLength={30}
          style={{ width: 240 }}
          onSearch={(keyword) => setQ({ ...q, pageIndex: 1, keyword })}
        />
        <PermButton
          code={ASSISTANT_BUTTONS.ADD}
          type="primary"
          onClick={() => setEditing('new')}
          data-testid="assistant-article-add"
        >
          新增
        </PermButton>
      </Space>
      <Table<HelpArticleRow>
        rowKey="id"
        size="small"
        loading={list.isLoading}
        dataSource={list.data?.list}
        scroll={{ x: 640 }}
        pagination={{
          current: q.pageIndex,
          pageSize: q.pageSize,
          total: list.data?.total ?? 0,
          onChange: (pageIndex, pageSize) => setQ({ ...q, pageIndex, pageSize }),
        }}
        columns={[
          { title: '标题', dataIndex: 'title', width: 180 },
          { title: '关键词', dataIndex: 'keywords', ellipsis: true },
          {
            title: '状态',
            dataIndex: 'enabled',
            width: 80,
            render: (v: boolean) => (v ? <Tag color="green">启用</Tag> : <Tag>停用</Tag>),
          },
          { title: '更新时间', dataIndex: 'updatedAt', width: 170, render: (v: string) => formatTime(v) },
          {
            title: '操作',
            key: 'op',
            width: 140,
            render: (_, a) => (
              <Space size={0}>
                <PermButton code={ASSISTANT_BUTTONS.EDIT} type="link" size="small" onClick={() => setEditing(a)}>
                  编辑
                </PermButton>
                <PermButton code={ASSISTANT_BUTTONS.DELETE} type="link" size="small" danger onClick={() => remove(a)}>
                  删除
                </PermButton>
              </Space>
            ),
          },
        ]}
      />
      {editing && (
        <CrudFormModal<ArticleForm>
          title={editing === 'new' ? '新增帮助文档' : '编辑帮助文档'}
          width={640}
          onClose={() => setEditing(null)}
          initialValues={
            editing === 'new'
              ? { enabled: true, keywords: '' }
              : { title: editing.title, keywords: editing.keywords, body: editing.body, enabled: editing.enabled }
          }
          onSubmit={async (v) =>
            !!(await write(() =>
              editing === 'new' ? assistantApi.addArticle(v) : assistantApi.updateArticle({ ...v, id: editing.id }),
            ))
          }
        >
          <Form.Item
            name="title"
            label="标题"
            rules={[
              { required: true, whitespace: true, message: AssistantMsg.TITLE_REQUIRED },
              { max: 60, message: AssistantMsg.TITLE_LONG },
            ]}
          >
            <Input maxLength={60} placeholder="如：老师如何请假" />
          </Form.Item>
          <Form.Item name="keywords" label="关键词" extra="提问时可能用到的其他说法，空格分隔">
            <Input maxLength={200} />
          </Form.Item>
          <Form.Item
            name="body"
            label="正文"
            rules={[
              { required: true, whitespace: true, message: AssistantMsg.BODY_REQUIRED },
              { max: 5000, message: AssistantMsg.BODY_LONG },
            ]}
          >
            <Input.TextArea rows={8} maxLength={5000} showCount />
          </Form.Item>
          <Form.Item name="enabled" label="启用" valuePropName="checked">
            <Switch />
          </Form.Item>
        </CrudFormModal>
      )}
    </Card>
  )
}

function Log() {
  const [q, setQ] = useState({ pageIndex: 1, pageSize: 10, keyword: '' })
  const list = useQuery({ queryKey: [AssistantKeys.log, q], queryFn: () => assistantApi.log(q) })
  return (
    <Card size="small">
      <Input.Search
        allowClear
        placeholder="搜索问题或提问人"
        maxLength={30}
        style={{ width: 240, marginBottom: 12 }}
        onSearch={(keyword) => setQ({ ...q, pageIndex: 1, keyword })}
      />
      <Table<AssistantLogRow>
        rowKey="id"
        size="small"
        loading={list.isLoading}
        dataSource={list.data?.list}
        scroll={{ x: 760 }}
        pagination={{
          current: q.pageIndex,
          pageSize: q.pageSize,
          total: list.data?.total ?? 0,
          onChange: (pageIndex, pageSize) => setQ({ ...q, pageIndex, pageSize }),
        }}
        expandable={{
          expandedRowRender: (r) => (
            <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: 0 }}>
              {r.answer || '（无回答）'}
            </Typography.Paragraph>
          ),
        }}
        columns={[
          { title: '时间', dataIndex: 'createdAt', width: 170, render: (v: string) => formatTime(v) },
          { title: '提问人', dataIndex: 'userName', width: 100 },
          { title: '机构', dataIndex: 'orgName', width: 140, ellipsis: true },
          { title: '问题', dataIndex: 'question', ellipsis: true },
          {
            title: '来源',
            dataIndex: 'source',
            width: 160,
            render: (v: string, r) => `${SOURCE_LABEL[v] ?? v}${r.sourceTitle ? `《${r.sourceTitle}》` : ''}`,
          },
        ]}
      />
    </Card>
  )
}

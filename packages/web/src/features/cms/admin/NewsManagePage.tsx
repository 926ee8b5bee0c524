import { CmsMsg, type NewsAdminRow, type NewsSaveBody } from '@zhixiao/shared'
import { useQuery } from '@tanstack/react-query'
import { Checkbox, Form, Input, InputNumber, Select, Space, Tag } from 'antd'
import { useEffect, useState } from 'react'
import { CrudTableCard, PageFrame, type CrudForm } from '../../../components/crud'
import type { PageProps } from '../../../navigation/page-props'
import { CmsKeys, newsAdminApi, useNewsTypes } from '../api'
import { newsDateTime } from '../blocks/format'
import { ImageField } from './ImageField'
import { RichEditor } from './RichEditor'

type Values = Omit<NewsSaveBody, 'confirm'> & { confirm: boolean }

/** Puts the stored body of the item being edited into the form (the list rows carry no body). */
function LoadContent({ id }: { id: number }) {
  const form = Form.useFormInstance()
  const detail = useQuery({ queryKey: [CmsKeys.newsAdmin, 'detail', id], queryFn: () => newsAdminApi.get(id) })
  useEffect(() => {
    if (detail.data) form.setFieldValue('content', detail.data.content)
  }, [detail.data, form])
  return null
}

/**
 * A new item starts with the first news type. The types may still be loading when the dialog opens (its initial
 * values are read once, at opening), so the first type is also put in once they arrive, unless one was chosen.
 */
function DefaultType({ first }: { first: number | undefined }) {
  const form = Form.useFormInstance()
  useEffect(() => {
    if (first !== undefined && form.getFieldValue('noticeType') === undefined) form.setFieldValue('noticeType', first)
  }, [first, form])
  return null
}

/** 新闻管理 (cms_news_mgr): the org's news with filters; add/edit with cover and rich body; publish, withdraw, delete. */
export default function NewsManagePage({ path, title }: PageProps) {
  const types = useNewsTypes()
  const [status, setStatus] = useState<number | undefined>()
  const [type, setType] = useState<number | undefined>()
  const typeOptions = (types.data ?? []).map((t) => ({ value: t.id, label: t.name }))

  const form: CrudForm<NewsAdminRow, Values> = {
    noun: '新闻',
    width: 860,
    initial: (row) =>
      row
        ? {
            title: row.title,
            noticeType: row.noticeType,
            cover: row.frontCoverUrlHttp ?? '',
            source: row.source ?? '',
            confirm: row.confirm === 1,
            isPublic: row.isPublic,
            top: row.top,
            sort: row.sort,
          }
        : { confirm: false, isPublic: false, top: false, sort: 0, noticeType: typeOptions[0]?.value },
    fields: (row) => (
      <>
        {row ? <LoadContent id={row.id} /> : <DefaultType first={typeOptions[0]?.value} />}
        <Form.Item
          name="title"
          label="标题"
          rules={[{ required: true, whitespace: true, message: CmsMsg.TITLE_REQUIRED }]}
        >
          <Input maxLength={100} />
        </Form.Item>
        <Space size={16} wrap>
          <Form.Item name="noticeType" label="新闻类型" rules={[{ required: true, message: CmsMsg.TYPE_REQUIRED }]}>
            <Select options={typeOptions} style={{ width: 180 }} />
          </Form.Item>
          <Form.Item name="source" label="来源">
            <Input maxLength={50} style={{ width: 200 }} />
          </Form.Item>
          <Form.Item name="sort" label="排序（大者在前）">
            <InputNumber min={0} max={9999} />
          </Form.Item>
        </Space>
        <Form.Item name="cover" label="封面">
          <ImageField />
        </Form.Item>
        <Space size={24} wrap>
          <Form.Item name="confirm" valuePropName="checked" noStyle>
            <Checkbox>需要阅读确认</Checkbox>
          </Form.Item>
          <Form.Item name="isPublic" valuePropName="checked" noStyle>
            <Checkbox>公开（公共门户可见）</Checkbox>
          </Form.Item>
          <Form.Item name="top" valuePropName="checked" noStyle>
            <Checkbox>置顶</Checkbox>
          </Form.Item>
        </Space>
        <Form.Item
          name="content"
          label="正文"
          style={{ marginTop: 16 }}
          rules={[{ required: true, message: CmsMsg.CONTENT_REQUIRED }]}
        >
          <RichEditor />
        </Form.Item>
      </>
    ),
    submit: (v, row) => {
      const body: NewsSaveBody = { ...v, confirm: v.confirm ? 1 : 0, cover: v.cover || null }
      return row ? newsAdminApi.update({ ...body, id: row.id }) : newsAdminApi.add(body)
    },
  }

  return (
    <PageFrame path={path} title={title}>
      <CrudTableCard<NewsAdminRow, Values>
        queryKey={[CmsKeys.newsAdmin, status ?? null, type ?? null]}
        invalidates={[CmsKeys.news]}
        fetch={(p) => newsAdminApi.page({ ...p, status, noticeType: type })}
        search="标题"
        filters={
          <>
            <Select
              allowClear
              placeholder="状态"
              aria-label="状态"
              style={{ width: 120 }}
              value={status}
              onChange={setStatus}
              options={[
                { value: 0, label: '草稿' },
                { value: 1, label: '已发布' },
              ]}
            />
            <Select
              allowClear
              placeholder="新闻类型"
              aria-label="新闻类型"
              style={{ width: 160 }}
              value={type}
              onChange={setType}
              options={typeOptions}
            />
          </>
        }
        columns={[
          {
            title: '标题',
            dataIndex: 'title',
            render: (v: string, r) => (
              <Space>
                {r.top && <Tag color="red">置顶</Tag>}
                {v}
              </Space>
            ),
          },
          { title: '类型', dataIndex: 'noticeTypeName', width: 110 },
          {
            title: '状态',
            dataIndex: 'status',
            width: 90,
            render: (s: number) => (s === 1 ? <Tag color="green">已发布</Tag> : <Tag>草稿</Tag>),
          },
          { title: '公开', dataIndex: 'isPublic', width: 70, render: (v: boolean) => (v ? '是' : '否') },
          {
            title: '阅读确认',
            key: 'confirm',
            width: 110,
            render: (_: unknown, r) => (r.confirm === 1 ? `需确认（${r.confirmCount}人已确认）` : '—'),
          },
          {
            title: '发布时间',
            dataIndex: 'publishTime',
            width: 160,
            render: (v: string | null) => newsDateTime(v) || '—',
          },
        ]}
        form={form}
        addLabel="新增新闻"
        actions={[
          { key: 'publish', label: '发布', hidden: (r) => r.status === 1, run: (r) => newsAdminApi.publish(r.id) },
          {
            key: 'unpublish',
            label: '撤回',
            hidden: (r) => r.status !== 1,
            run: (r) => newsAdminApi.unpublish(r.id),
            confirm: { title: (r) => `撤回「${r.title}」？` },
          },
          { key: 'view', label: '查看', hidden: (r) => r.status !== 1, to: (r) => `/cms2-newslist/details?id=${r.id}` },
          {
            key: 'delete',
            label: '删除',
            danger: true,
            run: (r) => newsAdminApi.remove(r.id),
            confirm: { title: (r) => `删除「${r.title}」？`, okText: '删除' },
          },
        ]}
      />
    </PageFrame>
  )
}

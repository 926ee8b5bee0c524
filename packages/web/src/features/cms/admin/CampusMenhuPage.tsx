import {
  BLOCK_TYPES,
  BLOCK_TYPE_LABEL,
  HOME_KINDS,
  HOME_KIND_LABEL,
  blockInput,
  type BannerRow,
  type BannerSaveBody,
  type BlockInput,
  type BlockType,
  type HomeKind,
  type ModuleLayout,
} from '@zhixiao/shared'
import { useQuery } from '@tanstack/react-query'
import { App, Alert, Button, Card, Dropdown, Empty, Form, Input, Select, Space, Switch, Table, Tabs, Tag } from 'antd'
import { useEffect, useState } from 'react'
import { CrudTableCard, PageFrame, useWrite, type CrudForm } from '../../../components/crud'
import type { PageProps } from '../../../navigation/page-props'
import { bannerApi, CmsKeys, moduleApi } from '../api'
import { BlockRenderer } from '../blocks/BlockRenderer'
import { inertHtml } from '../blocks/inert-html'
import { BlockFormModal, newBlock } from './BlockForm'
import { ImageField } from './ImageField'

/** Blocks as stored (with defaults filled) become editable inputs again. */
const toInput = (m: ModuleLayout['modules'][number]): BlockInput => {
  const { id: _id, sort: _sort, ...b } = m
  return b as BlockInput
}

/** One home kind's blocks: order, show/hide, edit, add, remove; saved as a whole (moduleListMaintain). */
function HomeEditor({ kind }: { kind: HomeKind }) {
  const { modal } = App.useApp()
  const list = useQuery({ queryKey: [CmsKeys.modules, kind], queryFn: () => moduleApi.list(kind) })
  const write = useWrite([CmsKeys.modules, CmsKeys.layout])
  const [draft, setDraft] = useState<BlockInput[] | null>(null)
  const [editing, setEditing] = useState<{ index: number; block: BlockInput } | null>(null)
  useEffect(() => {
    if (list.data) setDraft(list.data.modules.map(toInput))
  }, [list.data])
  if (!list.data || !draft) return <Card loading />
  const move = (i: number, d: -1 | 1) =>
    setDraft((cur) => {
      const next = [...(cur ?? [])]
      const j = i + d
      if (j < 0 || j >= next.length) return cur
      ;[next[i], next[j]] = [next[j]!, next[i]!]
      return next
    })
  const update = (i: number, b: BlockInput) => setDraft((cur) => (cur ?? []).map((x, k) => (k === i ? b : x)))
  const remove = (i: number) => setDraft((cur) => (cur ?? []).filter((_, k) => k !== i))
  const save = () => void write(() => moduleApi.maintain({ homeKind: kind, modules: draft }))
  const reset = () =>
    modal.confirm({
      title: '恢复默认布局？',
      content: '本机构此首页的模块将被清空，改用上级机构或系统默认的布局。',
      okText: '恢复',
      cancelText: '取消',
      onOk: () => write(() => moduleApi.maintain({ homeKind: kind, modules: [] })),
    })
  const preview: ModuleLayout = {
    ...list.data,
    // Unsaved rich text has not been through the server's allow-list yet: the preview shows an inert copy.
    modules: draft.flatMap((b, i) => {
      const p = blockInput.safeParse(b)
      if (!p.success) return []
      const m = p.data.type === 'text' ? { ...p.data, settings: { text: inertHtml(p.data.settings.text) } } : p.data
      return [{ ...m, id: -(i + 1), sort: i }]
    }),
  }
  return (
    <Space direction="vertical" style={{ width: '100%' }} size={16}>
      {!list.data.configured && (
        <Alert type="info" showIcon title="本机构尚未配置此首页，以下为默认布局；保存后生效。" />
      )}
      <Card
        size="small"
        title={`${HOME_KIND_LABEL[kind]}模块`}
        extra={
          <Space>
            <Dropdown
              menu={{
                items: BLOCK_TYPES.map((t) => ({ key: t, label: BLOCK_TYPE_LABEL[t] })),
                onClick: ({ key }) => setEditing({ index: -1, block: newBlock(key as BlockType) }),
              }}
            >
              <Button>添加模块</Button>
            </Dropdown>
            <Button onClick={reset}>恢复默认</Button>
            <Button type="primary" onClick={save} data-testid="save-layout">
              保存布局
            </Button>
          </Space>
        }
      >
        <Table<BlockInput & { key: number }>
          size="small"
          pagination={false}
          rowKey="key"
          dataSource={draft.map((b, key) => ({ ...b, key }))}
          locale={{ emptyText: <Empty description="暂无模块" /> }}
          columns={[
            { title: '顺序', key: 'i', width: 60, render: (_: unknown, r) => r.key + 1 },
            {
              title: '类型',
              dataIndex: 'type',
              width: 100,
              render: (t: BlockType) => <Tag>{BLOCK_TYPE_LABEL[t]}</Tag>,
            },
            { title: '标题', dataIndex: 'title' },
            { title: '宽度', dataIndex: 'span', width: 80, render: (s: number) => `${s}/24` },
            {
              title: '显示',
              dataIndex: 'status',
              width: 80,
              render: (s: number, r) => (
                <Switch
                  size="small"
                  checked={s !== 1}
                  onChange={(on) => update(r.key, { ...r, status: on ? 0 : 1 } as BlockInput)}
                />
              ),
            },
            {
              title: '操作',
              key: 'op',
              width: 240,
              render: (_: unknown, r) => (
                <Space size={0}>
                  <Button type="link" size="small" disabled={r.key === 0} onClick={() => move(r.key, -1)}>
                    上移
                  </Button>
                  <Button type="link" size="small" disabled={r.key === draft.length - 1} onClick={() => move(r.key, 1)}>
                    下移
                  </Button>
                  <Button type="link" size="small" onClick={() => setEditing({ index: r.key, block: draft[r.key]! })}>
                    编辑
                  </Button>
                  <Button type="link" size="small" danger onClick={() => remove(r.key)}>
                    删除
                  </Button>
                </Space>
              ),
            },
          ]}
        />
      </Card>
      <Card size="small" title="预览">
        <BlockRenderer layout={preview} onOpenNews={() => {}} />
      </Card>
      {editing && (
        <BlockFormModal
          block={editing.block}
          onClose={() => setEditing(null)}
          onOk={(b) => {
            if (editing.index < 0) setDraft((cur) => [...(cur ?? []), b])
            else update(editing.index, b)
            setEditing(null)
          }}
        />
      )}
    </Space>
  )
}

function BannerCard() {
  const form: CrudForm<BannerRow, BannerSaveBody> = {
    noun: '轮播图',
    initial: (row) =>
      row ? { title: row.title, imageUrl: row.imageUrl, link: row.link ?? '', status: row.status } : { status: 0 },
    fields: () => (
      <>
        <Form.Item name="title" label="标题" rules={[{ required: true, whitespace: true, message: '请输入标题' }]}>
          <Input maxLength={50} />
        </Form.Item>
        <Form.Item name="imageUrl" label="图片" rules={[{ required: true, message: '请选择图片' }]}>
          <ImageField />
        </Form.Item>
        <Form.Item name="link" label="链接">
          <Input placeholder="http 开头（可选）" />
        </Form.Item>
        <Form.Item name="status" label="状态">
          <Select
            options={[
              { value: 0, label: '启用' },
              { value: 1, label: '停用' },
            ]}
          />
        </Form.Item>
      </>
    ),
    submit: (v, row) => (row ? bannerApi.update({ ...v, id: row.id }) : bannerApi.add(v)),
  }
  return (
    <CrudTableCard<BannerRow, BannerSaveBody>
      title="轮播图（图片轮播模块未添加图片时使用）"
      queryKey={[CmsKeys.banners]}
      invalidates={[CmsKeys.layout, CmsKeys.modules]}
      fetch={(p) => bannerApi.page(p.pageIndex, p.pageSize)}
      columns={[
        {
          title: '图片',
          dataIndex: 'imageUrl',
          width: 120,
          render: (u: string) => <img src={u} alt="" style={{ width: 96, height: 40, objectFit: 'cover' }} />,
        },
        { title: '标题', dataIndex: 'title' },
        { title: '链接', dataIndex: 'link', render: (l: string | null) => l ?? '—' },
        {
          title: '状态',
          dataIndex: 'status',
          width: 80,
          render: (s: number) => (s === 0 ? <Tag color="green">启用</Tag> : <Tag>停用</Tag>),
        },
      ]}
      form={form}
      addLabel="新增轮播图"
      actions={[
        {
          key: 'first',
          label: '置顶',
          run: async (r) => {
            const all = await bannerApi.page(1, 100)
            return bannerApi.order([r.id, ...all.list.filter((x) => x.id !== r.id).map((x) => x.id)])
          },
        },
        {
          key: 'delete',
          label: '删除',
          danger: true,
          run: (r) => bannerApi.remove(r.id),
          confirm: { title: (r) => `删除「${r.title}」？`, okText: '删除' },
        },
      ]}
    />
  )
}

/**
 * /menhu-port/menu/campus-menhu (sc_menhu_pc): the blocks of each portal home of the admin's org, and the org's
 * banners. Schools without their own layout use the layout of the org above them, else the defaults.
 */
export default function CampusMenhuPage({ path, title }: PageProps) {
  const [kind, setKind] = useState<HomeKind>('school')
  return (
    <PageFrame path={path} title={title}>
      <Tabs
        activeKey={kind}
        onChange={(k) => setKind(k as HomeKind)}
        items={HOME_KINDS.map((k) => ({ key: k, label: HOME_KIND_LABEL[k] }))}
      />
      <HomeEditor key={kind} kind={kind} />
      <div style={{ marginTop: 16 }}>
        <BannerCard />
      </div>
    </PageFrame>
  )
}

import { BannerTerminal, bannerButtonOf, BANNER_TERMINAL_LABEL, type BannerRow } from '@zhixiao/shared'
import { useQuery } from '@tanstack/react-query'
import { Form, Modal, Popconfirm, Space, Table, Tag } from 'antd'
import { useState } from 'react'
import { useNavigate } from 'react-router'
import { PageFrame, useWrite } from '../../../components/crud'
import { formValues } from '../../../components/form-values'
import { PermButton } from '../../../components/PermButton'
import type { PageProps } from '../../../navigation/page-props'
import { mobileApi, MobileKeys, MOBILE_WRITE_KEYS } from '../api'
import { BannerForm, bannerDefaults, type BannerFormValues } from './BannerForm'

/**
 * Carousel pictures of a mobile terminal: /menhu-teacher/ration (teacher mobile; add and edit on /menhu-addration)
 * and /menhu-parent/add-carousel (parents and students; add and edit in a dialog).
 */
export default function BannerListPage({ path, title }: PageProps) {
  const terminal = path.startsWith('/menhu-teacher') ? BannerTerminal.TEACHER : BannerTerminal.FAMILY
  const code = (a: 'add' | 'edit' | 'delete') => bannerButtonOf(terminal, a)!
  const navigate = useNavigate()
  const write = useWrite(MOBILE_WRITE_KEYS)
  const list = useQuery({ queryKey: [MobileKeys.banners, terminal], queryFn: () => mobileApi.banners(terminal) })
  const rows = list.data?.list ?? []
  const [editing, setEditing] = useState<BannerRow | 'new' | null>(null)
  const [form] = Form.useForm<BannerFormValues>()
  const open = (b: BannerRow | 'new') => {
    if (terminal === BannerTerminal.TEACHER) {
      void navigate(b === 'new' ? '/menhu-addration' : `/menhu-addration?id=${b.id}`)
      return
    }
    setEditing(b)
    form.setFieldsValue(bannerDefaults(b === 'new' ? null : b))
  }
  const submit = async () => {
    const v = await formValues(form)
    if (!v || !editing) return
    const body = { ...v, link: v.link || null, terminal }
    if (
      await write(() =>
        editing === 'new' ? mobileApi.addBanner(body) : mobileApi.updateBanner({ ...body, id: editing.id }),
      )
    )
      setEditing(null)
  }
  const move = (i: number, d: number) => {
    const ids = rows.map((r) => r.id)
    const [id] = ids.splice(i, 1)
    ids.splice(i + d, 0, id!)
    void write(() => mobileApi.orderBanners(ids, terminal))
  }
  return (
    <PageFrame
      path={path}
      title={`${title}（${BANNER_TERMINAL_LABEL[terminal]}）`}
      extra={
        <PermButton code={code('add')} type="primary" onClick={() => open('new')} data-testid="banner-add">
          新增轮播图
        </PermButton>
      }
    >
      <Table<BannerRow>
        rowKey="id"
        size="small"
        loading={list.isPending}
        dataSource={rows}
        pagination={false}
        scroll={{ x: 560 }}
        columns={[
          {
            title: '图片',
            dataIndex: 'imageUrl',
            width: 120,
            render: (u: string) => (
              <img src={u} alt="" style={{ width: 100, height: 40, objectFit: 'cover', borderRadius: 4 }} />
            ),
          },
          { title: '标题', dataIndex: 'title' },
          {
            title: '状态',
            dataIndex: 'status',
            width: 80,
            render: (s: number) => (s === 0 ? <Tag color="green">显示</Tag> : <Tag>隐藏</Tag>),
          },
          {
            title: '操作',
            key: 'op',
            width: 260,
            render: (_, b, i) => (
              <Space size={0} wrap>
                <PermButton code={code('edit')} type="link" size="small" onClick={() => open(b)}>
                  编辑
                </PermButton>
                <PermButton code={code('edit')} type="link" size="small" disabled={i === 0} onClick={() => move(i, -1)}>
                  上移
                </PermButton>
                <PermButton
                  code={code('edit')}
                  type="link"
                  size="small"
                  disabled={i === rows.length - 1}
                  onClick={() => move(i, 1)}
                >
                  下移
                </PermButton>
                <Popconfirm
                  title="确定删除该轮播图吗？"
                  onConfirm={() => write(() => mobileApi.removeBanner(b.id, terminal))}
                >
                  <PermButton code={code('delete')} type="link" size="small" danger>
                    删除
                  </PermButton>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
      <Modal
        open={!!editing}
        title={editing === 'new' ? '新增轮播图' : '编辑轮播图'}
        onOk={() => void submit()}
        onCancel={() => setEditing(null)}
        okText="保存"
        cancelText="取消"
        destroyOnHidden
      >
        <BannerForm form={form} />
      </Modal>
    </PageFrame>
  )
}

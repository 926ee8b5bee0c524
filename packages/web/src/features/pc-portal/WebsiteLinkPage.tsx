import { PcPortalPerm, type Website } from '@zhixiao/shared'
import { Form, Input, InputNumber, Switch, Tag } from 'antd'
import { CrudTableCard, deleteAction, PageFrame } from '../../components/crud'
import type { PageProps } from '../../navigation/page-props'
import { PcKeys, pcPortalApi } from './api'

interface Values {
  name: string
  url: string
  iconUrl?: string
  sort?: number
  enabled: boolean
}

/**
 * /menhu-port/website-link (sc_menhu_pc): the recommended websites of the admin's org, with those of the orgs above
 * it shown read-only (they reach this org's homes too). Only http(s) addresses (the shared schema says so).
 */
export default function WebsiteLinkPage({ path, title }: PageProps) {
  return (
    <PageFrame path={path} title={title}>
      <CrudTableCard<Website, Values>
        queryKey={[PcKeys.websites, 'admin']}
        pagination={false}
        addLabel="新增网站"
        addCode={PcPortalPerm.WEBSITE_ADD}
        editCode={PcPortalPerm.WEBSITE_EDIT}
        fetch={async () => {
          const list = await pcPortalApi.websites({ all: true })
          return { list, total: list.length }
        }}
        columns={[
          { title: '名称', dataIndex: 'name', width: 160 },
          {
            title: '地址',
            dataIndex: 'url',
            render: (v: string) => (
              <a href={v} target="_blank" rel="noopener noreferrer">
                {v}
              </a>
            ),
          },
          { title: '排序', dataIndex: 'sort', width: 70 },
          {
            title: '状态',
            dataIndex: 'enabled',
            width: 80,
            render: (v: boolean) => (v ? <Tag color="green">启用</Tag> : <Tag>停用</Tag>),
          },
          {
            title: '来源',
            dataIndex: 'orgName',
            width: 140,
            render: (v: string, r) => (r.inherited ? <Tag color="blue">上级：{v}</Tag> : '本机构'),
          },
        ]}
        form={{
          noun: '推荐网站',
          canEdit: (r) => !r.inherited,
          initial: (r) =>
            r
              ? { name: r.name, url: r.url, iconUrl: r.iconUrl, sort: r.sort, enabled: r.enabled }
              : { enabled: true, sort: 0 },
          submit: (v, r) => {
            const body = { name: v.name, url: v.url, iconUrl: v.iconUrl ?? '', sort: v.sort ?? 0, enabled: v.enabled }
            return r ? pcPortalApi.updateWebsite({ id: r.id, ...body }) : pcPortalApi.saveWebsite(body)
          },
          fields: () => (
            <>
              <Form.Item
                name="name"
                label="网站名称"
                rules={[{ required: true, whitespace: true, message: '请输入名称' }]}
              >
                <Input maxLength={30} />
              </Form.Item>
              <Form.Item
                name="url"
                label="网站地址"
                rules={[
                  { required: true, message: '请输入链接地址' },
                  { pattern: /^https?:\/\//i, message: '网站地址必须以 http:// 或 https:// 开头' },
                ]}
              >
                <Input placeholder="https://" />
              </Form.Item>
              <Form.Item name="iconUrl" label="图标地址">
                <Input placeholder="可空" />
              </Form.Item>
              <Form.Item name="sort" label="排序">
                <InputNumber min={0} max={9999} />
              </Form.Item>
              <Form.Item name="enabled" label="启用" valuePropName="checked">
                <Switch />
              </Form.Item>
            </>
          ),
        }}
        actions={[
          {
            ...deleteAction<Website>((id) => pcPortalApi.deleteWebsite(id), { code: PcPortalPerm.WEBSITE_DELETE }),
            hidden: (r) => r.inherited,
          },
        ]}
      />
    </PageFrame>
  )
}

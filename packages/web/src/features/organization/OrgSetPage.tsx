import { labelOf, STATUS_LABEL, UNIT_ATTR_LABEL, type OrgRow } from '@zhixiao/shared'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Card, Input, Modal, Select, Space, Table, Tag, Tree, Typography, type TreeDataNode } from 'antd'
import { useMemo, useState } from 'react'
import { notify } from '../../api/feedback'
import { PermButton } from '../../components/PermButton'
import { orgApi } from './api'
import { OrgExcelButtons } from './OrgExcelButtons'
import { OrgFormModal } from './OrgFormModal'

function toTree(rows: OrgRow[]): TreeDataNode[] {
  const ids = new Set(rows.map((r) => r.orgId))
  const children = new Map<number | null, OrgRow[]>()
  for (const r of rows) {
    const key = r.parentId !== null && ids.has(r.parentId) ? r.parentId : null
    children.set(key, [...(children.get(key) ?? []), r])
  }
  const build = (parent: number | null): TreeDataNode[] =>
    (children.get(parent) ?? []).map((r) => ({
      key: r.orgId,
      title: `${r.name}${r.status === 1 ? '（停用）' : ''}`,
      children: build(r.orgId),
    }))
  return build(null)
}

/** /base-organization/orgSet: the org tree on the left, the selected org's children on the right. */
export default function OrgSetPage({ path, title }: { path: string; title: string }) {
  const qc = useQueryClient()
  const all = useQuery({ queryKey: ['orgs', 'all'], queryFn: orgApi.all })
  const [selected, setSelected] = useState<number | null>(null)
  const [keyword, setKeyword] = useState('')
  const [status, setStatus] = useState<number | null>(null)
  const [page, setPage] = useState({ pageIndex: 1, pageSize: 10 })
  const [form, setForm] = useState<{ parent: OrgRow | null; editing: OrgRow | null } | null>(null)
  const rows = all.data ?? []
  const current = rows.find((r) => r.orgId === (selected ?? rows[0]?.orgId)) ?? null
  const list = useQuery({
    queryKey: ['orgs', 'page', current?.orgId, keyword, status, page],
    queryFn: () => orgApi.page({ parentId: current!.orgId, keyword: keyword || null, status, ...page }),
    enabled: !!current,
  })
  const tree = useMemo(() => toTree(rows), [rows])
  const refresh = () => qc.invalidateQueries({ queryKey: ['orgs'] })

  const toggle = async (r: OrgRow) => {
    try {
      notify.success((await orgApi.setStatus(r.orgId, r.status === 0 ? 1 : 0)).msg)
      void refresh()
    } catch {
      /* shown by the client */
    }
  }
  const remove = async (r: OrgRow) => {
    const members = await orgApi.hasMembers(r.orgId).catch(() => null)
    if (members === null) return
    Modal.confirm({
      title: `删除“${r.name}”？`,
      content: members ? '该机构下存在人员，无法删除。请先移出或删除人员。' : '删除后不可恢复。',
      okText: '删除',
      okButtonProps: { danger: true, disabled: members },
      cancelText: '取消',
      onOk: async () => {
        try {
          notify.success((await orgApi.remove(r.orgId)).msg)
          void refresh()
        } catch {
          /* shown by the client */
        }
      },
    })
  }

  return (
    <div data-page={path}>
      <Typography.Title level={4}>{title}</Typography.Title>
      {/* The tree beside the list; on a phone the list wraps below it. */}
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 16, alignItems: 'flex-start' }}>
        <Card
          size="small"
          title="组织机构"
          style={{ width: 280, maxWidth: '100%', flex: 'none' }}
          loading={all.isLoading}
        >
          {tree.length > 0 && (
            <Tree
              treeData={tree}
              defaultExpandAll
              selectedKeys={current ? [current.orgId] : []}
              onSelect={(k) => {
                if (k[0] !== undefined) {
                  setSelected(Number(k[0]))
                  setPage((p) => ({ ...p, pageIndex: 1 }))
                }
              }}
            />
          )}
        </Card>
        <Card
          size="small"
          style={{ flex: '1 1 300px', minWidth: 0 }}
          title={current ? `${current.name} 的下级机构` : ''}
          extra={
            <Space wrap>
              <OrgExcelButtons onImported={() => void refresh()} />
              <PermButton
                code="base_org_add"
                type="primary"
                onClick={() => setForm({ parent: current, editing: null })}
              >
                新增
              </PermButton>
            </Space>
          }
        >
          <Space style={{ marginBottom: 12 }} wrap>
            <Input.Search
              placeholder="名称或编码"
              allowClear
              onSearch={(v) => {
                setKeyword(v.trim())
                setPage((p) => ({ ...p, pageIndex: 1 }))
              }}
              style={{ width: 220 }}
            />
            <Select
              placeholder="状态"
              allowClear
              aria-label="状态"
              style={{ width: 120 }}
              value={status}
              onChange={(v) => setStatus(v ?? null)}
              options={[
                { value: 0, label: '启用' },
                { value: 1, label: '停用' },
              ]}
            />
          </Space>
          <Table<OrgRow>
            rowKey="orgId"
            size="middle"
            loading={list.isFetching}
            dataSource={list.data?.list ?? []}
            pagination={{
              current: page.pageIndex,
              pageSize: page.pageSize,
              total: list.data?.total ?? 0,
              showSizeChanger: true,
              showTotal: (t) => `共 ${t} 条`,
              onChange: (pageIndex, pageSize) => setPage({ pageIndex, pageSize }),
            }}
            columns={[
              { title: '名称', dataIndex: 'name' },
              { title: '编码', dataIndex: 'orgCode', render: (v) => v ?? '—' },
              { title: '类别', dataIndex: 'orgType', render: (v) => (v === 'depart' ? '部门' : '机构') },
              { title: '类型', dataIndex: 'typeName', render: (v) => v ?? '—' },
              { title: '单位属性', dataIndex: 'unitAttr', render: (v: number) => labelOf(UNIT_ATTR_LABEL, v) },
              {
                title: '状态',
                dataIndex: 'status',
                render: (v: number) => <Tag color={v === 0 ? 'green' : undefined}>{labelOf(STATUS_LABEL, v)}</Tag>,
              },
              {
                title: '操作',
                key: 'op',
                render: (_, r) => (
                  <Space size={0}>
                    <PermButton code="base_org_edit" type="link" onClick={() => setForm({ parent: null, editing: r })}>
                      编辑
                    </PermButton>
                    <PermButton code="base_org_enable" type="link" onClick={() => void toggle(r)}>
                      {r.status === 0 ? '停用' : '启用'}
                    </PermButton>
                    <PermButton code="base_org_delete" type="link" danger onClick={() => void remove(r)}>
                      删除
                    </PermButton>
                  </Space>
                ),
              },
            ]}
          />
        </Card>
      </div>
      {form && (
        <OrgFormModal
          parent={form.parent}
          editing={form.editing}
          onClose={() => setForm(null)}
          onSaved={() => {
            setForm(null)
            void refresh()
          }}
        />
      )}
    </div>
  )
}

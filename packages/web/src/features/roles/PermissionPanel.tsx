import type { PermissionTreeNode, RoleRow } from '@zhixiao/shared'
import { useQuery } from '@tanstack/react-query'
import { Alert, Button, Empty, Flex, Input, Menu, Space, Spin, Tree, Typography } from 'antd'
import type { DataNode } from 'antd/es/tree'
import { useMemo, useState } from 'react'
import { useWrite } from '../../components/crud'
import { useSession } from '../../stores/session'
import { roleApi, RoleKeys } from './api'
import { countOf, displayState, grantToSave, parentsOf, subtreeCodes, toggleCode } from './permission-tree'

const NO_CODES: readonly string[] = []

function toData(n: PermissionTreeNode, locked: (code: string) => boolean): DataNode {
  return { key: n.code, title: n.name, disableCheckbox: locked(n.code), children: n.children.map((c) => toData(c, locked)) }
}

/**
 * The role permission tree screen (001 §2.6): systems (the catalogue's apps, pruned by the server to what the
 * caller holds) on the left with granted/total counts and a 系统名称 search, the checkable tree of the chosen system on
 * the right. Clicks change a draft of the role's whole grant across all systems; 保存 sends it in one
 * associatedPermission call (授权成功). Built-in roles are shown read-only (the server refuses to change them).
 */
export function PermissionPanel({ role }: { role: RoleRow }) {
  const own = useSession((s) => s.userInfo?.permissions ?? NO_CODES)
  const treeQ = useQuery({ queryKey: [RoleKeys.roles, 'tree', role.id], queryFn: () => roleApi.tree(role.id) })
  const heldQ = useQuery({ queryKey: [RoleKeys.roles, 'grant', role.id], queryFn: () => roleApi.grant(role.id) })
  const write = useWrite([RoleKeys.roles])
  const readOnly = role.builtin
  const apps = useMemo(() => treeQ.data ?? [], [treeQ.data])
  const held = heldQ.data ?? NO_CODES

  // The tree also carries nodes the caller lacks when something below them is theirs: those stay as they are.
  const grantable = useMemo(() => {
    const mine = new Set(own)
    return new Set(apps.flatMap(subtreeCodes).filter((c) => mine.has(c)))
  }, [apps, own])
  const parents = useMemo(() => parentsOf(apps), [apps])
  const byCode = useMemo(() => {
    const m = new Map<string, PermissionTreeNode>()
    const walk = (list: PermissionTreeNode[]) => { for (const n of list) { m.set(n.code, n); walk(n.children) } }
    walk(apps)
    return m
  }, [apps])

  // The draft starts as the server's grant and starts again from it whenever that is fetched anew (after 保存).
  const source = `${role.id}:${heldQ.dataUpdatedAt}`
  const [draft, setDraft] = useState<{ source: string; codes: Set<string> } | null>(null)
  const dirty = draft?.source === source
  const checked = useMemo(() => (dirty && draft ? draft.codes : new Set(held)), [dirty, draft, held])

  const [keyword, setKeyword] = useState('')
  const [selected, setSelected] = useState<string | null>(null)
  const shown = apps.filter((a) => a.name.includes(keyword))
  const current = shown.find((a) => a.code === selected) ?? shown[0] ?? null

  const [saving, setSaving] = useState(false)
  const save = async () => {
    setSaving(true)
    try {
      await write(() => roleApi.saveGrant({ roleId: role.id, codes: grantToSave(held, checked, grantable) }))
    } finally { setSaving(false) }
  }

  const locked = (code: string) => readOnly || !grantable.has(code)
  const loading = treeQ.isLoading || heldQ.isLoading
  return (
    <div data-testid="permission-panel">
      {readOnly && <Alert type="info" showIcon style={{ marginBottom: 12 }} title="内置角色的权限不可修改，可在“关联人员”中管理其人员。" />}
      <Spin spinning={loading}>
        {/* The systems beside the tree; on a phone the tree wraps below them. */}
        <Flex gap={16} align="stretch" wrap style={{ minHeight: 360 }}>
          <div style={{ width: 260, maxWidth: '100%', flex: 'none', border: '1px solid #f0f0f0', borderRadius: 8, padding: 12 }}>
            <Input.Search placeholder="系统名称" aria-label="系统名称" allowClear onSearch={(v) => setKeyword(v.trim())}
              onChange={(e) => { if (!e.target.value) setKeyword('') }} style={{ marginBottom: 8 }} />
            {shown.length ? (
              <Menu mode="inline" data-testid="permission-systems" selectedKeys={current ? [current.code] : []} style={{ borderInlineEnd: 0 }}
                onClick={({ key }) => setSelected(key)}
                items={[{
                  type: 'group', label: '机构内应用', key: 'apps',
                  children: shown.map((a) => {
                    const { granted, total } = countOf(a, checked)
                    return { key: a.code, label: <>{a.name}<span style={{ float: 'right', color: 'rgba(0,0,0,0.45)' }}>{granted}/{total}</span></> }
                  }),
                }]} />
            ) : !loading && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无数据" />}
          </div>
          <div style={{ flex: '1 1 300px', border: '1px solid #f0f0f0', borderRadius: 8, padding: 12, minWidth: 0 }} data-testid="permission-tree">
            {current ? (
              // Keyed by system so each one opens fully expanded.
              <Tree key={current.code} checkable checkStrictly selectable={false} defaultExpandAll blockNode
                treeData={[toData(current, locked)]} checkedKeys={displayState([current], checked)}
                onCheck={(_, info) => {
                  const node = byCode.get(String(info.node.key))
                  if (node) setDraft({ source, codes: toggleCode(checked, node, info.checked, parents, grantable) })
                }} />
            ) : !loading && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无数据" />}
          </div>
        </Flex>
      </Spin>
      {!readOnly && (
        <Space style={{ marginTop: 16 }}>
          <Button type="primary" loading={saving} disabled={!dirty || loading} onClick={() => void save()}>保存</Button>
          <Button disabled={!dirty} onClick={() => setDraft(null)}>重置</Button>
          {dirty && <Typography.Text type="warning">有未保存的修改</Typography.Text>}
        </Space>
      )}
    </div>
  )
}

import { inOrgAppTypeFor, PermissionAppType, type PermissionGroup, type RoleRow } from '@zhixiao/shared'
import { useQuery } from '@tanstack/react-query'
import { Alert, Button, Empty, Flex, Input, Menu, Space, Spin, Tree, Typography } from 'antd'
import type { DataNode } from 'antd/es/tree'
import { useMemo, useState } from 'react'
import { useWrite } from '../../components/crud'
import { useSession } from '../../stores/session'
import { roleApi, RoleKeys } from './api'
import { countOf, displayState, grantToSave, parentsOf, subtreeCodes, toggleCode } from './permission-tree'
import type { RoleUserType } from './role-bits'

const NO_CODES: readonly string[] = []
const NO_GROUPS: PermissionGroup[] = []

/** The tree's key is a group's name (the permission code), its title the desc (001 §3). */
function toData(n: PermissionGroup, locked: (code: string) => boolean): DataNode {
  return {
    key: n.name,
    title: n.desc,
    disableCheckbox: locked(n.name),
    children: n.children.map((c) => toData(c, locked)),
  }
}

/** A system of the left list: which list it is in (its menu key is `appType:name`, as a code can be in both). */
interface ListedSystem {
  key: string
  node: PermissionGroup
}
const listed = (appType: PermissionAppType, nodes: PermissionGroup[]): ListedSystem[] =>
  nodes.map((node) => ({ key: `${appType}:${node.name}`, node }))

/**
 * The role permission tree screen (001 §2.6): systems on the left in two groups, 公共门户应用 (the appType 7 list)
 * and 机构内应用 (appType 12 for the user type 学生, else 3; `userType` is the page's selector), each pruned by the
 * server to what the caller holds, with granted/total counts and a 系统名称 search; the checkable tree of the chosen
 * system on the right. Clicks change a draft of the role's whole grant across all systems; 保存 sends it in one
 * associatedPermission call {roleId, orgId, names} (授权成功). Built-in roles are shown read-only (the server
 * refuses to change them).
 */
export function PermissionPanel({ role, userType }: { role: RoleRow; userType: RoleUserType | 0 }) {
  const own = useSession((s) => s.userInfo?.permissions ?? NO_CODES)
  const myOrg = useSession((s) => s.userInfo?.orgId ?? null)
  // A role of an org is asked about in its org; a built-in role (every org's) in the caller's.
  const orgId = role.orgId ?? myOrg ?? undefined
  const inOrgType = inOrgAppTypeFor(userType || null)
  const tree = (appType: PermissionAppType) => ({
    queryKey: [RoleKeys.roles, 'tree', role.id, orgId, appType],
    queryFn: () => roleApi.tree({ roleId: role.id, orgId, appType }),
  })
  const publicQ = useQuery(tree(PermissionAppType.PUBLIC_PORTAL))
  const inOrgQ = useQuery(tree(inOrgType))
  const heldQ = useQuery({
    queryKey: [RoleKeys.roles, 'grant', role.id, orgId],
    queryFn: () => roleApi.grant({ roleId: role.id, orgId }),
  })
  const write = useWrite([RoleKeys.roles])
  const readOnly = role.builtin
  const publicApps = publicQ.data ?? NO_GROUPS
  const inOrgApps = inOrgQ.data ?? NO_GROUPS
  const apps = useMemo(() => [...publicApps, ...inOrgApps], [publicApps, inOrgApps])
  const held = heldQ.data ?? NO_CODES

  // The tree also carries nodes the caller lacks when something below them is theirs: those stay as they are.
  const grantable = useMemo(() => {
    const mine = new Set(own)
    return new Set(apps.flatMap(subtreeCodes).filter((c) => mine.has(c)))
  }, [apps, own])
  const parents = useMemo(() => parentsOf(apps), [apps])

  // The draft starts as the server's grant and starts again from it whenever that is fetched anew (after 保存).
  const source = `${role.id}:${heldQ.dataUpdatedAt}`
  const [draft, setDraft] = useState<{ source: string; codes: Set<string> } | null>(null)
  const dirty = draft?.source === source
  const checked = useMemo(() => (dirty && draft ? draft.codes : new Set(held)), [dirty, draft, held])

  const [keyword, setKeyword] = useState('')
  const [selected, setSelected] = useState<string | null>(null)
  const match = (s: ListedSystem) => s.node.desc.includes(keyword)
  const groups = [
    {
      key: 'public',
      label: '公共门户应用',
      systems: listed(PermissionAppType.PUBLIC_PORTAL, publicApps).filter(match),
    },
    { key: 'inOrg', label: '机构内应用', systems: listed(inOrgType, inOrgApps).filter(match) },
  ].filter((g) => g.systems.length)
  const shown = groups.flatMap((g) => g.systems)
  const current = shown.find((a) => a.key === selected) ?? shown[0] ?? null
  const byCode = useMemo(() => {
    const m = new Map<string, PermissionGroup>()
    const walk = (n: PermissionGroup) => {
      m.set(n.name, n)
      n.children.forEach(walk)
    }
    if (current) walk(current.node)
    return m
  }, [current])

  const [saving, setSaving] = useState(false)
  const save = async () => {
    if (orgId === undefined) return
    setSaving(true)
    try {
      await write(() => roleApi.saveGrant({ roleId: role.id, orgId, names: grantToSave(held, checked, grantable) }))
    } finally {
      setSaving(false)
    }
  }

  const locked = (code: string) => readOnly || !grantable.has(code)
  const loading = publicQ.isLoading || inOrgQ.isLoading || heldQ.isLoading
  return (
    <div data-testid="permission-panel">
      {readOnly && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 12 }}
          title="内置角色的权限不可修改，可在“关联人员”中管理其人员。"
        />
      )}
      <Spin spinning={loading}>
        {/* The systems beside the tree; on a phone the tree wraps below them. */}
        <Flex gap={16} align="stretch" wrap style={{ minHeight: 360 }}>
          <div
            style={{
              width: 260,
              maxWidth: '100%',
              flex: 'none',
              border: '1px solid #f0f0f0',
              borderRadius: 8,
              padding: 12,
            }}
          >
            <Input.Search
              placeholder="系统名称"
              aria-label="系统名称"
              allowClear
              onSearch={(v) => setKeyword(v.trim())}
              onChange={(e) => {
                if (!e.target.value) setKeyword('')
              }}
              style={{ marginBottom: 8 }}
            />
            {shown.length ? (
              <Menu
                mode="inline"
                data-testid="permission-systems"
                selectedKeys={current ? [current.key] : []}
                style={{ borderInlineEnd: 0 }}
                onClick={({ key }) => setSelected(key)}
                items={groups.map((g) => ({
                  type: 'group' as const,
                  label: g.label,
                  key: g.key,
                  children: g.systems.map(({ key, node }) => {
                    const { granted, total } = countOf(node, dirty ? checked : null)
                    return {
                      key,
                      label: (
                        <>
                          {node.desc}
                          <span style={{ float: 'right', color: 'rgba(0,0,0,0.6)' }}>
                            {granted}/{total}
                          </span>
                        </>
                      ),
                    }
                  }),
                }))}
              />
            ) : (
              !loading && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无数据" />
            )}
          </div>
          <div
            style={{ flex: '1 1 300px', border: '1px solid #f0f0f0', borderRadius: 8, padding: 12, minWidth: 0 }}
            data-testid="permission-tree"
          >
            {current ? (
              // Keyed by system so each one opens fully expanded.
              <Tree
                key={current.key}
                checkable
                checkStrictly
                selectable={false}
                defaultExpandAll
                blockNode
                treeData={[toData(current.node, locked)]}
                checkedKeys={displayState([current.node], checked)}
                onCheck={(_, info) => {
                  const node = byCode.get(String(info.node.key))
                  if (node) setDraft({ source, codes: toggleCode(checked, node, info.checked, parents, grantable) })
                }}
              />
            ) : (
              !loading && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无数据" />
            )}
          </div>
        </Flex>
      </Spin>
      {!readOnly && (
        <Space style={{ marginTop: 16 }}>
          <Button type="primary" loading={saving} disabled={!dirty || loading} onClick={() => void save()}>
            保存
          </Button>
          <Button disabled={!dirty} onClick={() => setDraft(null)}>
            重置
          </Button>
          {dirty && <Typography.Text type="warning">有未保存的修改</Typography.Text>}
        </Space>
      )}
    </div>
  )
}

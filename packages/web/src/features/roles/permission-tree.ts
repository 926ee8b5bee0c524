import { PERMISSION_CATALOGUE, type PermissionGroup, type PermissionKind, type PermissionNode } from '@zhixiao/shared'

/** A permission group as the grant tree uses it: keyed by `name` (the permission code), 001 §3. */
interface NamedNode {
  name: string
  children: NamedNode[]
}

/** A node's name (code) and the names of everything below it. */
export function subtreeCodes(node: NamedNode): string[] {
  return [node.name, ...node.children.flatMap(subtreeCodes)]
}

/** name → parent name, over a whole forest. */
export function parentsOf(nodes: NamedNode[]): Map<string, string> {
  const out = new Map<string, string>()
  const walk = (list: NamedNode[], parent: string | null) => {
    for (const n of list) {
      if (parent) out.set(n.name, parent)
      walk(n.children, n.name)
    }
  }
  walk(nodes, null)
  return out
}

/**
 * One click on the grant tree. The tree checks each node on its own (checkStrictly), so a page can be granted
 * without all of its buttons; the links are ours:
 * - checking a node checks everything below it and everything above it (a page is no use inside an app the role
 *   cannot open, and granting a whole app in one click is the common case);
 * - unchecking a node unchecks everything below it and leaves the nodes above alone.
 * Only `grantable` codes (the caller's own) ever change: the server refuses any other added or removed code.
 */
export function toggleCode(
  checked: ReadonlySet<string>,
  node: NamedNode,
  on: boolean,
  parents: Map<string, string>,
  grantable: ReadonlySet<string>,
): Set<string> {
  const next = new Set(checked)
  const touched = subtreeCodes(node)
  if (on) for (let p = parents.get(node.name); p; p = parents.get(p)) touched.push(p)
  for (const c of touched) {
    if (!grantable.has(c)) continue
    if (on) next.add(c)
    else next.delete(c)
  }
  return next
}

/**
 * The role's whole grant to save (associatedPermission's `names` replaces it): the checked codes the caller may
 * grant, plus every code the role already holds that the caller may not touch or that neither list on screen shows
 * (another appType's), so saving never drops what is above the caller or out of sight.
 */
export function grantToSave(
  held: readonly string[],
  checked: ReadonlySet<string>,
  grantable: ReadonlySet<string>,
): string[] {
  const keep = held.filter((c) => !grantable.has(c))
  return [...new Set([...keep, ...[...checked].filter((c) => grantable.has(c))])]
}

/** How the tree shows a node: checked when it and everything below it is granted, half when only it or part of it is. */
export function displayState(
  nodes: PermissionGroup[],
  checked: ReadonlySet<string>,
): { checked: string[]; halfChecked: string[] } {
  const full: string[] = []
  const half: string[] = []
  const visit = (n: PermissionGroup): boolean => {
    const kids = n.children.map(visit)
    const all = checked.has(n.name) && kids.every(Boolean)
    if (all) full.push(n.name)
    else if (checked.has(n.name)) half.push(n.name)
    return all
  }
  nodes.forEach(visit)
  return { checked: full, halfChecked: half }
}

/**
 * The left list's granted/total of a system: the server's grantedCounts / permissionCounts (its codes, itself
 * included) while the grant is as saved; with unsaved clicks, granted counts the draft the same way.
 */
export function countOf(app: PermissionGroup, checked: ReadonlySet<string> | null): { granted: number; total: number } {
  const granted = checked ? subtreeCodes(app).filter((c) => checked.has(c)).length : app.grantedCounts
  return { granted, total: app.permissionCounts }
}

/** A catalogue node reduced to what a person holds, `held` false for a node kept only because something below it is. */
export interface HeldNode {
  code: string
  name: string
  kind: PermissionKind
  held: boolean
  children: HeldNode[]
}

/** The catalogue pruned to held codes and their ancestors (用户权限详情 shows a person's codes where they live). */
export function heldTree(held: ReadonlySet<string>, nodes: PermissionNode[] = PERMISSION_CATALOGUE): HeldNode[] {
  return nodes.flatMap((n) => {
    const children = heldTree(held, n.children ?? [])
    if (!held.has(n.code) && !children.length) return []
    return [{ code: n.code, name: n.name, kind: n.kind, held: held.has(n.code), children }]
  })
}

/** The catalogue's name of a code, or the code itself for one no longer in it (old log lines). */
const NAMES = new Map(
  PERMISSION_CATALOGUE.flatMap(function names(n: PermissionNode): [string, string][] {
    return [[n.code, n.name], ...(n.children ?? []).flatMap(names)]
  }),
)
export const permissionName = (code: string): string => NAMES.get(code) ?? code

export const KIND_LABEL: Record<PermissionKind, string> = { app: '应用', menu: '菜单', page: '页面', button: '按钮' }

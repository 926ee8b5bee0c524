import { PERMISSION_CATALOGUE, type PermissionKind, type PermissionNode, type PermissionTreeNode } from '@zhixiao/shared'

/** What both tree shapes share: the server's grantable tree and the shared catalogue. */
interface CodeNode { code: string; children?: CodeNode[] }

/** A node's code and the codes of everything below it. */
export function subtreeCodes(node: CodeNode): string[] {
  return [node.code, ...(node.children ?? []).flatMap(subtreeCodes)]
}

/** code → parent code, over a whole forest. */
export function parentsOf(nodes: CodeNode[]): Map<string, string> {
  const out = new Map<string, string>()
  const walk = (list: CodeNode[], parent: string | null) => {
    for (const n of list) {
      if (parent) out.set(n.code, parent)
      walk(n.children ?? [], n.code)
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
export function toggleCode(checked: ReadonlySet<string>, node: CodeNode, on: boolean, parents: Map<string, string>, grantable: ReadonlySet<string>): Set<string> {
  const next = new Set(checked)
  const touched = subtreeCodes(node)
  if (on) for (let p = parents.get(node.code); p; p = parents.get(p)) touched.push(p)
  for (const c of touched) {
    if (!grantable.has(c)) continue
    if (on) next.add(c)
    else next.delete(c)
  }
  return next
}

/**
 * The role's whole grant to save (associatedPermission replaces it): the checked codes the caller may grant, plus
 * every code the role already holds that the caller may not touch, so saving never drops what is above the caller.
 */
export function grantToSave(held: readonly string[], checked: ReadonlySet<string>, grantable: ReadonlySet<string>): string[] {
  const keep = held.filter((c) => !grantable.has(c))
  return [...new Set([...keep, ...[...checked].filter((c) => grantable.has(c))])]
}

/** How the tree shows a node: checked when it and everything below it is granted, half when only it or part of it is. */
export function displayState(nodes: PermissionTreeNode[], checked: ReadonlySet<string>): { checked: string[]; halfChecked: string[] } {
  const full: string[] = []
  const half: string[] = []
  const visit = (n: PermissionTreeNode): boolean => {
    const kids = n.children.map(visit)
    const all = checked.has(n.code) && kids.every(Boolean)
    if (all) full.push(n.code)
    else if (checked.has(n.code)) half.push(n.code)
    return all
  }
  nodes.forEach(visit)
  return { checked: full, halfChecked: half }
}

/** Granted and total codes below a system (its own app code not counted), for the left list. */
export function countOf(app: PermissionTreeNode, checked: ReadonlySet<string>): { granted: number; total: number } {
  const below = subtreeCodes(app).slice(1)
  return { granted: below.filter((c) => checked.has(c)).length, total: below.length }
}

/** A catalogue node reduced to what a person holds, `held` false for a node kept only because something below it is. */
export interface HeldNode { code: string; name: string; kind: PermissionKind; held: boolean; children: HeldNode[] }

/** The catalogue pruned to held codes and their ancestors (用户权限详情 shows a person's codes where they live). */
export function heldTree(held: ReadonlySet<string>, nodes: PermissionNode[] = PERMISSION_CATALOGUE): HeldNode[] {
  return nodes.flatMap((n) => {
    const children = heldTree(held, n.children ?? [])
    if (!held.has(n.code) && !children.length) return []
    return [{ code: n.code, name: n.name, kind: n.kind, held: held.has(n.code), children }]
  })
}

/** The catalogue's name of a code, or the code itself for one no longer in it (old log lines). */
const NAMES = new Map(PERMISSION_CATALOGUE.flatMap(function names(n: PermissionNode): [string, string][] {
  return [[n.code, n.name], ...(n.children ?? []).flatMap(names)]
}))
export const permissionName = (code: string): string => NAMES.get(code) ?? code

export const KIND_LABEL: Record<PermissionKind, string> = { app: '应用', menu: '菜单', page: '页面', button: '按钮' }

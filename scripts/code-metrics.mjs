#!/usr/bin/env node
// The structure figures of docs/architecture.md: lines, big files, long functions and import circles of packages/*/src.
// Usage: node scripts/code-metrics.mjs [repo dir]   (duplicate pairs: the `duplicates` tool; unused exports: knip)
import { readFileSync, readdirSync, statSync, existsSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import ts from 'typescript'

const root = resolve(process.argv[2] ?? '.')
const pkgs = ['shared', 'server', 'web', 'e2e']
const files = []
function walk(d) {
  for (const n of readdirSync(d)) {
    const p = join(d, n)
    if (statSync(p).isDirectory()) {
      if (n !== 'node_modules' && n !== 'dist') walk(p)
    } else if (/\.(ts|tsx)$/.test(n) && !n.endsWith('.d.ts')) files.push(p)
  }
}
for (const p of pkgs) if (existsSync(join(root, 'packages', p, 'src'))) walk(join(root, 'packages', p, 'src'))

const lines = {}
let big = 0,
  longFns = 0,
  over120 = 0,
  total = 0
const graph = new Map()
function resolveImport(from, spec) {
  if (!spec.startsWith('.')) return null
  const base = resolve(dirname(from), spec).replace(/\.js$/, '')
  for (const c of [base + '.ts', base + '.tsx', join(base, 'index.ts'), join(base, 'index.tsx')])
    if (existsSync(c)) return c
  return null
}
for (const f of files) {
  const text = readFileSync(f, 'utf8')
  const ls = text.split('\n')
  const pkg = relative(join(root, 'packages'), f).split('/')[0]
  lines[pkg] = (lines[pkg] ?? 0) + ls.length
  total += ls.length
  over120 += ls.filter((l) => l.length > 120).length
  if (ls.length > 400) big++
  const sf = ts.createSourceFile(
    f,
    text,
    ts.ScriptTarget.Latest,
    true,
    f.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  )
  const deps = new Set()
  const visit = (n) => {
    if (
      ts.isFunctionDeclaration(n) ||
      ts.isArrowFunction(n) ||
      ts.isFunctionExpression(n) ||
      ts.isMethodDeclaration(n)
    ) {
      const a = sf.getLineAndCharacterOfPosition(n.getStart()).line,
        b = sf.getLineAndCharacterOfPosition(n.getEnd()).line
      if (b - a + 1 > 80) longFns++
    }
    if (
      (ts.isImportDeclaration(n) || ts.isExportDeclaration(n)) &&
      n.moduleSpecifier &&
      ts.isStringLiteral(n.moduleSpecifier)
    ) {
      const r = resolveImport(f, n.moduleSpecifier.text)
      if (r) deps.add(r)
    }
    if (
      ts.isCallExpression(n) &&
      n.expression.kind === ts.SyntaxKind.ImportKeyword &&
      n.arguments[0] &&
      ts.isStringLiteral(n.arguments[0])
    ) {
      const r = resolveImport(f, n.arguments[0].text)
      if (r) deps.add(r)
    }
    ts.forEachChild(n, visit)
  }
  visit(sf)
  graph.set(f, [...deps])
}
// Tarjan's strongly connected components: each component of two or more files is one circle.
let index = 0
const idx = new Map(),
  low = new Map(),
  stack = [],
  on = new Set(),
  circles = []
function strong(v) {
  idx.set(v, index)
  low.set(v, index)
  index++
  stack.push(v)
  on.add(v)
  for (const w of graph.get(v) ?? []) {
    if (!idx.has(w)) {
      strong(w)
      low.set(v, Math.min(low.get(v), low.get(w)))
    } else if (on.has(w)) low.set(v, Math.min(low.get(v), idx.get(w)))
  }
  if (low.get(v) === idx.get(v)) {
    const c = []
    let w
    do {
      w = stack.pop()
      on.delete(w)
      c.push(w)
    } while (w !== v)
    if (c.length > 1) circles.push(c)
  }
}
for (const v of graph.keys()) if (!idx.has(v)) strong(v)
console.log(
  JSON.stringify(
    {
      files: files.length,
      lines: total,
      linesByPackage: lines,
      filesOver400: big,
      functionsOver80: longFns,
      linesOver120: over120,
      linesOver120Pct: +((100 * over120) / total).toFixed(1),
      circles: circles.length,
      filesInCircles: circles.reduce((s, c) => s + c.length, 0),
      largestCircle: Math.max(0, ...circles.map((c) => c.length)),
    },
    null,
    1,
  ),
)

import ts from 'typescript'
import type { Plugin } from 'vite'

/**
 * The shared package's domain modules (cms.ts, apps.ts, red-dots.ts …) hold constants and messages the web uses
 * beside the zod schemas only the server validates with. A schema is built by a chain of calls
 * (`newsRow.extend({…})`, `z.string().max(50)`) and often from a shape spread into another (`z.object({ ...paging })`)
 * that the bundler cannot tell free of side effects, so it kept every schema of each module a page touched, and zod
 * with them: the signed-in home loaded zod (24 KB gzip) and built some hundred schemas it never used, 0.35 s of a
 * throttled phone's main thread (issue 28, docs/performance.md). In the web build each top-level `const` whose
 * initializer runs code (a call, `new`, a spread) gets that initializer as an arrow passed to a pure helper:
 * an unused value drops out whole, a used one runs exactly as written. Only initializers: a call inside a function
 * body or a bare statement keeps its effects. z.ts is treated the same (its strict number's constructor and coerce
 * are values like any other); contracts/ have their own step (strip-contract-schemas.ts).
 */
const SHARED_MODULE = /[\\/]packages[\\/]shared[\\/]src[\\/](?:privacy[\\/])?[^\\/]+\.ts$/

/** Whether evaluating `n` runs code the bundler must keep: a call, `new` or a spread outside any function body. */
function runsCode(n: ts.Node): boolean {
  if (ts.isFunctionLike(n) || ts.isClassLike(n)) return false
  if (ts.isCallExpression(n) || ts.isNewExpression(n) || ts.isSpreadAssignment(n) || ts.isSpreadElement(n)) return true
  return ts.forEachChild(n, runsCode) ?? false
}

/** The module with each such top-level `const` initializer wrapped as a pure call, or null when it has none. */
export function markInitializersPure(code: string, fileName: string): string | null {
  const sf = ts.createSourceFile(fileName, code, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS)
  const spans: [number, number][] = []
  for (const st of sf.statements) {
    if (!ts.isVariableStatement(st) || !(st.declarationList.flags & ts.NodeFlags.Const)) continue
    for (const d of st.declarationList.declarations)
      if (d.initializer && runsCode(d.initializer)) spans.push([d.initializer.getStart(sf), d.initializer.getEnd()])
  }
  if (!spans.length) return null
  let out = code
  for (const [from, to] of spans.sort((a, b) => b[0] - a[0]))
    out = `${out.slice(0, from)}/*#__PURE__*/ ${PURE_VALUE}(() => (${out.slice(from, to)}))${out.slice(to)}`
  // A named function rather than an arrow called in place: the minifier's syntax pass inlines an immediately-called
  // arrow and would leave its body's calls bare, with their arguments kept.
  return `${out}\n/*#__NO_SIDE_EFFECTS__*/ function ${PURE_VALUE}<T>(make: () => T): T {\n  return make()\n}\n`
}

const PURE_VALUE = '__zxPureValue'

export function pureSharedValues(): Plugin {
  return {
    name: 'zx-pure-shared-values',
    enforce: 'pre',
    apply: 'build',
    transform(code, id) {
      const file = id.split('?')[0]!
      if (!SHARED_MODULE.test(file)) return null
      const out = markInitializersPure(code, file)
      return out === null ? null : { code: out, map: null }
    },
  }
}

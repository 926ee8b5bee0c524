import ts from 'typescript'
import type { Plugin } from 'vite'

/**
 * The shared package's domain modules (cms.ts, apps.ts, red-dots.ts …) hold constants and messages the web uses
 * beside the zod schemas only the server validates with. A schema is built by a chain of calls
 * (`newsRow.extend({…})`, `z.string().max(50)`) that the bundler cannot tell free of side effects, so it kept every
 * schema of each module a page touched, and zod with them: the signed-in home loaded zod (24 KB gzip) and built some
 * hundred schemas it never used, 0.35 s of a throttled phone's main thread (issue 28, docs/performance.md). In the web
 * build every call in a top-level `const` initializer of those modules is marked pure, so an unused value drops out
 * with its calls; one the web uses is kept whole. Only initializers: a call inside a function body or a bare
 * statement keeps its effects. contracts/ have their own step (strip-contract-schemas.ts); z.ts and input.ts define
 * the schema helpers themselves and are left alone.
 */
const SHARED_MODULE = /[\\/]packages[\\/]shared[\\/]src[\\/](?:privacy[\\/])?[^\\/]+\.ts$/
const LEFT_ALONE = /[\\/](?:z|input)\.ts$/

/** The module with each call of its top-level `const` initializers marked pure, or null when it has none. */
export function markInitializersPure(code: string, fileName: string): string | null {
  const sf = ts.createSourceFile(fileName, code, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS)
  const at: number[] = []
  const visit = (n: ts.Node): void => {
    // A function's body runs later, with effects that matter: never marked.
    if (ts.isFunctionLike(n) || ts.isClassLike(n)) return
    if (ts.isCallExpression(n) || ts.isNewExpression(n)) at.push(n.getStart(sf))
    ts.forEachChild(n, visit)
  }
  for (const st of sf.statements) {
    if (!ts.isVariableStatement(st) || !(st.declarationList.flags & ts.NodeFlags.Const)) continue
    for (const d of st.declarationList.declarations) if (d.initializer) visit(d.initializer)
  }
  if (!at.length) return null
  // Several calls of one chain start at the same offset (`a().b()`): one mark each is what the bundler reads.
  let out = code
  for (const pos of [...new Set(at)].sort((a, b) => b - a)) out = `${out.slice(0, pos)}/*#__PURE__*/ ${out.slice(pos)}`
  return out
}

export function pureSharedValues(): Plugin {
  return {
    name: 'zx-pure-shared-values',
    enforce: 'pre',
    apply: 'build',
    transform(code, id) {
      const file = id.split('?')[0]!
      if (!SHARED_MODULE.test(file) || LEFT_ALONE.test(file)) return null
      const out = markInitializersPure(code, file)
      return out === null ? null : { code: out, map: null }
    },
  }
}

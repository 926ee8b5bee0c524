import ts from 'typescript'
import type { Plugin } from 'vite'

/**
 * The browser calls the shared contracts (docs/architecture.md "Contracts") but never validates with their schemas:
 * the server does. Carrying them would bring zod and every schema into the login page's first download (+30 KB gzip,
 * over its budget). So in the web build each contract file's imports of schemas — the `z` namespace and every
 * binding from a shared module outside contracts/ — are bound to one inert stand-in instead. Only constants.ts (no
 * zod) stays a real import: the values a contract builds its paths and groups from live there. A contract keeps its method, path, access and flags, and
 * `body`/`query`/`data` stay present (as the stand-in), which is all the client reads. The types are untouched:
 * they come from the sources, not from this transform. The stand-in refuses to become a string, so a path built from
 * a stubbed binding fails loudly at load instead of calling a wrong address. Summaries become empty strings, and the
 * schema, tag and permission fields the stand-in itself, so a schema written inline in a contract file drops out too.
 */
const CONTRACT_FILE = /[\\/]packages[\\/]shared[\\/]src[\\/]contracts[\\/][^\\/]+\.ts$/
export const STUB_ID = '\0zx-schema-stub'
/** The one shared module a contract file really imports in the web: plain values, no zod. */
const KEPT_MODULE = '../constants.js'
/** Contract fields the browser never reads: their values become the stand-in (a schema's presence still shows). */
const SERVER_ONLY = new Set(['body', 'query', 'params', 'data', 'tags', 'permission'])
const CONTRACT_FACTORIES = new Set(['get', 'post'])

export const STUB_MODULE = `
const fail = () => { throw new Error('A contract schema is a server matter: the web build replaced it (web build/strip-contract-schemas.ts)') }
const stub = new Proxy(function () {}, {
  get: (_t, k) => (k === Symbol.toPrimitive || k === 'toString' || k === 'valueOf' ? fail : stub),
  apply: () => stub,
})
export default stub
`

/** The transformed source of one contract file, or null when it imports no schema. */
export function stripSchemaImports(code: string, fileName: string): string | null {
  const sf = ts.createSourceFile(fileName, code, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS)
  const edits: { start: number; end: number; text: string }[] = []
  for (const st of sf.statements) {
    if (!ts.isImportDeclaration(st) || !ts.isStringLiteral(st.moduleSpecifier)) continue
    const from = st.moduleSpecifier.text
    const clause = st.importClause
    // Other contract files are transformed themselves; contract.ts holds the factories and no schema.
    if (!from.startsWith('../') || from === '../contract.js' || from === KEPT_MODULE || !clause || clause.isTypeOnly)
      continue
    const stubbed: string[] = []
    const b = clause.namedBindings
    if (clause.name) stubbed.push(clause.name.text)
    if (b && ts.isNamespaceImport(b)) stubbed.push(b.name.text)
    if (b && ts.isNamedImports(b)) {
      for (const el of b.elements) {
        if (!el.isTypeOnly) stubbed.push(el.name.text)
      }
    }
    if (!stubbed.length) continue
    const text = stubbed.map((n) => `const ${n} = __zxSchemaStub;`).join('\n')
    edits.push({ start: st.getStart(sf), end: st.getEnd(), text })
  }
  // Summaries document the API (OpenAPI, the server's logs); the browser never shows them, so they do not travel.
  // Every call in a contract file builds a value (a contract, a schema, a group of contracts) and nothing else, so each
  // is marked pure: a contract group no page uses is dropped from the bundle with its stand-in calls.
  const pure = new Set<number>()
  const visit = (n: ts.Node): void => {
    if (ts.isImportDeclaration(n)) return
    if (ts.isPropertyAssignment(n) && ts.isIdentifier(n.name)) {
      const v = n.initializer
      if (
        n.name.text === 'summary' &&
        (ts.isStringLiteral(v) || ts.isNoSubstitutionTemplateLiteral(v) || ts.isTemplateExpression(v))
      ) {
        edits.push({ start: v.getStart(sf), end: v.getEnd(), text: "''" })
        return
      }
      // What only the server reads: the schemas (their presence is all the client asks), tags and access codes.
      // (A contract group may name a contract `query` or `data` itself: a get()/post() is a contract, never a schema.)
      const isContract =
        ts.isCallExpression(v) && ts.isIdentifier(v.expression) && CONTRACT_FACTORIES.has(v.expression.text)
      if (SERVER_ONLY.has(n.name.text) && !isContract) {
        edits.push({ start: v.getStart(sf), end: v.getEnd(), text: '__zxSchemaStub' })
        return
      }
    }
    if (ts.isShorthandPropertyAssignment(n) && SERVER_ONLY.has(n.name.text)) {
      edits.push({ start: n.getStart(sf), end: n.getEnd(), text: `${n.name.text}: __zxSchemaStub` })
      return
    }
    if (ts.isCallExpression(n) && !pure.has(n.getStart(sf))) {
      pure.add(n.getStart(sf))
      edits.push({ start: n.getStart(sf), end: n.getStart(sf), text: '/*#__PURE__*/ ' })
    }
    ts.forEachChild(n, visit)
  }
  visit(sf)
  if (!edits.length) return null
  // Applied from the end, so earlier offsets stay valid; an insertion sorts after a replacement starting at its offset.
  edits.sort((a, b) => a.start - b.start || a.end - a.start - (b.end - b.start))
  let out = code
  for (const e of edits.reverse()) out = out.slice(0, e.start) + e.text + out.slice(e.end)
  return `import __zxSchemaStub from '${STUB_ID}';\n${out}`
}

export function stripContractSchemas(): Plugin {
  return {
    name: 'zx-strip-contract-schemas',
    enforce: 'pre',
    resolveId: (id) => (id === STUB_ID ? id : null),
    load: (id) => (id === STUB_ID ? STUB_MODULE : null),
    transform(code, id) {
      if (!CONTRACT_FILE.test(id.split('?')[0])) return null
      const out = stripSchemaImports(code, id)
      return out === null ? null : { code: out, map: null }
    },
  }
}

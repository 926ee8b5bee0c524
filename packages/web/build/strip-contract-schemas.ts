import ts from 'typescript'
import type { Plugin } from 'vite'

/**
 * The browser calls the shared contracts (docs/architecture.md "Contracts") but never validates with their schemas:
 * the server does. Carrying them would bring zod and every schema into the login page's first download (+26 KB gzip,
 * over its budget). So in the web build each contract file's imports from shared modules outside contracts/ — the `z`
 * namespace and every schema — are bound to one inert stand-in; only constants.ts (plain values, no zod) stays a real
 * import, since contracts build their paths and groups from it. A contract keeps its method, path and flags
 * (file, upload, redirect); `body` and `query` stay present as the stand-in, which is all the client reads; the
 * fields only the server reads (params and data schemas, summaries, tags, access rules) are left out, so a schema
 * written inline in a contract file drops out too. The types are untouched: they come from the sources. The stand-in
 * refuses to become a string, so a path built from a stubbed binding fails loudly at load instead of calling a wrong
 * address. web/test/strip-contract-schemas.test.ts holds the result against the server's contracts.
 */
const CONTRACT_FILE = /[\\/]packages[\\/]shared[\\/]src[\\/]contracts[\\/][^\\/]+\.ts$/
export const STUB_ID = '\0zx-schema-stub'
/** The one shared module a contract file really imports in the web: plain values, no zod. */
const KEPT_MODULE = '../constants.js'
/** Contract fields whose presence the client reads (a body goes as JSON, else the input is the query): the stand-in. */
const PRESENCE = new Set(['body', 'query'])
/** Contract fields only the server reads (schemas, documentation, access rules): left out of the browser's copy. */
const DROPPED = new Set(['params', 'data', 'summary', 'tags', 'permission', 'public', 'superAdmin', 'tenantWide'])
const CONTRACT_FACTORIES = new Set(['get', 'post', 'put'])

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
    const name =
      (ts.isPropertyAssignment(n) || ts.isShorthandPropertyAssignment(n)) && ts.isIdentifier(n.name)
        ? n.name.text
        : null
    // A contract group may name a contract `query` or `data` itself: a get()/post() is a contract, never a schema.
    const v = name !== null && ts.isPropertyAssignment(n) ? n.initializer : null
    const isContract =
      !!v && ts.isCallExpression(v) && ts.isIdentifier(v.expression) && CONTRACT_FACTORIES.has(v.expression.text)
    if (name !== null && !isContract && DROPPED.has(name)) {
      // The property goes, with the comma after it.
      const comma = /^\s*,/.exec(code.slice(n.getEnd()))
      edits.push({ start: n.getStart(sf), end: n.getEnd() + (comma ? comma[0].length : 0), text: '' })
      return
    }
    if (name !== null && !isContract && PRESENCE.has(name)) {
      edits.push({ start: n.getStart(sf), end: n.getEnd(), text: `${name}: __zxSchemaStub` })
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

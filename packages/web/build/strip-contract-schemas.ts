import ts from 'typescript'
import type { Plugin } from 'vite'

/**
 * The browser calls the shared contracts (docs/architecture.md "Contracts") but never validates with their schemas:
 * the server does. Carrying them would bring zod and every schema into the login page's first download (+30 KB gzip,
 * over its budget). So in the web build each contract file's imports of schemas — the `z` namespace and every
 * lower-case binding from a shared module outside contracts/ — are bound to one inert stand-in instead; UPPER_CASE
 * constants (paths, permission codes) stay real imports. A contract keeps its method, path, access and flags, and
 * `body`/`query`/`data` stay present (as the stand-in), which is all the client reads. The types are untouched:
 * they come from the sources, not from this transform. The stand-in refuses to become a string, so a path built from
 * a stubbed binding fails loudly at load instead of calling a wrong address.
 */
const CONTRACT_FILE = /[\\/]packages[\\/]shared[\\/]src[\\/]contracts[\\/][^\\/]+\.ts$/
const STUB_ID = '\0zx-schema-stub'
const CONSTANT = /^[A-Z][A-Z0-9_]*$/

const STUB_MODULE = `
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
    if (!from.startsWith('../') || from === '../contract.js' || !clause || clause.isTypeOnly) continue
    const stubbed: string[] = []
    const kept: string[] = []
    const b = clause.namedBindings
    if (clause.name) stubbed.push(clause.name.text)
    if (b && ts.isNamespaceImport(b)) stubbed.push(b.name.text)
    if (b && ts.isNamedImports(b)) {
      for (const el of b.elements) {
        if (el.isTypeOnly) continue
        if (CONSTANT.test(el.name.text)) kept.push(el.getText(sf))
        else stubbed.push(el.name.text)
      }
    }
    if (!stubbed.length) continue
    const text = (kept.length ? `import { ${kept.join(', ')} } from '${from}';\n` : '') +
      stubbed.map((n) => `const ${n} = __zxSchemaStub;`).join('\n')
    edits.push({ start: st.getStart(sf), end: st.getEnd(), text })
  }
  if (!edits.length) return null
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

import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { build, type Plugin, type Rolldown } from 'vite'

/**
 * One chunk for the signed-in portal home's first screen (issue 28). Left to automatic chunking, the shell, the home
 * layout and the home page came as about 150 small chunks, one per set of lazy routes sharing a module: a phone
 * spent 0.1–0.9 s (4× CPU) appending their modulepreload links and instantiating them, six requests at a time on
 * HTTP/1.1. Every signed-in visit starts on a home, so for the pages opened after it this chunk is in the cache.
 *
 * Which modules the home really uses is known only after tree-shaking (`import { Button } from 'antd'` names the whole
 * of antd in the module graph), so the build runs twice: a first pass without writing, with automatic chunking,
 * whose chunks show what the home loads; the real build then puts the modules of those chunks into one. What the
 * entry and the login page load stays out: the login route's budget (issue 12) never includes this chunk.
 */
const HOME_ROOTS = [
  'src/router/app-routes.tsx',
  'src/router/guards.ts',
  'src/router/layouts.ts',
  'src/router/shell.tsx',
  'src/components/AntdTheme.tsx',
  'src/layouts/HomeLayout.tsx',
  'src/features/cms/homes/HomePage.tsx',
]
/** What the login route loads besides the entry. */
const LOGIN_ROOTS = ['src/layouts/RedirectLayout.tsx', 'src/features/auth/LoginPage.tsx']

export const HOME_CHUNK = 'home'
/**
 * Left to automatic chunking though the home's graph reaches them: zod and the shared schema helpers. The admin pages
 * that validate a form with a shared schema need them; grouped here, every one of those pages would load zod through
 * the home chunk, and the home would build it on every visit.
 */
const OWN_CHUNK = /[\\/]node_modules[\\/]zod[\\/]|[\\/]packages[\\/]shared[\\/]src[\\/]z\.ts$/
const INNER = 'ZX_HOME_CHUNK_PASS'
const WEB = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')

/** True inside the first pass (plugins that write files leave it alone). */
export const isFirstPass = (): boolean => process.env[INNER] === '1'

type Chunk = Rolldown.OutputChunk

/** The chunks `roots` load before they run: themselves and their static imports, transitively. */
function loaded(byFile: Map<string, Chunk>, roots: Chunk[]): Set<Chunk> {
  const seen = new Set<Chunk>()
  const todo = [...roots]
  while (todo.length) {
    const c = todo.pop()!
    if (seen.has(c)) continue
    seen.add(c)
    for (const f of c.imports) {
      const next = byFile.get(f)
      if (next) todo.push(next)
    }
  }
  return seen
}

/** The modules of the home chunk, from the first pass's chunks: what the home roots load and the login route does not. */
export function homeModules(chunks: Chunk[]): Set<string> {
  const byFile = new Map(chunks.map((c) => [c.fileName, c]))
  const facade = (suffix: string): Chunk => {
    const c = chunks.find((k) => k.facadeModuleId?.replaceAll('\\', '/').endsWith(`/${suffix}`))
    if (!c) throw new Error(`home-chunk: no chunk for ${suffix}`)
    return c
  }
  const login = loaded(byFile, [...chunks.filter((c) => c.isEntry), ...LOGIN_ROOTS.map(facade)])
  const modules = new Set<string>()
  for (const c of loaded(byFile, HOME_ROOTS.map(facade))) if (!login.has(c)) for (const m of c.moduleIds) modules.add(m)
  return modules
}

/** The plugin: runs the first pass as the build is configured and adds the home's code-splitting group. */
export function homeChunk(): Plugin {
  return {
    name: 'zx-home-chunk',
    apply: (_config, env) => env.command === 'build' && !isFirstPass(),
    async config(_config, env) {
      process.env[INNER] = '1'
      let output: Rolldown.RolldownOutput | Rolldown.RolldownOutput[]
      try {
        output = (await build({
          root: WEB,
          configFile: path.join(WEB, 'vite.config.ts'),
          mode: env.mode,
          logLevel: 'silent',
          build: { write: false, manifest: false },
        })) as Rolldown.RolldownOutput | Rolldown.RolldownOutput[]
      } finally {
        delete process.env[INNER]
      }
      const chunks = (Array.isArray(output) ? output : [output])
        .flatMap((o) => o.output)
        .filter((o): o is Chunk => o.type === 'chunk')
      const modules = homeModules(chunks)
      return {
        build: {
          rolldownOptions: {
            output: {
              codeSplitting: {
                // The set is closed already (the first pass's chunks and everything they import); following the module
                // graph instead would take in what tree-shaking dropped (a barrel's every re-export: all of antd).
                groups: [
                  {
                    name: HOME_CHUNK,
                    test: (id: string) => modules.has(id) && !OWN_CHUNK.test(id),
                    includeDependenciesRecursively: false,
                  },
                ],
              },
            },
          },
        },
      }
    },
  }
}

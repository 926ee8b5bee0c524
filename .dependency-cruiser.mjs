/**
 * Import rules for the monorepo (run by `npm run lint`).
 *
 * Type-only imports count like any other import (tsPreCompilationDeps): a type that points back up is still an
 * arrow back up, and a circle of types is still a circle that has to be read as one piece.
 */
/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment:
        'No import circles anywhere in the packages: a circle is a knot that can only be read, tested and changed as one piece.',
      from: { path: '^packages/[^/]+/src/' },
      to: { circular: true },
    },
    {
      name: 'shared-is-a-leaf',
      severity: 'error',
      comment: 'packages/shared is used by the server and the web; it imports nothing of either.',
      from: { path: '^packages/shared/' },
      to: { path: '^packages/(server|web|e2e)/' },
    },
    {
      name: 'platform-and-db-below-modules',
      severity: 'error',
      comment:
        "src/platform and src/db are the floor the modules stand on; they never import a module. The demo seed is the one exception: it fills the database through the modules' own functions.",
      from: { path: '^packages/server/src/(platform|db)/', pathNot: '^packages/server/src/db/seed/' },
      to: { path: '^packages/server/src/modules/' },
    },
    {
      name: 'modules-do-not-use-the-seed',
      severity: 'error',
      comment: 'The seed calls the modules, never the other way round (tenant provisioning lives in modules/tenant).',
      from: { path: '^packages/server/src/modules/' },
      to: { path: '^packages/server/src/db/seed/' },
    },
    {
      name: 'school-apps-only-through-the-hub',
      severity: 'error',
      comment:
        'The school apps reach Zhixiao only over HTTP (OpenID Connect, the directory API, webhooks, the open calls), like any vendor app: never its server modules, database code, web app or shared contracts (docs/school-apps.md). Their tests may start a hub.',
      from: { path: '^packages/school-apps/(src|web)/' },
      to: { path: '^packages/(server|web|shared|e2e)/' },
    },
    {
      name: 'pages-do-not-import-the-router',
      severity: 'error',
      comment: 'The router imports the pages; pages take what they need (PageProps, navigation) from src/navigation.',
      from: { path: '^packages/web/src/features/' },
      to: { path: '^packages/web/src/router/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist)/' },
    // The packages' sources, and the school apps' pages (web/ beside their src/).
    includeOnly: '^packages/([^/]+/src|school-apps/web)/',
    tsPreCompilationDeps: true,
    combinedDependencies: false,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
      mainFields: ['module', 'main', 'types'],
    },
    skipAnalysisNotInRules: true,
  },
}

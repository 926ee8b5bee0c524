import { createRequire } from 'node:module'
import path from 'node:path'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'
import { antdStaticStyle } from './build/antd-static-style'
import { chartsReactDom } from './build/charts-react-dom'
import { homeChunk } from './build/home-chunk'
import { precompress } from './build/precompress'
import { pureSharedValues } from './build/pure-shared-values'
import { stripContractSchemas } from './build/strip-contract-schemas'

const apiPort = process.env.PORT ?? '3000'

/**
 * React Router 7's package exports name only its development build (remix-run/react-router#12532, #14102): a
 * production bundle would carry its dev warnings and checks, about 8 KB gzip on the entry that every page, the login
 * page too, loads first. Its production build sits beside it; a production build resolves to that.
 */
const routerDist = path.join(
  path.dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
  'dist/production',
)
const productionRouter = [
  { find: /^react-router$/, replacement: path.join(routerDist, 'index.mjs') },
  { find: /^react-router\/dom$/, replacement: path.join(routerDist, 'dom-export.mjs') },
]

export default defineConfig(({ mode }) => ({
  plugins: [
    stripContractSchemas(),
    pureSharedValues(),
    chartsReactDom(),
    react(),
    antdStaticStyle(),
    homeChunk(),
    precompress(),
  ],
  resolve: { alias: mode === 'production' ? productionRouter : [] },
  server: { proxy: { '/base': `http://127.0.0.1:${apiPort}`, '/sc-mobile-api': `http://127.0.0.1:${apiPort}` } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1500,
    // dist/.vite/manifest.json: the chunk graph test/login-weight.test.ts walks to weigh the login route.
    manifest: true,
    // Every browser the portal supports has <link rel=modulepreload>: no polyfill in the entry.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      // The shared package's zod schemas (`z.object(...)` at module level) are pure values: a page that imports only
      // a constant or a route table from @zhixiao/shared must not carry zod and every schema with it.
      treeshake: { manualPureFunctions: ['z'] },
    },
  },
}))

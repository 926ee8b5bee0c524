import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'
import { precompress } from './build/precompress'

const apiPort = process.env.PORT ?? '3000'

export default defineConfig({
  plugins: [react(), precompress()],
  server: { proxy: { '/base': `http://127.0.0.1:${apiPort}` } },
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
})

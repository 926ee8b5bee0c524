import path from 'node:path'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

const web = path.resolve(import.meta.dirname, 'web')
const appsPort = process.env.APPS_PORT ?? '3001'

/**
 * The school apps' pages: one entry page per app (web/leave.html, web/grades.html) built into dist/ with relative
 * addresses (base './'), so /leave/ loads /leave/assets/… and /grades/ /grades/assets/… from the same build.
 * `vite` in this package serves the pages and passes the apps' own calls to a running apps server (APPS_PORT).
 */
export default defineConfig({
  root: web,
  base: './',
  plugins: [react()],
  server: {
    proxy: { '^/(leave|grades)/(api|login|callback|logout)': `http://127.0.0.1:${appsPort}` },
  },
  build: {
    outDir: path.resolve(import.meta.dirname, 'dist'),
    emptyOutDir: true,
    chunkSizeWarningLimit: 1500,
    modulePreload: { polyfill: false },
    rolldownOptions: {
      input: { leave: path.join(web, 'leave.html'), grades: path.join(web, 'grades.html') },
    },
  },
})

import { fileURLToPath } from 'node:url'
import type { Plugin } from 'vite'

const shim = fileURLToPath(new URL('./charts-react-root.ts', import.meta.url))

/**
 * @ant-design/charts-util renders chart tooltips with `await import('react-dom/client')`: a namespace import, so the
 * bundler keeps every export of react-dom/client (hydrateRoot …) in the entry chunk every page loads, the login page
 * too. Its import is pointed at a module exporting createRoot alone, so the statistics charts cost other pages nothing.
 */
export function chartsReactDom(): Plugin {
  return {
    name: 'zhixiao-charts-react-dom',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source === 'react-dom/client' && importer?.includes('@ant-design/charts-util')) return shim
      return null
    },
  }
}

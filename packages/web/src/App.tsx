import { RouterProvider } from 'react-router/dom'
import { router } from './router/routes'

/**
 * The router. antd, its Chinese locale and the query cache are provided by the lazily loaded shell route
 * (router/shell.tsx) around every page but the login pages, which stay light.
 */
export function App() {
  return <RouterProvider router={router} />
}

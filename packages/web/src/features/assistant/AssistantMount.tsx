import { lazy, Suspense } from 'react'

/** The helper's button and drawer, loaded on its own chunk so no page (the login page least) carries its code. */
const Launcher = lazy(() => import('./AssistantLauncher'))

export function AssistantMount() {
  return (
    <Suspense fallback={null}>
      <Launcher />
    </Suspense>
  )
}

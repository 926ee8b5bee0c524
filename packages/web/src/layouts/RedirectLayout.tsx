import { Outlet } from 'react-router'

/** Full-page layout without chrome (login, organisation choice, error pages, personal centre). */
export function RedirectLayout() {
  return (
    <div data-layout="redirect" style={{ minHeight: '100vh' }}>
      <Outlet />
    </div>
  )
}

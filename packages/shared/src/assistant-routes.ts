import type { RouteMeta } from './route-basics.js'

/** The AI helper's maintenance page (docs/assistant.md): under portal maintenance, with the PC portal's page code. */
export const ASSISTANT_ROUTES: RouteMeta[] = [
  { path: '/menhu-port/assistant', title: '智能客服配置', layout: 'default', permission: 'sc_menhu_pc' },
]

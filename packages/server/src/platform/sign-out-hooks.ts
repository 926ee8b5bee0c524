import type { AppContext, AuthInfo } from './context.js'

/**
 * What else ends when a person signs out of the portal: the identity hub's protocols register here (OpenID
 * back-channel logout, CAS single logout), so the auth module's logout calls them without knowing them.
 */
export type SignOutHook = (ctx: AppContext, auth: AuthInfo, origin: string) => Promise<void>
const hooks: SignOutHook[] = []

export function onSignOut(hook: SignOutHook): void {
  if (!hooks.includes(hook)) hooks.push(hook)
}

/** Runs every hook; one failing (an app that does not answer) does not stop the others or the sign-out. */
export async function runSignOutHooks(ctx: AppContext, auth: AuthInfo, origin: string): Promise<void> {
  await Promise.all(hooks.map((h) => h(ctx, auth, origin).catch(() => undefined)))
}

/**
 * The school apps 请假审批 and 成绩管理 (docs/school-apps.md): `startSchoolApps` mounts each under /<key>/ on one
 * server of their own, over their own database, reaching Zhixiao only over HTTP (OpenID Connect, the directory API,
 * webhooks, the hub's messages and badges).
 */
import { gradesApp } from './grades/index.js'
import type { SchoolAppsOptions } from './kit/config.js'
import { startKit, type RunningApps } from './kit/server.js'
import type { SchoolApp } from './kit/types.js'
import { leaveApp } from './leave/index.js'

export type { AppClient, SchoolAppsOptions } from './kit/config.js'
export type { MountedApp, RunningApps } from './kit/server.js'

export function startSchoolApps(
  options: SchoolAppsOptions,
  apps: readonly SchoolApp[] = [leaveApp, gradesApp],
): Promise<RunningApps> {
  return startKit(options, apps)
}

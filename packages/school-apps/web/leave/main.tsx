import { AppShell, startApp } from '../kit/index.js'
import { LeaveApp } from './LeaveApp.js'

startApp(<AppShell title="请假审批">{() => <LeaveApp />}</AppShell>)

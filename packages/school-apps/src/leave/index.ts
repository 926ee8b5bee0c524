import type { SchoolApp } from '../kit/types.js'

/** Placeholder until helper L's leave app lands (it replaces this file). */
export const leaveApp: SchoolApp = { key: 'leave', title: '请假审批', migrations: [], routes: () => {} }

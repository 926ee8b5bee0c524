/** Every API call's contract, one file per domain (docs/architecture.md "Contracts"). */
export * from './common.js'
export * from './base-data-grade-class.js'
export * from './messages.js'
export * from './campus.js'
export * from './complaints.js'
export * from './alliance.js'
export * from './assistant.js'

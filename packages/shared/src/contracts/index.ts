/** Every API call's contract, one file per domain (docs/architecture.md "Contracts"). */
export * from './common.js'
export * from './roles.js'
export * from './organization.js'
export * from './tenant.js'
export * from './config-center.js'
export * from './account.js'
export * from './base-data.js'
export * from './area.js'

/** Every API call's contract, one file per domain (docs/architecture.md "Contracts"). */
export * from './common.js'
export * from './base-data-grade-class.js'
export * from './portal-config.js'
export * from './apps.js'
export * from './mobile-portal.js'
export * from './red-dots.js'

/** Every API call's contract, one file per domain (docs/architecture.md "Contracts"). */
export * from './common.js'
export * from './base-data-grade-class.js'
export * from './cms.js'
export * from './portal-config.js'
export * from './pc-portal.js'
export * from './data-centre.js'

/** Every API call's contract, one file per domain (docs/architecture.md "Contracts"). */
export * from './common.js'
export * from './base-data.js'
export * from './area.js'

/** Every API call's contract, one file per domain (docs/architecture.md "Contracts"). */
export * from './common.js'
export * from './base-data-grade-class.js'
export * from './auth.js'
export * from './sms.js'
export * from './login-security.js'
export * from './sso.js'
export * from './signup.js'

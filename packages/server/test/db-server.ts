// The PostgreSQL server of the tests' second pass. TEST_DATABASE_URL is the address the product is given: in CI it is
// PgBouncer in transaction mode (.ci/run), so every request, job and migration the tests run goes through the pooler.
// TEST_DATABASE_DIRECT_URL reaches the server itself, for the few things that need a session of their own or a
// database no pooled connection holds open (docs/scale.md): CREATE/DROP DATABASE, migrating the template database
// that CREATE DATABASE ... TEMPLATE copies (PgBouncer keeps idle server connections to it, and a template may have
// none), and the tests that watch or end the server's backends (pg_stat_activity, pg_terminate_backend).
// Without a pooler both are the same address.

/** The address the product under test connects to (through PgBouncer in CI); undefined on PGlite. */
export const serverUrl = (): string | undefined => process.env.TEST_DATABASE_URL || undefined

/**
 * The PostgreSQL server itself, for administration and session-bound work; undefined on PGlite (the PGlite pass
 * clears TEST_DATABASE_URL and may still inherit the direct address: scripts/test-all.mjs).
 */
export const directUrl = (): string | undefined => serverUrl() && (process.env.TEST_DATABASE_DIRECT_URL || serverUrl())

/** `base` with its database name replaced. */
export function withDatabase(base: string, name: string): string {
  const u = new URL(base)
  u.pathname = `/${name}`
  return u.toString()
}

import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores: one on the 2-core CI machine. The server files are
    // CPU-bound in their own process (PGlite's engine), so two workers use both cores.
    maxWorkers: 2,
    projects: [
      { test: { name: 'shared', include: ['packages/shared/test/**/*.test.ts'] } },
      // Builds the web app into a temp folder to weigh the login route (packages/web/test/login-weight.test.ts).
      { test: { name: 'web', include: ['packages/web/test/**/*.test.ts'], testTimeout: 30_000, hookTimeout: 300_000 } },
      {
        test: {
          name: 'server',
          include: ['packages/server/test/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 180_000, // each file copies a fresh database first: seconds, more on a loaded 2-core machine
          pool: 'forks',
          // One import of the server per worker instead of per file (~4 s each). Module-level caches are keyed per
          // database or host, and no test mocks modules or writes process.env, so files cannot see each other.
          isolate: false,
          // Migrates one template database that every file's fresh database is copied from.
          globalSetup: ['packages/server/test/global-setup.ts'],
        },
      },
      {
        // The school apps against the real hub: each file starts the portal's server on a fresh database (the server
        // project's template) and the apps on a port of their own, so the same forks and timeouts as the server's.
        test: {
          name: 'school-apps',
          include: ['packages/school-apps/test/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 180_000,
          pool: 'forks',
          globalSetup: ['packages/server/test/global-setup.ts'],
        },
      },
    ],
  },
})

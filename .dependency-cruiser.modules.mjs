/**
 * Folder loops between server modules, checked in a second pass (run by `npm run lint`).
 *
 * dependency-cruiser's folder scope counts a file in every folder above it and finds a loop through any folder, so in
 * the full graph src/modules (index.ts lists every manifest, every manifest imports modules/manifest.ts) and src/db
 * (the demo seed calls the modules) would tie every module into one loop. This pass reads only the files inside the
 * module folders, so a loop it finds runs from module to module: auth -> signup -> auth fails even when no single
 * file circle exists. Type-only imports count here too.
 */
import base from './.dependency-cruiser.mjs'

/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: [
    {
      name: 'no-module-folder-circles',
      severity: 'error',
      comment:
        'Server modules must not depend on each other in a loop: one side registers into the other (or the shared part moves down to platform) instead.',
      scope: 'folder',
      from: { path: '^packages/server/src/modules/' },
      to: { circular: true },
    },
  ],
  options: { ...base.options, includeOnly: '^packages/server/src/modules/[^/]+/' },
}

/** The server's answer of /api/me (src/kit/types.ts): who is signed in. */
export type { Viewer } from '../../src/kit/types.js'

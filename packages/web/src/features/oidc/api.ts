import { oidcContracts as C } from '@zhixiao/shared'
import { call } from '../../api/call'

/** The OpenID provider's sign-in hand-over (docs/open-platform.md "Sign-in"); the page shows refusals itself. */
const at = (tenantId: number, uid: string) => ({
  pathParams: { tenantId, uid },
  showError: false,
  loginRedirect: false,
  notFoundPage: false,
})

export const oidcApi = {
  details: (tenantId: number, uid: string) => call(C.details, undefined, at(tenantId, uid)),
  login: (tenantId: number, uid: string) => call(C.login, undefined, at(tenantId, uid)),
  abort: (tenantId: number, uid: string) => call(C.abort, undefined, at(tenantId, uid)),
}

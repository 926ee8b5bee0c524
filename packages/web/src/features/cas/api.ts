import { casContracts as C } from '@zhixiao/shared'
import { call } from '../../api/call'

/** The portal's side of the CAS server (docs/open-platform.md "CAS"). */
export const casApi = {
  /** A service ticket for exactly `service`, with the portal session; answers the service address with ?ticket=. */
  ticket: (tenantId: number, service: string) =>
    call(C.ticket, { service }, { pathParams: { tenantId }, showError: false, loginRedirect: false }),
  /** `service` when it is a registered CAS service of the tenant, else null. */
  registered: (tenantId: number, service: string) =>
    call(C.registered, { service }, { pathParams: { tenantId }, showError: false }),
  /** The launcher's ticket for a CAS app: its first service address with ?ticket=. */
  launch: (appId: number) => call(C.launch, { appId }, { showError: false }),
}

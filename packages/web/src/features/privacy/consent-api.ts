import { consentContracts as C, type ConsentSetBody } from '@zhixiao/shared'
import { useQuery } from '@tanstack/react-query'
import { call, callEnvelope } from '../../api/call'

/** One child's consents as their guardian sees them (docs/privacy.md "Consent"). */
export const useChildConsents = (childId: number | undefined) =>
  useQuery({
    queryKey: ['privacy', 'consent', childId],
    queryFn: () => call(C.myChild, { childId: childId! }),
    enabled: childId !== undefined,
  })

export const consentApi = {
  set: (b: ConsentSetBody) => callEnvelope(C.set, b),
}

import { privacyContracts as C, type AccessLogPageBody, type RevealBody } from '@zhixiao/shared'
import { useQuery } from '@tanstack/react-query'
import { call } from '../../api/call'

export const privacyApi = {
  accessLog: (q: AccessLogPageBody) => call(C.accessLogPage, q),
  reveal: (b: RevealBody) => call(C.reveal, b),
}

/** The signed-in parent's children (none for anyone else). */
export const useMyChildren = () => useQuery({ queryKey: ['privacy', 'myChildren'], queryFn: () => call(C.myChildren) })

/** Who looked at one of the parent's children. */
export const useChildAccess = (childId: number | undefined) =>
  useQuery({
    queryKey: ['privacy', 'childAccess', childId],
    queryFn: () => call(C.myChildAccess, { childId: childId! }),
    enabled: childId !== undefined,
  })

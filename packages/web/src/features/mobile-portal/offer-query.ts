import { isCompactWidth, terminalOfUserType, UserType } from '@zhixiao/shared'
import type { QueryClient } from '@tanstack/react-query'
import { mobileApi, MobileKeys } from './api'

// The mobile-portal offer's queries without antd: the route guard imports this file before the home's code is there.

const phoneAgent = () => /Android|iPhone|iPod|Mobile|HarmonyOS/i.test(navigator.userAgent)

/** MHSysConfigForStudentPC (a student's PC home). */
export const studentPcQuery = {
  queryKey: [MobileKeys.config, 'studentPc'],
  queryFn: mobileApi.studentPc,
  staleTime: 60_000,
}

/** 移动端设置 (whether the PC home offers the mobile portal): the offer's query and the route guard's early ask. */
export const offerSettingsQuery = {
  queryKey: [MobileKeys.config, 'settings'],
  queryFn: mobileApi.settings,
  staleTime: 60_000,
}

/** Whether the offer may show at all: a member with a phone terminal on a narrow screen or a phone browser. */
export const offerPossible = (userType: number | undefined, width: number): boolean =>
  !!terminalOfUserType(userType) && (isCompactWidth(width) || phoneAgent())

/**
 * The route guard asks for the offer's settings (and a student's PC config) before the home renders, when the offer
 * may show: arriving after the blocks it pushed them down (Lighthouse's layout shift on a phone, issue 28). Resolves
 * when both answered, at once when there is nothing to ask.
 */
export async function prefetchOffer(client: QueryClient, userType: number | undefined): Promise<void> {
  if (!offerPossible(userType, window.innerWidth)) return
  await Promise.all([
    client.prefetchQuery(offerSettingsQuery),
    userType === UserType.STUDENT ? client.prefetchQuery(studentPcQuery) : null,
  ])
}

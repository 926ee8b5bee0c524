import dayjs from 'dayjs'

/** News dates as the blocks show them (001 §9): month-day, and hour-minute for the time. */
export const newsDay = (iso: string | null): string => (iso ? dayjs(iso).format('MM-DD') : '')
export const newsTime = (iso: string | null): string => (iso ? dayjs(iso).format('HH:mm') : '')
export const newsDateTime = (iso: string | null): string => (iso ? dayjs(iso).format('YYYY-MM-DD HH:mm') : '')

/** A news item still waiting for this reader's confirmation (001 §4). */
export const isPending = (n: { confirm: number; confirmOver: number }): boolean =>
  n.confirm === 1 && n.confirmOver === 0

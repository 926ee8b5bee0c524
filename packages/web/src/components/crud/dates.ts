import type { FormRule } from 'antd'
import dayjs, { type Dayjs } from 'dayjs'

/** Dates travel as YYYY-MM-DD strings end to end (docs/base-data.md); forms hold Dayjs values. */
export const DAY_FORMAT = 'YYYY-MM-DD'
export const toDay = (s: string): Dayjs => dayjs(s, DAY_FORMAT)
export const fromDay = (d: Dayjs): string => d.format(DAY_FORMAT)

/** The end-date rule: required, and not before the value of `startField`. */
export function endDateRules(startField: string, message: string): FormRule[] {
  return [
    { required: true, message: '请选择结束日期' },
    ({ getFieldValue }) => ({
      validator: (_, end: Dayjs | null) => {
        const start = getFieldValue(startField) as Dayjs | null
        return !start || !end || !end.isBefore(start, 'day') ? Promise.resolve() : Promise.reject(new Error(message))
      },
    }),
  ]
}

/** A server timestamp (ISO) in the browser's local time, or — when empty. */
export const formatTime = (v: string | null | undefined): string => (v ? dayjs(v).format('YYYY-MM-DD HH:mm:ss') : '—')

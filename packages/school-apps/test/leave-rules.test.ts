import { describe, expect, it } from 'vitest'
import { AppError } from '../src/kit/types.js'
import {
  addDays,
  checkRange,
  checkSpan,
  chinaToday,
  describeSpan,
  halfDays,
  halfDaysWithin,
  imageTypeOf,
  isDate,
  LeaveMsg,
  monthOf,
  overlaps,
  partOfDay,
  summarize,
  teacherChain,
  type Span,
  type StatRow,
} from '../src/leave/rules.js'

const span = (startDate: string, startHalf: 'am' | 'pm', endDate: string, endHalf: 'am' | 'pm'): Span => ({
  startDate,
  startHalf,
  endDate,
  endHalf,
})

/** The AppError a call throws (fails the test if it throws nothing or something else). */
function errorOf(fn: () => unknown): AppError {
  try {
    fn()
  } catch (e) {
    if (e instanceof AppError) return e
    throw e
  }
  throw new Error('expected an AppError')
}

describe('dates', () => {
  it('knows real calendar dates', () => {
    expect(isDate('2026-11-27')).toBe(true)
    expect(isDate('2028-02-29')).toBe(true)
    expect(isDate('2026-02-29')).toBe(false)
    expect(isDate('2026-13-01')).toBe(false)
    expect(isDate('2026-1-01')).toBe(false)
  })

  it('takes today on Beijing time whatever the server zone', () => {
    // 16:30 UTC is 00:30 the next day in Beijing.
    expect(chinaToday(new Date('2026-11-27T16:30:00Z'))).toBe('2026-11-28')
    expect(chinaToday(new Date('2026-11-27T15:59:00Z'))).toBe('2026-11-27')
  })

  it('adds days across months and years, and finds the month', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01')
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28')
    expect(monthOf('2026-02-14')).toEqual({ from: '2026-02-01', to: '2026-02-28' })
    expect(monthOf('2026-12-05')).toEqual({ from: '2026-12-01', to: '2026-12-31' })
  })
})

describe('half days', () => {
  it('counts each half day as 0.5, weekends included', () => {
    expect(halfDays(span('2026-12-01', 'am', '2026-12-01', 'am'))).toBe(1)
    expect(halfDays(span('2026-12-01', 'am', '2026-12-01', 'pm'))).toBe(2)
    expect(halfDays(span('2026-12-01', 'pm', '2026-12-02', 'am'))).toBe(2)
    // Friday morning to Monday afternoon: 4 whole days, the weekend counts.
    expect(halfDays(span('2026-12-04', 'am', '2026-12-07', 'pm'))).toBe(8)
  })

  it('checks a span: end before start, past, longer than 30 days', () => {
    const today = '2026-11-27'
    expect(checkSpan(span('2026-11-27', 'pm', '2026-11-28', 'am'), today)).toBe(2)
    expect(errorOf(() => checkSpan(span('2026-11-28', 'pm', '2026-11-28', 'am'), today)).message).toBe(
      LeaveMsg.END_BEFORE_START,
    )
    expect(errorOf(() => checkSpan(span('2026-11-29', 'am', '2026-11-28', 'pm'), today)).message).toBe(
      LeaveMsg.END_BEFORE_START,
    )
    const past = errorOf(() => checkSpan(span('2026-11-26', 'pm', '2026-11-27', 'pm'), today))
    expect([past.code, past.message]).toEqual([400, LeaveMsg.PAST])
    // Exactly 30 days passes, one half day more does not.
    expect(checkSpan(span('2026-12-01', 'am', '2026-12-30', 'pm'), today)).toBe(60)
    expect(errorOf(() => checkSpan(span('2026-12-01', 'am', '2026-12-31', 'am'), today)).message).toBe(
      LeaveMsg.TOO_LONG,
    )
    expect(errorOf(() => checkSpan(span('2026-02-30', 'am', '2026-12-31', 'am'), today)).message).toBe(
      LeaveMsg.BAD_DATE,
    )
  })

  it('overlaps only when a half day is shared', () => {
    const a = span('2026-12-01', 'am', '2026-12-02', 'am')
    expect(overlaps(a, span('2026-12-02', 'am', '2026-12-03', 'pm'))).toBe(true)
    expect(overlaps(a, span('2026-12-02', 'pm', '2026-12-03', 'pm'))).toBe(false)
    expect(overlaps(a, span('2026-11-30', 'am', '2026-12-01', 'am'))).toBe(true)
    expect(overlaps(a, span('2026-11-30', 'am', '2026-11-30', 'pm'))).toBe(false)
  })

  it('tells which part of a day a span covers', () => {
    const s = span('2026-12-01', 'pm', '2026-12-03', 'am')
    expect(partOfDay(s, '2026-12-01')).toBe('pm')
    expect(partOfDay(s, '2026-12-02')).toBe('full')
    expect(partOfDay(s, '2026-12-03')).toBe('am')
    expect(partOfDay(s, '2026-12-04')).toBeNull()
  })

  it('clips a span to a range', () => {
    const s = span('2026-11-29', 'pm', '2026-12-02', 'am')
    expect(halfDaysWithin(s, '2026-12-01', '2026-12-31')).toBe(3)
    expect(halfDaysWithin(s, '2026-11-01', '2026-11-30')).toBe(3)
    expect(halfDaysWithin(s, '2026-12-05', '2026-12-31')).toBe(0)
  })

  it('describes a span in Chinese', () => {
    expect(describeSpan(span('2026-12-01', 'am', '2026-12-01', 'pm'))).toBe('12月1日全天')
    expect(describeSpan(span('2026-12-01', 'pm', '2026-12-01', 'pm'))).toBe('12月1日下午')
    expect(describeSpan(span('2026-12-01', 'pm', '2026-12-03', 'am'))).toBe('12月1日下午 至 12月3日上午')
  })
})

describe('a teacher’s chain', () => {
  const base = { requester: 't1', departmentHead: 'h1', leader: 'L', halfDays: 4, thresholdHalfDays: 6 }

  it('asks the department head alone up to the threshold', () => {
    expect(teacherChain(base)).toEqual([{ kind: 'department', sub: 'h1' }])
    expect(teacherChain({ ...base, halfDays: 6 })).toEqual([{ kind: 'department', sub: 'h1' }])
  })

  it('adds the school leader above the threshold', () => {
    expect(teacherChain({ ...base, halfDays: 7 })).toEqual([
      { kind: 'department', sub: 'h1' },
      { kind: 'leader', sub: 'L' },
    ])
  })

  it('lets the leader decide when there is no head or the requester is the head', () => {
    expect(teacherChain({ ...base, departmentHead: null })).toEqual([{ kind: 'leader', sub: 'L' }])
    expect(teacherChain({ ...base, departmentHead: 't1' })).toEqual([{ kind: 'leader', sub: 'L' }])
  })

  it('asks the leader once when the leader heads the department', () => {
    expect(teacherChain({ ...base, departmentHead: 'L', halfDays: 10 })).toEqual([{ kind: 'department', sub: 'L' }])
  })

  it('refuses when the leader is needed and not set', () => {
    const e = errorOf(() => teacherChain({ ...base, departmentHead: null, leader: null }))
    expect([e.code, e.message]).toEqual([400, LeaveMsg.NO_APPROVER])
    expect(errorOf(() => teacherChain({ ...base, leader: null, halfDays: 8 })).message).toBe(LeaveMsg.NO_APPROVER)
    // Up to the threshold the head suffices, with or without a leader.
    expect(teacherChain({ ...base, leader: null })).toEqual([{ kind: 'department', sub: 'h1' }])
  })

  it('never lets anyone decide their own request', () => {
    expect(errorOf(() => teacherChain({ ...base, requester: 'L', departmentHead: null })).message).toBe(
      LeaveMsg.NO_APPROVER,
    )
    expect(teacherChain({ ...base, requester: 'L', halfDays: 10 })).toEqual([{ kind: 'department', sub: 'h1' }])
  })
})

describe('statistics', () => {
  const row = (s: Span, type: StatRow['type'], classId: number | null, className: string): StatRow => ({
    ...s,
    type,
    classId,
    className,
  })

  it('counts people per day and days per class and type inside the range only', () => {
    const rows = [
      row(span('2026-11-30', 'am', '2026-12-02', 'am'), 'sick', 1, '三年级(1)班'),
      row(span('2026-12-02', 'pm', '2026-12-02', 'pm'), 'personal', 1, '三年级(1)班'),
      row(span('2026-12-01', 'am', '2026-12-01', 'pm'), 'sick', null, '教职工'),
    ]
    const s = summarize(rows, '2026-12-01', '2026-12-03')
    expect(s.byDay).toEqual([
      { date: '2026-12-01', people: 2, days: 2 },
      { date: '2026-12-02', people: 2, days: 1 },
      { date: '2026-12-03', people: 0, days: 0 },
    ])
    expect(s.byClass).toEqual([
      { classId: 1, className: '三年级(1)班', requests: 2, days: 2 },
      { classId: null, className: '教职工', requests: 1, days: 1 },
    ])
    expect(s.byType).toEqual([
      { type: 'sick', label: '病假', requests: 2, days: 2.5 },
      { type: 'personal', label: '事假', requests: 1, days: 0.5 },
    ])
    expect(s.totals).toEqual({ requests: 3, days: 3 })
  })

  it('checks the range', () => {
    expect(errorOf(() => checkRange('2026-12-02', '2026-12-01')).message).toBe(LeaveMsg.END_BEFORE_START)
    expect(errorOf(() => checkRange('2026-01-01', '2027-01-02')).code).toBe(400)
    expect(() => checkRange('2026-01-01', '2026-12-31')).not.toThrow()
  })
})

describe('a doctor’s note', () => {
  const bytes = (...b: number[]) => new Uint8Array([...b, 0, 0, 0, 0, 0, 0, 0, 0])

  it('is known by its magic bytes', () => {
    expect(imageTypeOf(bytes(0xff, 0xd8, 0xff, 0xe0))).toBe('image/jpeg')
    expect(imageTypeOf(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a))).toBe('image/png')
    expect(imageTypeOf(new TextEncoder().encode('RIFF\u0000\u0000\u0000\u0000WEBPVP8 '))).toBe('image/webp')
  })

  it('refuses anything else, whatever it is called', () => {
    expect(imageTypeOf(new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull()
    expect(imageTypeOf(new TextEncoder().encode('GIF89a......'))).toBeNull()
    expect(imageTypeOf(new TextEncoder().encode('RIFF\u0000\u0000\u0000\u0000WAVEfmt '))).toBeNull()
    expect(imageTypeOf(new Uint8Array([0xff, 0xd8]))).toBeNull()
  })
})

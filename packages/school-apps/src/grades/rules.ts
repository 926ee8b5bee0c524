/**
 * The grades app's pure rules: reading a score as typed or as found in a sheet, the default pass and excellent
 * lines, per-subject statistics with the distribution bands, totals and ranks. Marks are kept in tenths (95.5 → 955)
 * so every sum and comparison is exact.
 */

export const ABSENT = '缺考'
/** What a teacher may type for 缺考. */
const ABSENT_WORDS = new Set([ABSENT, '缺', '缺席'])

export const EXAM_NAME_MAX = 30
export const SUBJECT_NAME_MAX = 20
export const SUBJECTS_MAX = 10
export const FULL_MARKS_MAX = 1000
/** Pass and excellent lines by default: 60 % and 85 % of full marks. */
const PASS_SHARE = 0.6
const EXCELLENT_SHARE = 0.85
/** The distribution chart's bands: 10 % of full marks each. */
export const BANDS = 10

export type ScoreCell = { kind: 'score'; tenths: number } | { kind: 'absent' } | { kind: 'empty' }
export type ScoreParse = ScoreCell | { kind: 'error'; reason: string }

export const toTenths = (marks: number): number => Math.round(marks * 10)
export const fromTenths = (tenths: number): number => tenths / 10
/** 95.5, 95 (never 95.0). */
export const formatTenths = (tenths: number): string => String(tenths / 10)

/**
 * A score as typed in the grid or read from a sheet cell: a number from 0 to full marks with at most one decimal,
 * 缺考, or nothing. `fullTenths` is the subject's full marks in tenths.
 */
export function parseScore(raw: unknown, fullTenths: number): ScoreParse {
  if (raw === null || raw === undefined) return { kind: 'empty' }
  let n: number
  if (typeof raw === 'number') {
    if (!Number.isFinite(raw)) return { kind: 'error', reason: '不是数字' }
    n = raw
  } else if (typeof raw === 'string') {
    const s = raw.trim()
    if (s === '') return { kind: 'empty' }
    if (ABSENT_WORDS.has(s)) return { kind: 'absent' }
    if (!/^[+-]?(\d+(\.\d*)?|\.\d+)$/.test(s)) return { kind: 'error', reason: '不是数字' }
    n = Number(s)
  } else {
    return { kind: 'error', reason: '不是数字' }
  }
  const full = formatTenths(fullTenths)
  if (n < 0 || n * 10 > fullTenths + 1e-9) return { kind: 'error', reason: `超出范围（应在 0–${full} 之间）` }
  const tenths = Math.round(n * 10)
  // 95.55 is not a tenth: refuse rather than round a teacher's entry silently.
  if (Math.abs(tenths - n * 10) > 1e-6) return { kind: 'error', reason: '最多保留一位小数' }
  return { kind: 'score', tenths }
}

/** The default pass and excellent lines of a subject, in tenths. */
export function defaultLines(fullMarks: number): { passTenths: number; excellentTenths: number } {
  return {
    passTenths: Math.round(fullMarks * 10 * PASS_SHARE),
    excellentTenths: Math.round(fullMarks * 10 * EXCELLENT_SHARE),
  }
}

/** Why a subject's lines are not usable, or null: 0 ≤ pass ≤ excellent ≤ full marks, one decimal at most. */
export function checkLines(fullTenths: number, passTenths: number, excellentTenths: number): string | null {
  if (!Number.isInteger(passTenths) || !Number.isInteger(excellentTenths)) return '及格线、优秀线最多保留一位小数'
  if (passTenths < 0 || passTenths > fullTenths) return '及格线应在 0 到满分之间'
  if (excellentTenths < passTenths || excellentTenths > fullTenths) return '优秀线应不低于及格线且不高于满分'
  return null
}

/** One student's entry of a subject: tenths, or null for 缺考. */
export type Entry = number | null

export interface SubjectStats {
  /** Students who sat the subject (a score entered). */
  sitters: number
  absent: number
  /** Marks, two decimals; null when nobody sat. */
  average: number | null
  highest: number | null
  lowest: number | null
  /** Percent of the sitters, one decimal; null when nobody sat. */
  passRate: number | null
  excellentRate: number | null
  /** Sitters per band of 10 % of full marks: [0, 10 %), [10 %, 20 %) … [90 %, 100 %]. */
  bands: number[]
}

const round = (x: number, digits: number) => {
  const f = 10 ** digits
  return Math.round(x * f) / f
}

/** The band of a score: 0..BANDS-1; full marks fall in the last band. */
export function bandOf(tenths: number, fullTenths: number): number {
  return Math.min(BANDS - 1, Math.floor((tenths * BANDS) / fullTenths))
}

/** Statistics of one subject over the entries of a group of students (a class, or the whole exam). */
export function subjectStats(
  entries: readonly Entry[],
  lines: { fullTenths: number; passTenths: number; excellentTenths: number },
): SubjectStats {
  const scores = entries.filter((e): e is number => e !== null)
  const bands = Array.from({ length: BANDS }, () => 0)
  for (const s of scores) bands[bandOf(s, lines.fullTenths)]!++
  const n = scores.length
  const rate = (k: number) => (n ? round((k * 100) / n, 1) : null)
  return {
    sitters: n,
    absent: entries.length - n,
    average: n ? round(scores.reduce((a, b) => a + b, 0) / n / 10, 2) : null,
    highest: n ? fromTenths(Math.max(...scores)) : null,
    lowest: n ? fromTenths(Math.min(...scores)) : null,
    passRate: rate(scores.filter((s) => s >= lines.passTenths).length),
    excellentRate: rate(scores.filter((s) => s >= lines.excellentTenths).length),
    bands,
  }
}

/** The label of band i, e.g. "60–70" (the last one "90–100" includes full marks). */
export function bandLabel(i: number, fullTenths: number): string {
  const at = (k: number) => formatTenths(Math.round((fullTenths * k) / BANDS))
  return `${at(i)}–${at(i + 1)}`
}

/** A student's total in tenths: the sum of the subjects sat; null when no subject has a score. */
export function totalOf(entries: readonly (Entry | undefined)[]): number | null {
  const scores = entries.filter((e): e is number => typeof e === 'number')
  return scores.length ? scores.reduce((a, b) => a + b, 0) : null
}

/**
 * Ranks by total, highest first, ties sharing a rank and the next rank skipping (1, 2, 2, 4). Students without a
 * total get no rank. Teachers only: never sent to students or guardians.
 */
export function ranksOf<K>(totals: ReadonlyMap<K, number | null>): Map<K, number> {
  const sorted = [...totals].filter((e): e is [K, number] => e[1] !== null).sort((a, b) => b[1] - a[1])
  const ranks = new Map<K, number>()
  sorted.forEach(([key, total], i) => {
    const prev = sorted[i - 1]
    ranks.set(key, prev && prev[1] === total ? ranks.get(prev[0])! : i + 1)
  })
  return ranks
}

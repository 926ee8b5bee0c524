import type { Trx } from '../../db/database.js'

/** What a section builder reads: the tenant's transaction and the calendar year audited. */
interface AuditInput {
  trx: Trx
  year: number
}

export interface AuditColumn {
  header: string
  key: string
  width?: number
}

/** One worksheet of the pack. */
export interface AuditSheet {
  name: string
  /** A line under the title: what the sheet counts and from where. */
  note?: string
  columns: AuditColumn[]
  rows: Record<string, string | number | null>[]
}

/** What a section adds: lines for the first sheet (概览) and sheets of its own. */
interface AuditPart {
  summary: [label: string, value: string | number][]
  sheets: AuditSheet[]
}

/** A section of the annual pack, registered under its key with `registerAuditSection`. Sections run in `order`. */
export interface AuditSection {
  key: string
  order: number
  build: (input: AuditInput) => Promise<AuditPart>
}

const sections = new Map<string, AuditSection>()

/** Adds a section, or replaces the one with the same key. */
export function registerAuditSection(s: AuditSection): void {
  sections.set(s.key, s)
}

export const auditSections = (): AuditSection[] => [...sections.values()].sort((a, b) => a.order - b.order)

import type { ImportKind } from '@zhixiao/shared'
import type { Trx } from '../../db/database.js'
import type { AppContext } from '../../platform/context.js'
import type { ReadRow, SheetColumn } from '../../platform/excel.js'

/**
 * How each kind of import turns sheet rows into people. `prepare` loads the lookups once per job (classes, the initial password's hash,
 * departments, dictionaries, numbers already taken); `write` handles one batch inside the batch's transaction
 * and returns the rows it rejected with their reasons.
 */
export interface JobInfo {
  id: number
  tenantId: number
  orgId: number
  createdBy: number
}
export interface Rejected {
  row: ReadRow
  reason: string
}
export interface KindRunner {
  write(trx: Trx, rows: ReadRow[]): Promise<Rejected[]>
}
export interface ImportKindDef {
  columns: SheetColumn[]
  /** Which org kinds may import it (students and parents belong to schools). */
  schoolOnly: boolean
  prepare(ctx: AppContext, trx: Trx, job: JobInfo): Promise<KindRunner>
}

/**
 * The kinds of import, each registered by the module whose rows it writes (people: teachers, students, parents;
 * roles: role users) when the app is built (app.ts), so the import jobs, their routes and runner import none of them.
 */
const KINDS = new Map<ImportKind, ImportKindDef>()

export function registerImportKinds(defs: Record<ImportKind, ImportKindDef>): void {
  for (const [kind, def] of Object.entries(defs)) KINDS.set(kind as ImportKind, def)
}

export function importKindDef(kind: ImportKind): ImportKindDef {
  const def = KINDS.get(kind)
  if (!def) throw new Error(`import kind ${kind} is not registered (app.ts registers every kind)`)
  return def
}

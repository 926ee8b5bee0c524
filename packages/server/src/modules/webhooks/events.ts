import type { WebhookEvent } from '@zhixiao/shared'

/** A row of the change feed (directory_change), as the fan-out reads it. */
export interface FeedRow {
  tenant_id: number
  seq: number
  entity: string
  entity_id: number
  action: 'insert' | 'update' | 'delete'
  org_id: number | null
  at: Date
}

/** What the fan-out read of the people and guardians behind a batch (keyed `${tenant}:${id}`). */
export interface FeedState {
  people: Map<string, { archived: boolean; user_type: number; org_id: number }>
  guardians: Map<string, { parent_id: number; relation: string }[]>
}

/**
 * One event of the batch before it is addressed to an app: `person` / `child` / `guardians` carry user_info ids,
 * which each app receives as its own subject ids.
 */
export interface HubEvent {
  tenantId: number
  event: WebhookEvent
  /** The entity key that folds repeats of one change in a batch (one statement may write a row several times). */
  key: string
  at: Date
  person?: { id: number; userType: number | null; orgId: number | null }
  child?: number
  guardians?: { id: number; relation: string }[]
  plain?: Record<string, string | number | null>
  /** A person.added that a change of the same batch folded into: an app that hears only changes gets it as one. */
  changedToo?: boolean
}

export const stateKey = (tenantId: number, id: number) => `${tenantId}:${id}`

/**
 * The event a change stands for. The feed records only (entity, id, action), so a person's update reads the row as it
 * is now: archived → person.archived, otherwise person.changed; a row gone since has its own delete in the feed.
 * Grades and class teachers are class changes; a teacher's subjects (keyed by the teacher) are a change of that
 * person; a guardian row is keyed by the child.
 */
function eventOf(c: FeedRow, s: FeedState): HubEvent | null {
  const base = { tenantId: c.tenant_id, at: c.at }
  switch (c.entity) {
    case 'person': {
      const p = s.people.get(stateKey(c.tenant_id, c.entity_id))
      if (c.action === 'delete' || (c.action === 'update' && p?.archived)) {
        const person = { id: c.entity_id, userType: p?.user_type ?? null, orgId: p?.org_id ?? c.org_id }
        return { ...base, event: 'person.archived', key: `p${c.entity_id}`, person }
      }
      if (!p) return null
      const person = { id: c.entity_id, userType: p.user_type, orgId: p.org_id }
      const event = c.action === 'insert' ? 'person.added' : 'person.changed'
      return { ...base, event, key: `p${c.entity_id}`, person }
    }
    case 'teacher_subject': {
      // The subjects a teacher teaches in a class changed (keyed by the teacher): the teacher's directory row changed.
      const p = s.people.get(stateKey(c.tenant_id, c.entity_id))
      if (!p || p.archived) return null
      const person = { id: c.entity_id, userType: p.user_type, orgId: p.org_id }
      return { ...base, event: 'person.changed', key: `p${c.entity_id}`, person }
    }
    case 'guardian': {
      const guardians = (s.guardians.get(stateKey(c.tenant_id, c.entity_id)) ?? []).map((g) => ({
        id: g.parent_id,
        relation: g.relation,
      }))
      const event = c.action === 'delete' ? 'guardian.unbound' : 'guardian.bound'
      return { ...base, event, key: `g${c.entity_id}`, child: c.entity_id, guardians }
    }
    case 'class':
    case 'class_teacher':
      return {
        ...base,
        event: 'class.changed',
        key: `c${c.entity_id}`,
        plain: { class_id: c.entity_id, org_id: c.org_id, change: c.entity === 'class' ? c.action : 'teachers' },
      }
    case 'grade':
      return {
        ...base,
        event: 'class.changed',
        key: `gr${c.entity_id}`,
        plain: { grade_id: c.entity_id, org_id: c.org_id, change: c.action },
      }
    case 'org':
      return { ...base, event: 'org.changed', key: `o${c.entity_id}`, plain: { org_id: c.entity_id, change: c.action } }
    default:
      return null
  }
}

/**
 * The events of a batch, one per (tenant, event, entity): repeats fold into the latest, and a person added in the
 * batch is not also reported changed (the add carries the state the app then reads) — except to an app that
 * subscribed to changes but not to adds, which gets that add as a change (dispatch.ts eventFor), never nothing.
 */
export function eventsOf(rows: FeedRow[], s: FeedState): HubEvent[] {
  const byKey = new Map<string, HubEvent>()
  for (const c of rows) {
    const e = eventOf(c, s)
    if (!e) continue
    const k = `${e.tenantId}|${e.event}|${e.key}`
    byKey.delete(k) // keep the order of the latest occurrence
    byKey.set(k, e)
  }
  const added = new Map(
    [...byKey.values()].filter((e) => e.event === 'person.added').map((e) => [`${e.tenantId}|${e.key}`, e]),
  )
  return [...byKey.values()].filter((e) => {
    const add = e.event === 'person.changed' ? added.get(`${e.tenantId}|${e.key}`) : undefined
    if (add) add.changedToo = true
    return !add
  })
}

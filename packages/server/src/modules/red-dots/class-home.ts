import { orderedClassBlocks, UserType, type ClassHomeClass, type ClassHomeView } from '@zhixiao/shared'
import type { Trx } from '../../db/database.js'
import type { AppContext, AuthInfo } from '../../platform/context.js'
import { APP_COLUMNS, appsInView } from '../apps/registry-queries.js'
import { offerable, viewerOf } from '../apps/registry.js'
// class_teacher is declared with the campus module's tables (campus/tables.ts augments db/schema's Database for the
// whole program); importing that file here would tie red-dots and campus into a loop (campus -> cms -> red-dots).
import { resolveNamed } from '../portal-config/named-config.js'
import { classHomeCfg } from './configs.js'

type Rel = ClassHomeClass['relation']

/** The classes a member belongs to: a student's own, a parent's children's, a teacher's (head teacher first). */
async function classesOf(trx: Trx, auth: AuthInfo): Promise<{ classId: number; relation: Rel }[]> {
  const me = await trx
    .selectFrom('user_info')
    .select(['user_type', 'class_id'])
    .where('id', '=', auth.userInfoId)
    .executeTakeFirstOrThrow()
  if (me.user_type === UserType.STUDENT)
    return me.class_id ? [{ classId: Number(me.class_id), relation: 'student' }] : []
  if (me.user_type === UserType.PARENT) {
    const kids = await trx
      .selectFrom('parent_child as pc')
      .innerJoin('user_info as c', (j) => j.onRef('c.tenant_id', '=', 'pc.tenant_id').onRef('c.id', '=', 'pc.child_id'))
      .select('c.class_id')
      .where('pc.parent_id', '=', auth.userInfoId)
      .where('c.class_id', 'is not', null)
      .where('c.archived', '=', false)
      .execute()
    return [...new Set(kids.map((k) => Number(k.class_id)))].map((classId) => ({ classId, relation: 'child' as const }))
  }
  const taught = await trx
    .selectFrom('class_teacher')
    .select(['class_id', 'is_head'])
    .where('user_info_id', '=', auth.userInfoId)
    .orderBy('is_head', 'desc')
    .orderBy('class_id')
    .execute()
  return taught.map((t) => ({ classId: Number(t.class_id), relation: t.is_head ? 'head' : 'teacher' }))
}

/**
 * GET /base/api/classHome/view: the class home of the signed-in member: ClassHomeConfig of their org (with its
 * inheritance) and, for each of their classes, what the enabled blocks need. The head teacher's phone goes out only
 * when the config shows it; the apps are those the member is offered.
 */
export function classHomeView(ctx: AppContext, auth: AuthInfo): Promise<ClassHomeView> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const got = await resolveNamed(trx, classHomeCfg, auth.orgId)
    const cfg = { ...got.value, blocks: orderedClassBlocks(got.value) }
    const on = new Set(cfg.blocks.filter((b) => b.enabled).map((b) => b.key))
    const mine = await classesOf(trx, auth)
    const ids = mine.map((c) => c.classId)
    const rows = ids.length
      ? await trx
          .selectFrom('school_class as c')
          .innerJoin('org_unit as o', (j) => j.onRef('o.tenant_id', '=', 'c.tenant_id').onRef('o.id', '=', 'c.org_id'))
          .leftJoin('grade as g', (j) => j.onRef('g.tenant_id', '=', 'c.tenant_id').onRef('g.id', '=', 'c.grade_id'))
          .select(['c.id', 'c.name', 'g.name as grade_name', 'o.name as org_name'])
          .where('c.id', 'in', ids)
          .where('c.archived', '=', false)
          .execute()
      : []
    const counts =
      ids.length && on.has('classInfo') && cfg.showStudentCount
        ? await trx
            .selectFrom('user_info')
            .select(['class_id', (eb) => eb.fn.countAll<string>().as('n')])
            .where('class_id', 'in', ids)
            .where('user_type', '=', UserType.STUDENT)
            .where('archived', '=', false)
            .groupBy('class_id')
            .execute()
        : []
    const heads =
      ids.length && on.has('headTeacher')
        ? await trx
            .selectFrom('class_teacher as t')
            .innerJoin('user_info as u', (j) =>
              j.onRef('u.tenant_id', '=', 't.tenant_id').onRef('u.id', '=', 't.user_info_id'),
            )
            .select(['t.class_id', 'u.true_name', 'u.phone'])
            .where('t.class_id', 'in', ids)
            .where('t.is_head', '=', true)
            .execute()
        : []
    const classes: ClassHomeClass[] = mine.flatMap((m) => {
      const c = rows.find((r) => Number(r.id) === m.classId)
      if (!c) return []
      const head = heads.find((h) => Number(h.class_id) === m.classId)
      const n = counts.find((x) => Number(x.class_id) === m.classId)
      return [
        {
          classId: m.classId,
          className: c.name,
          gradeName: c.grade_name ?? null,
          orgName: c.org_name,
          relation: m.relation,
          studentCount: on.has('classInfo') && cfg.showStudentCount ? Number(n?.n ?? 0) : null,
          headTeacher: head ? { name: head.true_name, phone: cfg.showHeadTeacherPhone ? head.phone : null } : null,
        },
      ]
    })
    const wanted = [...(on.has('timetable') ? [cfg.timetableApp] : []), ...(on.has('classApps') ? cfg.classApps : [])]
    const v = await viewerOf(trx, auth, ctx.clock.now())
    const apps = wanted.length
      ? (await appsInView(trx, v).select(APP_COLUMNS).where('app.unique_id', 'in', wanted).execute()).filter((a) =>
          offerable(v, a),
        )
      : []
    const pick = (key: string) => {
      const a = apps.find((x) => x.unique_id === key)
      return a ? { uniqueId: a.unique_id, name: a.name, appId: a.id } : null
    }
    return {
      config: { ...cfg, orgId: got.orgId, source: got.source },
      classes,
      timetable: on.has('timetable') ? pick(cfg.timetableApp) : null,
      apps: on.has('classApps') ? cfg.classApps.flatMap((k) => pick(k) ?? []) : [],
    }
  })
}

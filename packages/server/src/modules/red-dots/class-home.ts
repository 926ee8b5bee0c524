import { orderedClassBlocks, UserType, type ClassHomeClass, type ClassHomeView } from '@zhixiao/shared'
import type { Trx } from '../../db/database.js'
import type { AppContext, AuthInfo } from '../../platform/context.js'
import { offerable, viewerOf } from '../apps/registry.js'
import { resolveNamed } from '../portal-config/named-config.js'
import {
  childrenClassIds,
  countStudentsByClass,
  findUserTypeAndClass,
  listClassesWithNames,
  listHeadTeachers,
  taughtClasses,
} from './class-home-queries.js'
import { classHomeCfg } from './configs.js'
import { appsInViewByKeys } from './queries.js'

type Rel = ClassHomeClass['relation']

/** The classes a member belongs to: a student's own, a parent's children's, a teacher's (head teacher first). */
async function classesOf(trx: Trx, auth: AuthInfo): Promise<{ classId: number; relation: Rel }[]> {
  const me = await findUserTypeAndClass(trx, auth.userInfoId)
  if (me.user_type === UserType.STUDENT)
    return me.class_id ? [{ classId: Number(me.class_id), relation: 'student' }] : []
  if (me.user_type === UserType.PARENT) {
    const kids = await childrenClassIds(trx, auth.userInfoId)
    return [...new Set(kids.map((k) => Number(k.class_id)))].map((classId) => ({ classId, relation: 'child' as const }))
  }
  const taught = await taughtClasses(trx, auth.userInfoId)
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
    const rows = ids.length ? await listClassesWithNames(trx, ids) : []
    const counts = ids.length && on.has('classInfo') && cfg.showStudentCount ? await countStudentsByClass(trx, ids) : []
    const heads = ids.length && on.has('headTeacher') ? await listHeadTeachers(trx, ids) : []
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
    const apps = wanted.length ? (await appsInViewByKeys(trx, v, wanted)).filter((a) => offerable(v, a)) : []
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

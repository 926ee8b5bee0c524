import { calendarContracts as C, holidayContracts as H, studyMonthContracts as M } from '@zhixiao/shared'
import type { AppContext } from '../../platform/context.js'
import { handle } from '../../platform/contract-routes.js'
import { statusAndDeleteHandlers } from '../../platform/crud-routes.js'
import { ok } from '../../platform/envelope.js'
import * as svc from './calendar-service.js'

/** /base/api/schoolCalendar (calendarSet). */
export const calendarRoutes = (ctx: AppContext) => [
  handle(C.page, async (req) => ok(await svc.pageCalendars(ctx, req.auth!, req.body))),
  handle(C.add, async (req) => ok(await svc.addCalendar(ctx, req.auth!, req.body), '新增成功')),
  handle(C.update, async (req) => {
    await svc.updateCalendar(ctx, req.auth!, req.body.id, req.body)
    return ok(null, '编辑成功')
  }),
  ...statusAndDeleteHandlers(C, {
    setStatus: (a, id, s) => svc.setCalendarStatus(ctx, a, id, s),
    remove: (a, id) => svc.deleteCalendar(ctx, a, id),
  }),
]

/** /base/api/holiday (holidaySet, addHoliday). */
export const holidayRoutes = (ctx: AppContext) => [
  handle(H.page, async (req) => ok(await svc.pageHolidays(ctx, req.auth!, req.body))),
  handle(H.add, async (req) => ok(await svc.addHoliday(ctx, req.auth!, req.body), '新增成功')),
  handle(H.update, async (req) => {
    await svc.updateHoliday(ctx, req.auth!, req.body.id, req.body)
    return ok(null, '编辑成功')
  }),
  ...statusAndDeleteHandlers(H, {
    setStatus: (a, id, s) => svc.setHolidayStatus(ctx, a, id, s),
    remove: (a, id) => svc.deleteHoliday(ctx, a, id),
  }),
]

/** /base/api/studyMonth (studyMonthSet). */
export const studyMonthRoutes = (ctx: AppContext) => [
  handle(M.list, async (req) => ok(await svc.listStudyMonths(ctx, req.auth!, req.query.calendarId))),
  handle(M.add, async (req) => ok(await svc.saveStudyMonth(ctx, req.auth!, req.body), '新增成功')),
  handle(M.update, async (req) => {
    await svc.saveStudyMonth(ctx, req.auth!, req.body, req.body.id)
    return ok(null, '编辑成功')
  }),
  handle(M.delete, async (req) => {
    await svc.deleteStudyMonth(ctx, req.auth!, req.body.id)
    return ok(null, '删除成功')
  }),
]

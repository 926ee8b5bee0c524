import { calendarAddBody, calendarPageBody, calendarRow, envelopeSchema, holidayAddBody, holidayPageBody, holidayRow, pageOf, studyMonthBody, studyMonthRow, zId } from '@zhixiao/shared'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { AppContext } from '../../platform/context.js'
import { statusAndDeleteRoutes } from '../../platform/crud-routes.js'
import { ok } from '../../platform/envelope.js'
import * as svc from './calendar-service.js'

const id = z.object({ id: zId() })
const config = { permission: 'base_school' }

/** /base/api/schoolCalendar (calendarSet). */
export function calendarRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>()
    const tags = ['schoolCalendar']
    r.post('/page', { config, schema: { tags, summary: '校历分页', body: calendarPageBody, response: { 200: envelopeSchema(pageOf(calendarRow)) } } },
      async (req) => ok(await svc.pageCalendars(ctx, req.auth!, req.body)))
    r.post('/add', { config, schema: { tags, summary: '新增学期', body: calendarAddBody, response: { 200: envelopeSchema(z.number()) } } },
      async (req) => ok(await svc.addCalendar(ctx, req.auth!, req.body), '新增成功'))
    r.post('/update', { config, schema: { tags, summary: '编辑学期', body: calendarAddBody.and(id) } },
      async (req) => { await svc.updateCalendar(ctx, req.auth!, req.body.id, req.body); return ok(null, '编辑成功') })
    statusAndDeleteRoutes(app, { tags, config, noun: '学期', deleteNote: '（无节假日时）', setStatus: (a, id, s) => svc.setCalendarStatus(ctx, a, id, s), remove: (a, id) => svc.deleteCalendar(ctx, a, id) })
  }
}

/** /base/api/holiday (holidaySet, addHoliday). */
export function holidayRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>()
    const tags = ['holiday']
    r.post('/page', { config, schema: { tags, summary: '节假日分页', body: holidayPageBody, response: { 200: envelopeSchema(pageOf(holidayRow)) } } },
      async (req) => ok(await svc.pageHolidays(ctx, req.auth!, req.body)))
    r.post('/add', { config, schema: { tags, summary: '新增节假日或调休上班日', body: holidayAddBody, response: { 200: envelopeSchema(z.number()) } } },
      async (req) => ok(await svc.addHoliday(ctx, req.auth!, req.body), '新增成功'))
    r.post('/update', { config, schema: { tags, summary: '编辑节假日', body: holidayAddBody.and(id) } },
      async (req) => { await svc.updateHoliday(ctx, req.auth!, req.body.id, req.body); return ok(null, '编辑成功') })
    statusAndDeleteRoutes(app, { tags, config, noun: '节假日', setStatus: (a, id, s) => svc.setHolidayStatus(ctx, a, id, s), remove: (a, id) => svc.deleteHoliday(ctx, a, id) })
  }
}

/** /base/api/studyMonth (studyMonthSet). */
export function studyMonthRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>()
    const tags = ['studyMonth']
    r.get('/list', { config, schema: { tags, summary: '学期的学月', querystring: z.object({ calendarId: zId() }), response: { 200: envelopeSchema(z.array(studyMonthRow)) } } },
      async (req) => ok(await svc.listStudyMonths(ctx, req.auth!, req.query.calendarId)))
    r.post('/add', { config, schema: { tags, summary: '新增学月（学期内、不重叠）', body: studyMonthBody, response: { 200: envelopeSchema(z.number()) } } },
      async (req) => ok(await svc.saveStudyMonth(ctx, req.auth!, req.body), '新增成功'))
    r.post('/update', { config, schema: { tags, summary: '编辑学月（学期内、不与其他学月重叠）', body: studyMonthBody.and(id) } },
      async (req) => { await svc.saveStudyMonth(ctx, req.auth!, req.body, req.body.id); return ok(null, '编辑成功') })
    r.post('/delete', { config, schema: { tags, summary: '删除学月', body: id } },
      async (req) => { await svc.deleteStudyMonth(ctx, req.auth!, req.body.id); return ok(null, '删除成功') })
  }
}

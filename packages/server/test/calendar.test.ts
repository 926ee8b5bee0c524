import { CalendarMsg, ErrorCode } from '@zhixiao/shared'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { call, createTestApp, makeWorld, staffOf, type TestApp, type World } from './helpers.js'

let t: TestApp
let w: World
let schoolAdmin: string
let school2Admin: string
let teacher: string
const K = '/base/api/schoolCalendar'
const H = '/base/api/holiday'

beforeAll(async () => {
  t = await createTestApp()
  w = await makeWorld(t)
  ;({ schoolAdmin, school2Admin, teacher } = await staffOf(t, w))
})
afterAll(() => t.close())

describe('school calendar and holidays', () => {
  it('adds a term with a default name, marks the current one, and refuses overlaps and duplicates', async () => {
    const a = await call(t, {
      url: `${K}/add`,
      token: schoolAdmin,
      body: { schoolYear: '2026-2027', term: 1, startDate: '2026-09-01', endDate: '2027-01-20' },
    })
    expect(a.code).toBe(0)
    const page = await call(t, { url: `${K}/page`, token: schoolAdmin, body: {} })
    // The test clock stands at 2026-11-01.
    expect(page.data.list).toEqual([
      expect.objectContaining({
        id: a.data,
        name: '2026-2027学年第一学期',
        startDate: '2026-09-01',
        endDate: '2027-01-20',
        isCurrent: true,
      }),
    ])
    expect(
      await call(t, {
        url: `${K}/add`,
        token: schoolAdmin,
        body: { schoolYear: '2026-2027', term: 2, startDate: '2027-01-10', endDate: '2027-07-01' },
      }),
    ).toMatchObject({ code: ErrorCode.CONFLICT, msg: CalendarMsg.OVERLAP })
    expect(
      await call(t, {
        url: `${K}/add`,
        token: schoolAdmin,
        body: { schoolYear: '2026-2027', term: 1, startDate: '2027-09-01', endDate: '2028-01-20' },
      }),
    ).toMatchObject({ msg: CalendarMsg.TERM_TAKEN })
    expect(
      await call(t, {
        url: `${K}/add`,
        token: schoolAdmin,
        body: { schoolYear: '2027-2028', term: 1, startDate: '2027-09-01', endDate: '2027-08-01' },
      }),
    ).toMatchObject({ status: 400, msg: '结束日期不能早于开始日期' })
  })

  it('a holiday ending before it starts, or outside its term, is refused and nothing is written', async () => {
    const term = (
      await call(t, {
        url: `${K}/add`,
        token: school2Admin,
        body: { schoolYear: '2026-2027', term: 1, startDate: '2026-09-01', endDate: '2027-01-20' },
      })
    ).data
    const backwards = await call(t, {
      url: `${H}/add`,
      token: school2Admin,
      body: { calendarId: term, name: '国庆节', startDate: '2026-10-07', endDate: '2026-10-01' },
    })
    expect(backwards).toMatchObject({ status: 400, code: 400, msg: '节假日结束日期不能早于开始日期' })
    const outside = await call(t, {
      url: `${H}/add`,
      token: school2Admin,
      body: { calendarId: term, name: '暑假', startDate: '2027-07-10', endDate: '2027-08-31' },
    })
    expect(outside).toMatchObject({ msg: CalendarMsg.OUTSIDE_TERM })
    expect((await call(t, { url: `${H}/page`, token: school2Admin, body: {} })).data.total).toBe(0)

    const ok = await call(t, {
      url: `${H}/add`,
      token: school2Admin,
      body: { calendarId: term, name: '国庆节', startDate: '2026-10-01', endDate: '2026-10-07' },
    })
    expect(ok.code).toBe(0)
    await call(t, {
      url: `${H}/add`,
      token: school2Admin,
      body: { calendarId: term, name: '国庆调休', kind: 'workday', startDate: '2026-10-10', endDate: '2026-10-10' },
    })
    const list = await call(t, { url: `${H}/page`, token: school2Admin, body: { calendarId: term } })
    expect(list.data.list.map((h: { name: string; kind: string }) => `${h.name}:${h.kind}`)).toEqual([
      '国庆节:holiday',
      '国庆调休:workday',
    ])
    expect(await call(t, { url: `${K}/delete`, token: school2Admin, body: { id: term } })).toMatchObject({
      msg: CalendarMsg.HAS_HOLIDAYS,
    })
    // Shrinking the term so a holiday falls out is refused too.
    expect(
      await call(t, {
        url: `${K}/update`,
        token: school2Admin,
        body: { id: term, schoolYear: '2026-2027', term: 1, startDate: '2026-10-05', endDate: '2027-01-20' },
      }),
    ).toMatchObject({ msg: CalendarMsg.OUTSIDE_TERM })
  })

  it('scope and permission: another school sees 404, a teacher 403', async () => {
    const term = (await call(t, { url: `${K}/page`, token: schoolAdmin, body: {} })).data.list[0].id
    expect(
      (
        await call(t, {
          url: `${H}/add`,
          token: school2Admin,
          body: { calendarId: term, name: 'x', startDate: '2026-10-01', endDate: '2026-10-02' },
        })
      ).status,
    ).toBe(404)
    expect((await call(t, { url: `${K}/delete`, token: school2Admin, body: { id: term } })).status).toBe(404)
    expect((await call(t, { url: `${K}/page`, token: teacher, body: {} })).status).toBe(403)
  })
})

describe('study months', () => {
  it('months sit inside their term without overlapping', async () => {
    const term = (await call(t, { url: `${K}/page`, token: schoolAdmin, body: {} })).data.list[0].id
    const sm = '/base/api/studyMonth'
    expect(
      (
        await call(t, {
          url: `${sm}/add`,
          token: schoolAdmin,
          body: { calendarId: term, name: '九月', startDate: '2026-09-01', endDate: '2026-09-30' },
        })
      ).code,
    ).toBe(0)
    expect(
      await call(t, {
        url: `${sm}/add`,
        token: schoolAdmin,
        body: { calendarId: term, name: '重叠', startDate: '2026-09-20', endDate: '2026-10-20' },
      }),
    ).toMatchObject({ msg: '与已有学月时间重叠' })
    expect(
      await call(t, {
        url: `${sm}/add`,
        token: schoolAdmin,
        body: { calendarId: term, name: '暑期', startDate: '2027-07-01', endDate: '2027-07-31' },
      }),
    ).toMatchObject({ msg: '学月须在所选学期之内' })
    expect(
      (await call(t, { url: `${sm}/list?calendarId=${term}`, token: schoolAdmin })).data.map(
        (m: { name: string }) => m.name,
      ),
    ).toEqual(['九月'])
    expect((await call(t, { url: `${sm}/list?calendarId=${term}`, token: school2Admin })).status).toBe(404)
    // Editing checks the same rules against the other months only.
    const months = (await call(t, { url: `${sm}/list?calendarId=${term}`, token: schoolAdmin })).data
    const sept = months[0].id
    await call(t, {
      url: `${sm}/add`,
      token: schoolAdmin,
      body: { calendarId: term, name: '十月', startDate: '2026-10-01', endDate: '2026-10-31' },
    })
    expect(
      (
        await call(t, {
          url: `${sm}/update`,
          token: schoolAdmin,
          body: { id: sept, calendarId: term, name: '九月份', startDate: '2026-09-01', endDate: '2026-09-29' },
        })
      ).msg,
    ).toBe('编辑成功')
    expect(
      await call(t, {
        url: `${sm}/update`,
        token: schoolAdmin,
        body: { id: sept, calendarId: term, name: '九月份', startDate: '2026-09-01', endDate: '2026-10-05' },
      }),
    ).toMatchObject({ msg: '与已有学月时间重叠' })
    expect(
      (
        await call(t, {
          url: `${sm}/update`,
          token: school2Admin,
          body: { id: sept, calendarId: term, name: 'x', startDate: '2026-09-01', endDate: '2026-09-02' },
        })
      ).status,
    ).toBe(404)
    expect(
      (await call(t, { url: `${sm}/list?calendarId=${term}`, token: schoolAdmin })).data.map(
        (m: { name: string; endDate: string }) => `${m.name}${m.endDate}`,
      ),
    ).toEqual(['九月份2026-09-29', '十月2026-10-31'])
  })
})

import { ErrorCode, WorkRestMsg } from '@zhixiao/shared'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { call, createTestApp, makeWorld, staffOf, type Staff, type TestApp } from './helpers.js'

let t: TestApp
let s: Staff
beforeAll(async () => {
  t = await createTestApp()
  s = await staffOf(t, await makeWorld(t))
})
afterAll(() => t.close())

describe('work-and-rest schedules', () => {
  it('a schedule with lesson and break slots; overlapping or backwards slots are refused', async () => {
    const id = (
      await call(t, {
        url: '/base/api/workRest/add',
        token: s.schoolAdmin,
        body: { name: '冬季作息', typeName: '冬季', startDate: '2026-10-01', endDate: '2027-04-30' },
      })
    ).data
    for (const [name, kind, startTime, endTime] of [
      ['第一节', 'lesson', '08:00', '08:40'],
      ['大课间', 'break', '08:40', '09:10'],
      ['第二节', 'lesson', '09:10', '09:50'],
    ]) {
      expect(
        (
          await call(t, {
            url: '/base/api/workRestTime/add',
            token: s.schoolAdmin,
            body: { workRestId: id, name, kind, startTime, endTime },
          })
        ).code,
      ).toBe(0)
    }
    expect(
      await call(t, {
        url: '/base/api/workRestTime/add',
        token: s.schoolAdmin,
        body: { workRestId: id, name: '插入', startTime: '08:30', endTime: '08:50' },
      }),
    ).toMatchObject({ code: ErrorCode.CONFLICT, msg: WorkRestMsg.OVERLAP })
    expect(
      await call(t, {
        url: '/base/api/workRestTime/add',
        token: s.schoolAdmin,
        body: { workRestId: id, name: '倒置', startTime: '11:00', endTime: '10:00' },
      }),
    ).toMatchObject({ status: 400, msg: '结束时间须晚于开始时间' })
    const slots = await call(t, { url: `/base/api/workRestTime/list?workRestId=${id}`, token: s.schoolAdmin })
    expect(slots.data.map((x: { name: string }) => x.name)).toEqual(['第一节', '大课间', '第二节'])
    const page = await call(t, { url: '/base/api/workRest/page', token: s.schoolAdmin, body: {} })
    expect(page.data.list).toEqual([
      expect.objectContaining({ id, name: '冬季作息', slotCount: 3, startDate: '2026-10-01' }),
    ])
    expect((await call(t, { url: '/base/api/workRestTime/list?workRestId=' + id, token: s.school2Admin })).status).toBe(
      404,
    )
    expect((await call(t, { url: '/base/api/workRest/page', token: s.teacher, body: {} })).status).toBe(403)
    // Edits: the schedule's dates, and a slot moved without clashing with the others (its own old time does not count).
    expect(
      (
        await call(t, {
          url: '/base/api/workRest/update',
          token: s.schoolAdmin,
          body: { id, name: '冬季作息（新）', typeName: '冬季', startDate: '2026-10-08', endDate: '2027-04-30' },
        })
      ).msg,
    ).toBe('编辑成功')
    const first = slots.data[0].id
    expect(
      (
        await call(t, {
          url: '/base/api/workRestTime/update',
          token: s.schoolAdmin,
          body: { id: first, workRestId: id, name: '第一节', kind: 'lesson', startTime: '07:55', endTime: '08:35' },
        })
      ).msg,
    ).toBe('编辑成功')
    expect(
      await call(t, {
        url: '/base/api/workRestTime/update',
        token: s.schoolAdmin,
        body: { id: first, workRestId: id, name: '第一节', kind: 'lesson', startTime: '08:00', endTime: '08:45' },
      }),
    ).toMatchObject({ msg: WorkRestMsg.OVERLAP })
    expect(
      (
        await call(t, {
          url: '/base/api/workRest/update',
          token: s.school2Admin,
          body: { id, name: 'x', startDate: '2026-10-08', endDate: '2027-04-30' },
        })
      ).status,
    ).toBe(404)
    const after = await call(t, { url: '/base/api/workRest/page', token: s.schoolAdmin, body: {} })
    expect(after.data.list[0]).toMatchObject({ name: '冬季作息（新）', startDate: '2026-10-08' })
    expect((await call(t, { url: '/base/api/workRest/delete', token: s.schoolAdmin, body: { id } })).msg).toBe(
      '删除成功',
    )
  })
})

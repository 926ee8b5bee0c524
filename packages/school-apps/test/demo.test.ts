import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AppContext, SchoolApp, Viewer } from '../src/kit/types.js'
import { startDemo, type Demo } from './harness.js'

/**
 * The demo district as the apps see it (what the leave and grades apps' demo data and journeys rely on): 张老师
 * heads 三年级(2)班 of 第一实验小学, 王小明 is in it, 刘女士 (xiaomingmama) is his parent, 孙校长 (xxadmin) is an
 * app admin. Also: the kit seeds an app's demo once, after the first sync.
 */
let demo: Demo
const seeded: string[] = []
let seedSawClasses = 0

const probe: SchoolApp = {
  key: 'probe',
  title: '测试应用',
  migrations: [],
  routes: () => {},
  async seedDemo(ctx: AppContext) {
    seeded.push(ctx.key)
    const people = await ctx.db.query<{ n: number }>("SELECT count(*)::int AS n FROM dir_class WHERE app_key = 'probe'")
    seedSawClasses = people[0]!.n
  },
}

/** A demo seed that fails the first time after writing: nothing of it may stay, and the next sync seeds again. */
let flakyTries = 0
const flaky: SchoolApp = {
  key: 'flaky',
  title: '不稳定应用',
  migrations: [{ id: '202611270900_flaky_row', sql: 'CREATE TABLE flaky_row (n int)' }],
  routes: () => {},
  async seedDemo(ctx) {
    flakyTries++
    await ctx.db.query('INSERT INTO flaky_row VALUES ($1)', [flakyTries])
    if (flakyTries === 1) throw new Error('the first try fails')
  },
}

beforeAll(async () => {
  demo = await startDemo([probe, flaky])
}, 180_000)

afterAll(async () => {
  await demo?.close()
})

const me = async (userName: string) => (await (await demo.signInAs('probe', userName)).api<Viewer>('probe', '/me')).data

describe('the demo district in the apps', () => {
  it('seeded the demo once, after the first directory sync', async () => {
    expect(seeded).toEqual(['probe'])
    expect(seedSawClasses).toBeGreaterThan(0)
    await demo.running.apps.probe!.syncNow()
    expect(seeded).toEqual(['probe'])
  })

  it('leaves nothing of a failed seed and seeds again at the next sync, once', async () => {
    const rows = () => demo.running.db.query<{ n: number }>('SELECT n FROM flaky_row')
    expect(flakyTries).toBe(1)
    expect(await rows()).toEqual([])
    await demo.running.apps.flaky!.syncNow()
    await demo.running.apps.flaky!.syncNow()
    expect(await rows()).toEqual([{ n: 2 }])
  })

  it('张老师 heads 三年级(2)班, where 王小明 is; 刘女士 is his parent; 孙校长 is an app admin', async () => {
    const dir = demo.running.apps.probe!.directory
    const zhang = await me('zhanglaoshi')
    expect(zhang).toMatchObject({ name: '张老师', userType: 'staff', isAdmin: false })
    const taught = await dir.classesTaughtBy(zhang.sub)
    const headed = await Promise.all(taught.filter((c) => c.isHead).map((c) => dir.classOf(c.classId)))
    const class32 = headed.find((c) => c?.label === '三年级(2)班')
    expect(class32, JSON.stringify(headed)).toBeTruthy()
    expect(class32!.headTeacher).toBe(zhang.sub)
    const students = await dir.studentsOf(class32!.id)
    const xiaoming = students.find((s) => s.name === '王小明')
    expect(xiaoming).toBeTruthy()

    const mama = await me('xiaomingmama')
    expect(mama).toMatchObject({ userType: 'guardian', children: [{ sub: xiaoming!.sub, name: '王小明' }] })
    expect(await dir.guardiansOf(xiaoming!.sub)).toContain(mama.sub)

    const student = await me('xiaoming')
    expect(student).toMatchObject({ userType: 'student', sub: xiaoming!.sub, classIds: [class32!.id] })

    const principal = await me('xxadmin')
    // The admin role reaches the apps with the hub's zx:roles scope.
    expect(principal.roles).toContain('admin')
    expect(principal.isAdmin).toBe(true)
    expect(zhang.roles).not.toContain('admin')
  })

  it('lists the district: the bureau and its schools, each school under the bureau; every class of 第一实验小学 has a 班主任', async () => {
    const dir = demo.running.apps.probe!.directory
    const schools = await dir.schools()
    const bureau = schools.find((s) => s.name === '示范区教育局')
    const primary = schools.find((s) => s.name === '示范区第一实验小学')
    expect(bureau, JSON.stringify(schools)).toBeTruthy()
    expect(primary?.parentId).toBe(bureau!.id)
    const classes = await dir.classesOf(primary!.id)
    expect(classes.length).toBe(14)
    expect(classes.filter((c) => !c.headTeacher).map((c) => c.label)).toEqual([])
  })
})

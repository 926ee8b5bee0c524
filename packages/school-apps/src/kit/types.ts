/**
 * The contract between the school apps' shared plumbing (src/kit) and each app (src/leave, src/grades). An app is a
 * vendor's app of the district: it knows Zhixiao only through OpenID Connect (who is signed in), the directory API
 * (mirrored into its own tables, kept fresh by webhooks and deltas) and the hub's open calls (messages, badges).
 * Nothing here imports the portal's server (a dependency-cruiser rule forbids it).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'

/** The apps' own database: PGlite in its own folder by default, a PostgreSQL server with APPS_DATABASE_URL. */
export interface AppDb {
  /** Rows of one statement ($1, $2 … parameters). */
  query<T = Record<string, unknown>>(text: string, params?: readonly unknown[]): Promise<T[]>
  /** One transaction; everything inside sees the same `tx` and is rolled back if `fn` throws. */
  tx<T>(fn: (tx: AppTx) => Promise<T>): Promise<T>
}
export interface AppTx {
  query<T = Record<string, unknown>>(text: string, params?: readonly unknown[]): Promise<T[]>
}

/** One step of an app's schema, run once in id order (ids like '202611270900_leave_request'). */
export interface AppMigration {
  id: string
  sql: string
}

/** Who is signed in, from the ID token's claims at sign-in (scopes openid profile zx:identity zx:school zx:guardian zx:roles). */
export interface Viewer {
  sub: string
  name: string
  userType: 'staff' | 'student' | 'guardian'
  /** The school (org) signed in to. */
  orgId: number
  schoolIds: number[]
  /** Students: their class; staff: the classes they teach. */
  classIds: number[]
  /** Guardians: their children. */
  children: { sub: string; name: string; relation: string | null }[]
  /** Role codes of the membership signed in to (zx:roles). */
  roles: string[]
  /** Holds one of the app's admin roles (APPS_ADMIN_ROLES, by default the portal's school administrator roles). */
  isAdmin: boolean
}

/** The directory as mirrored in the app's own tables (kept fresh by the kit); ids of people are the app's `sub`. */
export interface DirClass {
  id: number
  name: string
  schoolId: number
  gradeId: number
  gradeName: string
  /** What people call the class: the grade's name and the class's (三年级 + (2)班 → 三年级(2)班), or the class's name
   * alone when it already starts with the grade's. */
  label: string
  headTeacher: string | null
}
export interface DirPerson {
  sub: string
  kind: 'teacher' | 'student' | 'guardian'
  name: string
  schoolId: number
  /** Students: their class. */
  classId: number | null
  /** Staff: department from the directory (may be null). */
  departmentId: number | null
  departmentName: string | null
  number: string | null
}
interface DirSchool {
  id: number
  name: string
  parentId: number | null
}
export interface Directory {
  /** The district's organisations of type 机构 (the bureau and its schools), by id. */
  schools(): Promise<DirSchool[]>
  classOf(id: number): Promise<DirClass | null>
  classesOf(schoolId: number): Promise<DirClass[]>
  person(sub: string): Promise<DirPerson | null>
  people(subs: readonly string[]): Promise<Map<string, DirPerson>>
  studentsOf(classId: number): Promise<DirPerson[]>
  teachersOf(schoolId: number): Promise<DirPerson[]>
  /** Classes a teacher teaches, `isHead` for the 班主任. */
  classesTaughtBy(sub: string): Promise<{ classId: number; isHead: boolean }[]>
  /** A guardian's children (subs). */
  childrenOf(guardianSub: string): Promise<{ sub: string; relation: string | null }[]>
  /** Guardians of a student (subs). */
  guardiansOf(studentSub: string): Promise<string[]>
  /** Reads the hub's changes since the last sync now (the webhook receiver and tests call it). */
  sync(): Promise<void>
}

/** The hub's open calls an app makes with its client-credentials token. */
export interface HubCalls {
  /** A message to people's message centre (and SMS/WeChat where the district set templates for app notices). */
  notify(msg: { to: readonly string[]; title: string; content: string; link?: string }): Promise<void>
  /** Each person's count of things waiting for them in this app (pending approvals, unread results): the portal's red dot. */
  setBadges(counts: readonly { sub: string; count: number }[]): Promise<void>
}

/** What an app gets to build its routes. */
export interface AppContext {
  /** 'leave' | 'grades': the app's path prefix (/leave, /grades) and its tables' prefix. */
  key: string
  db: AppDb
  directory: Directory
  hub: HubCalls
  /** The app's address as browsers see it, e.g. http://localhost:3001/leave. */
  baseUrl: string
  /** The signed-in viewer, or a 401 envelope sent (answer `undefined` then and return). */
  viewer(req: FastifyRequest, reply: FastifyReply): Promise<Viewer | undefined>
}

/** One app: its schema, its API routes (under /<key>/api), its demo data. */
export interface SchoolApp {
  key: string
  /** Shown in the page title and sign-in errors: 请假审批, 成绩管理. */
  title: string
  migrations: AppMigration[]
  /** Registers the app's routes on `api` (already prefixed /<key>/api; JSON envelope {code, msg, data}). */
  routes(api: FastifyInstance, ctx: AppContext): void | Promise<void>
  /** Fills a term of demo data once (the kit calls it when APPS_DEMO is on and the app's tables are empty). */
  seedDemo?(ctx: AppContext): Promise<void>
  /** After a change the app recounts its badges (the kit calls it after sign-in and sync). */
  refreshBadges?(ctx: AppContext): Promise<void>
}

/** An answer the routes throw: code 400/403/404 with a Chinese message, sent as the {code, msg, data} envelope. */
export class AppError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message)
  }
}

/** The answer of every API route: code 0 with the data, or an error code with a Chinese message and null. */
export interface Envelope<T> {
  code: number
  msg: string
  data: T
}

/**
 * A success envelope with a message of the route's own (保存成功, 已撤销…). A route may also return its data bare: the
 * kit wraps it as {code: 0, msg: '操作成功', data} (and `undefined` as data null).
 */
export const ok = <T>(data: T, msg = '操作成功'): Envelope<T> => ({ code: 0, msg, data })

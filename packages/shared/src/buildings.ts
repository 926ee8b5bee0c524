import * as z from './z.js'

const paging = {
  pageIndex: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(500).default(20),
}
const optText = (max: number) => z.line().trim().max(max, `长度不能超过${max}个字符`).optional().nullable()

/** Buildings of an organisation (base-buildLot/roomManage); floors are made from floorCount. */
export const buildingAddBody = z.object({
  orgId: z.coerce.number().int().optional(),
  name: z.line({ message: '请输入楼宇名称' }).trim().min(1, '请输入楼宇名称').max(30, '楼宇名称不能超过30个字符'),
  code: optText(30),
  typeId: z.id().optional().nullable(),
  floorCount: z.coerce.number().int().min(1, '楼层数至少为1').max(100, '楼层数不能超过100').default(1),
  sort: z.coerce.number().int().min(0).max(99999).optional(),
})
export type BuildingAddBody = z.infer<typeof buildingAddBody>
export const buildingUpdateBody = buildingAddBody
  .omit({ orgId: true, floorCount: true })
  .partial()
  .extend({ id: z.id() })
export type BuildingUpdateBody = z.infer<typeof buildingUpdateBody>
export const buildingRow = z.object({
  id: z.number(),
  orgId: z.number(),
  name: z.string(),
  code: z.string().nullable(),
  typeId: z.number().nullable(),
  typeName: z.string().nullable(),
  sort: z.number(),
  status: z.number(),
  floorCount: z.number(),
  roomCount: z.number(),
})
export type BuildingRow = z.infer<typeof buildingRow>
export const buildingPageBody = z.object({
  orgId: z.coerce.number().int().optional(),
  keyword: z.string().trim().max(30).optional().nullable(),
  ...paging,
})

export const floorRow = z.object({
  id: z.number(),
  buildingId: z.number(),
  name: z.string(),
  level: z.number(),
  roomCount: z.number(),
})
export type FloorRow = z.infer<typeof floorRow>
export const floorAddBody = z.object({
  buildingId: z.id(),
  level: z.coerce.number().int().min(-10, '楼层有误').max(200, '楼层有误'),
  name: optText(20),
})

/** Rooms (classrooms and others) with use, capacity and tags. */
export const roomAddBody = z.object({
  floorId: z.id({ message: '请选择楼层' }),
  name: z.line({ message: '请输入教室名称' }).trim().min(1, '请输入教室名称').max(30, '教室名称不能超过30个字符'),
  code: optText(30),
  useId: z.id().optional().nullable(),
  capacity: z.coerce.number().int().min(0, '容纳人数有误').max(10000, '容纳人数有误').optional().nullable(),
  tagIds: z.array(z.id()).max(20).optional(),
})
export type RoomAddBody = z.infer<typeof roomAddBody>
export const roomUpdateBody = roomAddBody.omit({ floorId: true }).partial().extend({ id: z.id() })
export type RoomUpdateBody = z.infer<typeof roomUpdateBody>
export const roomPageBody = z.object({
  orgId: z.coerce.number().int().optional(),
  buildingId: z.id().optional().nullable(),
  floorId: z.id().optional().nullable(),
  useId: z.id().optional().nullable(),
  tagId: z.id().optional().nullable(),
  keyword: z.string().trim().max(30).optional().nullable(),
  status: z.coerce.number().int().min(0).max(1).optional().nullable(),
  ...paging,
})
export type RoomPageBody = z.infer<typeof roomPageBody>
export const roomRow = z.object({
  id: z.number(),
  orgId: z.number(),
  buildingId: z.number(),
  buildingName: z.string(),
  floorId: z.number(),
  floorName: z.string(),
  name: z.string(),
  code: z.string().nullable(),
  useId: z.number().nullable(),
  useName: z.string().nullable(),
  capacity: z.number().nullable(),
  status: z.number(),
  tags: z.array(z.object({ id: z.number(), name: z.string() })),
})
export type RoomRow = z.infer<typeof roomRow>

/** Batch add: rooms numbered floor × 100 + n on each floor of a range (e.g. 101…110, 201…210). */
export const roomBatchAddBody = z
  .object({
    buildingId: z.id(),
    fromLevel: z.coerce.number().int().min(-10).max(200),
    toLevel: z.coerce.number().int().min(-10).max(200),
    perFloor: z.coerce.number().int().min(1, '每层至少1间').max(99, '每层最多99间'),
    prefix: optText(10),
    useId: z.id().optional().nullable(),
    capacity: z.coerce.number().int().min(0).max(10000).optional().nullable(),
  })
  .refine((b) => b.toLevel >= b.fromLevel, { message: '结束楼层不能低于开始楼层', path: ['toLevel'] })
export type RoomBatchAddBody = z.infer<typeof roomBatchAddBody>
/**
 * 属性设置 (base_room_attr): the use and capacity of the chosen rooms of one school, all set alike; a field left out
 * stays as it is, null clears it.
 */
export const roomAttrBody = z
  .object({
    roomIds: z.array(z.id()).min(1, '请选择教室').max(500, '一次最多设置500间'),
    useId: z.id().optional().nullable(),
    capacity: z.coerce.number().int().min(0, '容纳人数有误').max(10000, '容纳人数有误').optional().nullable(),
  })
  .refine((b) => b.useId !== undefined || b.capacity !== undefined, { message: '请设置至少一项属性' })
export type RoomAttrBody = z.infer<typeof roomAttrBody>
export const roomBatchMoveBody = z.object({
  roomIds: z.array(z.id()).min(1, '请选择教室').max(500, '一次最多移动500间'),
  floorId: z.id({ message: '请选择目标楼层' }),
})

export const tagAddBody = z.object({
  orgId: z.coerce.number().int().optional(),
  name: z.line().trim().min(1, '请输入标签名称').max(20, '标签名称不能超过20个字符'),
})
export const tagRow = z.object({ id: z.number(), name: z.string(), roomCount: z.number() })

export const BuildingMsg = {
  BUILDING_NAME_TAKEN: '已存在同名楼宇',
  ROOM_NAME_TAKEN: '该楼宇已存在同名教室',
  FLOOR_TAKEN: '该楼层已存在',
  BUILDING_HAS_ROOMS: '该楼宇下存在教室，无法删除',
  FLOOR_HAS_ROOMS: '该楼层下存在教室，无法删除',
  TAG_TAKEN: '已存在同名标签',
  BUILDING_NOT_FOUND: '楼宇不存在',
  FLOOR_NOT_FOUND: '楼层不存在',
  ROOM_NOT_FOUND: '教室不存在',
  TAG_NOT_FOUND: '标签不存在',
  MISSING_FLOORS: '所选楼层范围内有楼层不存在，请先添加楼层',
  BATCH_TAKEN: '批量新增的教室与已有教室重名',
} as const

/** Subjects of a school (subjectMgr/subjectInfo). */
export const subjectAddBody = z.object({
  orgId: z.coerce.number().int().optional(),
  name: z.line({ message: '请输入学科名称' }).trim().min(1, '请输入学科名称').max(30, '学科名称不能超过30个字符'),
  code: optText(30),
  categoryId: z.id().optional().nullable(),
  sort: z.coerce.number().int().min(0).max(99999).optional(),
})
export type SubjectAddBody = z.infer<typeof subjectAddBody>
export const subjectUpdateBody = subjectAddBody.omit({ orgId: true }).partial().extend({ id: z.id() })
export type SubjectUpdateBody = z.infer<typeof subjectUpdateBody>
export const subjectRow = z.object({
  id: z.number(),
  orgId: z.number(),
  name: z.string(),
  code: z.string().nullable(),
  categoryId: z.number().nullable(),
  categoryName: z.string().nullable(),
  sort: z.number(),
  status: z.number(),
})
export type SubjectRow = z.infer<typeof subjectRow>
export const subjectPageBody = z.object({
  orgId: z.coerce.number().int().optional(),
  keyword: z.string().trim().max(30).optional().nullable(),
  ...paging,
})
export const SubjectMsg = {
  NAME_TAKEN: '已存在同名学科',
  CODE_TAKEN: '已存在同编码学科',
  NOT_FOUND: '学科不存在',
  IN_USE: '该学科已有任课教师，请先在班级教师中取消后再删除',
} as const

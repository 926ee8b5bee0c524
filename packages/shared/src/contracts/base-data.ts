/**
 * School base data (docs/base-data.md): grades and classes, buildings, floors, rooms and tags, calendars, holidays and
 * study months, dictionaries, subjects, majors, work-rest schedules and their types, the workstation matrix and
 * external staff.
 */
import { post, get } from '../contract.js'
import {
  buildingAddBody,
  buildingPageBody,
  buildingRow,
  buildingUpdateBody,
  floorAddBody,
  floorRow,
  roomAddBody,
  roomAttrBody,
  roomBatchAddBody,
  roomBatchMoveBody,
  roomPageBody,
  roomRow,
  roomUpdateBody,
  subjectAddBody,
  subjectPageBody,
  subjectRow,
  subjectUpdateBody,
  tagAddBody,
  tagRow,
} from '../buildings.js'
import {
  calendarAddBody,
  calendarPageBody,
  calendarRow,
  holidayAddBody,
  holidayPageBody,
  holidayRow,
  studyMonthBody,
  studyMonthRow,
} from '../calendar.js'
import {
  dictAddBody,
  dictOptionGroup,
  dictOptionsBody,
  dictPageBody,
  dictRow,
  dictSelectQuery,
  dictUpdateBody,
} from '../dictionary.js'
import { externalAddBody, externalPageBody, externalRow, externalUpdateBody } from '../external-staff.js'
import {
  classAddBody,
  classPageBody,
  classRow,
  classUpdateBody,
  gradeAddBody,
  gradePageBody,
  gradeRow,
  gradeUpdateBody,
} from '../grade-class.js'
import { majorAddBody, majorRow, majorUpdateBody } from '../major.js'
import { pageOf } from '../organization.js'
import {
  workRestTypeAddBody,
  workRestTypePageBody,
  workRestTypeSelectQuery,
  workRestTypeUpdateBody,
} from '../work-rest-type.js'
import { workRestAddBody, workRestPageBody, workRestRow, workRestTimeBody, workRestTimeRow } from '../work-rest.js'
import {
  workStationAddBody,
  workStationMatrix,
  workStationPageBody,
  workStationRow,
  workStationUpdateBody,
} from '../work-station.js'
import * as z from '../z.js'
import { idBody, statusAndDelete } from './common.js'

const school = { permission: 'base_school' }
const can = (permission: string) => ({ permission })
const orgIdQuery = z.object({ orgId: z.coerce.number().int().optional() })

// ---- /base/api/grade and /base/api/class: 年级管理, 归档年级, 班级管理, 归档班级 and the -zz variants ----
const G = '/base/api/grade'
const gradeTags = ['grade']
export const gradeContracts = {
  page: post(`${G}/page`, {
    ...school,
    tags: gradeTags,
    summary: '年级分页（archived 为归档年级）',
    body: gradePageBody,
    data: pageOf(gradeRow),
  }),
  add: post(`${G}/add`, { ...school, tags: gradeTags, summary: '新增年级', body: gradeAddBody, data: z.number() }),
  update: post(`${G}/update`, { ...school, tags: gradeTags, summary: '编辑年级', body: gradeUpdateBody }),
  ...statusAndDelete(G, '年级', { tags: gradeTags, access: school, deleteNote: '（无班级时）' }),
  archive: post(`${G}/archive`, { ...school, tags: gradeTags, summary: '归档年级（连同其班级）', body: idBody }),
  resetArchive: post(`${G}/resetArchive`, { ...school, tags: gradeTags, summary: '恢复归档年级', body: idBody }),
}

const C = '/base/api/class'
const classTags = ['class']
export const classContracts = {
  page: post(`${C}/page`, {
    ...school,
    tags: classTags,
    summary: '班级分页（archived 为归档班级）',
    body: classPageBody,
    data: pageOf(classRow),
  }),
  add: post(`${C}/add`, { ...school, tags: classTags, summary: '新增班级', body: classAddBody, data: z.number() }),
  update: post(`${C}/update`, { ...school, tags: classTags, summary: '编辑班级', body: classUpdateBody }),
  ...statusAndDelete(C, '班级', { tags: classTags, access: school }),
  archive: post(`${C}/archive`, { ...school, tags: classTags, summary: '归档班级', body: idBody }),
  resetArchive: post(`${C}/resetArchive`, {
    ...school,
    tags: classTags,
    summary: '恢复归档班级（年级未归档时）',
    body: idBody,
  }),
}

// ---- /base/api/buildings, floor, classroom, tags (base-buildLot/roomManage); writes need the building and room button codes ----
const B = '/base/api/buildings'
const buildingTags = ['buildings']
export const buildingContracts = {
  page: post(`${B}/page`, {
    ...can('base_build_lot'),
    tags: buildingTags,
    summary: '楼宇分页',
    body: buildingPageBody,
    data: pageOf(buildingRow),
  }),
  add: post(`${B}/add`, {
    ...can('base_building_add'),
    tags: buildingTags,
    summary: '新增楼宇（按楼层数生成楼层）',
    body: buildingAddBody,
    data: z.number(),
  }),
  update: post(`${B}/update`, {
    ...can('base_building_edit'),
    tags: buildingTags,
    summary: '编辑楼宇',
    body: buildingUpdateBody,
  }),
  ...statusAndDelete(B, '楼宇', {
    tags: buildingTags,
    access: can('base_building_edit'),
    deleteAccess: can('base_building_delete'),
    deleteNote: '（无教室时）',
  }),
}

const F = '/base/api/floor'
const floorTags = ['floor']
export const floorContracts = {
  list: get(`${F}/list`, {
    ...can('base_build_lot'),
    tags: floorTags,
    summary: '楼宇的楼层',
    query: z.object({ buildingId: z.id() }),
    data: z.array(floorRow),
  }),
  add: post(`${F}/add`, {
    ...can('base_building_edit'),
    tags: floorTags,
    summary: '新增楼层',
    body: floorAddBody,
    data: z.number(),
  }),
  delete: post(`${F}/delete`, {
    ...can('base_building_edit'),
    tags: floorTags,
    summary: '删除楼层（无教室时）',
    body: idBody,
  }),
}

/** /base/api/classroom: rooms, batch add, batch move and 属性设置. */
const R = '/base/api/classroom'
const roomTags = ['classroom']
export const roomContracts = {
  page: post(`${R}/page`, {
    ...can('base_build_lot'),
    tags: roomTags,
    summary: '教室分页',
    body: roomPageBody,
    data: pageOf(roomRow),
  }),
  add: post(`${R}/add`, {
    ...can('base_room_add'),
    tags: roomTags,
    summary: '新增教室',
    body: roomAddBody,
    data: z.number(),
  }),
  update: post(`${R}/update`, {
    ...can('base_room_edit'),
    tags: roomTags,
    summary: '编辑教室（含标签）',
    body: roomUpdateBody,
  }),
  ...statusAndDelete(R, '教室', {
    tags: roomTags,
    access: can('base_room_enable'),
    deleteAccess: can('base_room_delete'),
  }),
  batchAdd: post(`${R}/batchAdd`, {
    ...can('base_room_add'),
    tags: roomTags,
    summary: '批量新增教室',
    body: roomBatchAddBody,
    data: z.number(),
  }),
  setAttr: post(`${R}/setAttr`, {
    ...can('base_room_attr'),
    tags: roomTags,
    summary: '属性设置（所选教室的用途、容纳人数）',
    body: roomAttrBody,
    data: z.number(),
  }),
  batchMove: post(`${R}/batchMove`, {
    ...can('base_room_batch_move'),
    tags: roomTags,
    summary: '批量移动教室到其他楼层',
    body: roomBatchMoveBody,
    data: z.number(),
  }),
}

/** /base/api/tags: room tags of an organisation. */
const T = '/base/api/tags'
const tagTags = ['tags']
export const tagContracts = {
  list: get(`${T}/list`, {
    ...can('base_build_lot'),
    tags: tagTags,
    summary: '教室标签',
    query: orgIdQuery,
    data: z.array(tagRow),
  }),
  add: post(`${T}/add`, {
    ...can('base_room_tags'),
    tags: tagTags,
    summary: '新增标签',
    body: tagAddBody,
    data: z.number(),
  }),
  delete: post(`${T}/delete`, { ...can('base_room_tags'), tags: tagTags, summary: '删除标签', body: idBody }),
}

// ---- /base/api/schoolCalendar (calendarSet), holiday (holidaySet, addHoliday), studyMonth (studyMonthSet) ----
const SC = '/base/api/schoolCalendar'
const calendarTags = ['schoolCalendar']
export const calendarContracts = {
  page: post(`${SC}/page`, {
    ...school,
    tags: calendarTags,
    summary: '校历分页',
    body: calendarPageBody,
    data: pageOf(calendarRow),
  }),
  add: post(`${SC}/add`, {
    ...school,
    tags: calendarTags,
    summary: '新增学期',
    body: calendarAddBody,
    data: z.number(),
  }),
  update: post(`${SC}/update`, {
    ...school,
    tags: calendarTags,
    summary: '编辑学期',
    body: calendarAddBody.and(idBody),
  }),
  ...statusAndDelete(SC, '学期', { tags: calendarTags, access: school, deleteNote: '（无节假日时）' }),
}

const H = '/base/api/holiday'
const holidayTags = ['holiday']
export const holidayContracts = {
  page: post(`${H}/page`, {
    ...school,
    tags: holidayTags,
    summary: '节假日分页',
    body: holidayPageBody,
    data: pageOf(holidayRow),
  }),
  add: post(`${H}/add`, {
    ...school,
    tags: holidayTags,
    summary: '新增节假日或调休上班日',
    body: holidayAddBody,
    data: z.number(),
  }),
  update: post(`${H}/update`, {
    ...school,
    tags: holidayTags,
    summary: '编辑节假日',
    body: holidayAddBody.and(idBody),
  }),
  ...statusAndDelete(H, '节假日', { tags: holidayTags, access: school }),
}

const SM = '/base/api/studyMonth'
const studyMonthTags = ['studyMonth']
export const studyMonthContracts = {
  list: get(`${SM}/list`, {
    ...school,
    tags: studyMonthTags,
    summary: '学期的学月',
    query: z.object({ calendarId: z.id() }),
    data: z.array(studyMonthRow),
  }),
  add: post(`${SM}/add`, {
    ...school,
    tags: studyMonthTags,
    summary: '新增学月（学期内、不重叠）',
    body: studyMonthBody,
    data: z.number(),
  }),
  update: post(`${SM}/update`, {
    ...school,
    tags: studyMonthTags,
    summary: '编辑学月（学期内、不与其他学月重叠）',
    body: studyMonthBody.and(idBody),
  }),
  delete: post(`${SM}/delete`, { ...school, tags: studyMonthTags, summary: '删除学月', body: idBody }),
}

// ---- /base/api/dict: tenant- and organisation-level dictionaries (000 §7.9); the service checks the page code of the dictionary's group ----
const D = '/base/api/dict'
const dictTags = ['dict']
export const dictContracts = {
  page: post(`${D}/page`, { tags: dictTags, summary: '字典分页', body: dictPageBody, data: pageOf(dictRow) }),
  select: get(`${D}/select`, {
    tags: dictTags,
    summary: '字典选项（租户级 + 本机构）',
    query: dictSelectQuery,
    data: z.array(dictRow),
  }),
  options: post(`${D}/options`, {
    tags: dictTags,
    summary: '表单字典选项（按类型分组，001 §7.1）',
    body: dictOptionsBody,
    data: z.array(dictOptionGroup),
  }),
  add: post(`${D}/add`, { tags: dictTags, summary: '新增字典项', body: dictAddBody, data: z.number() }),
  update: post(`${D}/update`, { tags: dictTags, summary: '编辑字典项', body: dictUpdateBody }),
  ...statusAndDelete(D, '字典项', { tags: dictTags, access: {} }),
}

// ---- /base/api/subjectMgr/subjectInfo (000 §7.9): a school's subjects ----
const SU = '/base/api/subjectMgr/subjectInfo'
const subjectTags = ['subjectMgr']
export const subjectContracts = {
  page: post(`${SU}/page`, {
    ...school,
    tags: subjectTags,
    summary: '学科分页',
    body: subjectPageBody,
    data: pageOf(subjectRow),
  }),
  add: post(`${SU}/add`, { ...school, tags: subjectTags, summary: '新增学科', body: subjectAddBody, data: z.number() }),
  update: post(`${SU}/update`, { ...school, tags: subjectTags, summary: '编辑学科', body: subjectUpdateBody }),
  ...statusAndDelete(SU, '学科', { tags: subjectTags, access: school }),
}

// ---- /base/api/major: faculties (schoolManage), majors (majorManage) and directions (majorDirection) of Z3 schools ----
const M = '/base/api/major'
const majorTags = ['major']
export const majorContracts = {
  tree: get(`${M}/tree`, {
    ...school,
    tags: majorTags,
    summary: '院系-专业-方向树',
    query: orgIdQuery,
    data: z.array(majorRow),
  }),
  add: post(`${M}/add`, {
    ...school,
    tags: majorTags,
    summary: '新增院系、专业或方向',
    body: majorAddBody,
    data: z.number(),
  }),
  update: post(`${M}/update`, { ...school, tags: majorTags, summary: '编辑', body: majorUpdateBody }),
  ...statusAndDelete(M, '院系/专业/方向', { tags: majorTags, access: school, deleteNote: '（无下级时）' }),
}

// ---- /base/api/workRest and workRestTime (workAndRest, workAndRestDetail, workAndRestCheck) ----
const W = '/base/api/workRest'
const workRestTags = ['workRest']
export const workRestContracts = {
  page: post(`${W}/page`, {
    ...school,
    tags: workRestTags,
    summary: '作息分页',
    body: workRestPageBody,
    data: pageOf(workRestRow),
  }),
  add: post(`${W}/add`, {
    ...school,
    tags: workRestTags,
    summary: '新增作息',
    body: workRestAddBody,
    data: z.number(),
  }),
  update: post(`${W}/update`, {
    ...school,
    tags: workRestTags,
    summary: '编辑作息',
    body: workRestAddBody.and(idBody),
  }),
  ...statusAndDelete(W, '作息', { tags: workRestTags, access: school, deleteNote: '（连同时段）' }),
}

const WT = '/base/api/workRestTime'
const workRestTimeTags = ['workRestTime']
export const workRestTimeContracts = {
  list: get(`${WT}/list`, {
    ...school,
    tags: workRestTimeTags,
    summary: '作息时段',
    query: z.object({ workRestId: z.id() }),
    data: z.array(workRestTimeRow),
  }),
  add: post(`${WT}/add`, {
    ...school,
    tags: workRestTimeTags,
    summary: '新增时段（不得与已有时段重叠）',
    body: workRestTimeBody,
    data: z.number(),
  }),
  update: post(`${WT}/update`, {
    ...school,
    tags: workRestTimeTags,
    summary: '编辑时段（不得与其他时段重叠）',
    body: workRestTimeBody.and(idBody),
  }),
  delete: post(`${WT}/delete`, { ...school, tags: workRestTimeTags, summary: '删除时段', body: idBody }),
}

/**
 * /base/api/workRestType: the kinds of work-and-rest schedule (冬季作息, 夏季作息 …) offered by the schedule form.
 * The dictionary type workRestType (page code base_school, its tenant level also from the public-field page; the
 * dictionary service checks it).
 */
const WY = '/base/api/workRestType'
const workRestTypeTags = ['workRestType']
export const workRestTypeContracts = {
  page: post(`${WY}/page`, {
    tags: workRestTypeTags,
    summary: '作息类型分页',
    body: workRestTypePageBody,
    data: pageOf(dictRow),
  }),
  select: get(`${WY}/select`, {
    tags: workRestTypeTags,
    summary: '作息类型选项（租户级 + 本机构，启用的）',
    query: workRestTypeSelectQuery,
    data: z.array(dictRow),
  }),
  add: post(`${WY}/add`, {
    tags: workRestTypeTags,
    summary: '新增作息类型',
    body: workRestTypeAddBody,
    data: z.number(),
  }),
  update: post(`${WY}/update`, { tags: workRestTypeTags, summary: '编辑作息类型', body: workRestTypeUpdateBody }),
  ...statusAndDelete(WY, '作息类型', { tags: workRestTypeTags, access: {} }),
}

// ---- /base/api/workStationMatrix (岗位设置, the jobMatrixSet tab) and /base/api/external (外聘人员) of an org ----
const userAccount = { permission: 'base_user_account' }

const WS = '/base/api/workStationMatrix'
const workStationTags = ['workStationMatrix']
export const workStationMatrixContracts = {
  page: post(`${WS}/page`, {
    ...userAccount,
    tags: workStationTags,
    summary: '岗位设置分页',
    body: workStationPageBody,
    data: pageOf(workStationRow),
  }),
  matrix: get(`${WS}/matrix`, {
    ...userAccount,
    tags: workStationTags,
    summary: '岗位矩阵（岗位 × 等级）',
    query: orgIdQuery,
    data: workStationMatrix,
  }),
  add: post(`${WS}/add`, {
    ...userAccount,
    tags: workStationTags,
    summary: '新增岗位设置（岗位 + 等级唯一）',
    body: workStationAddBody,
    data: z.number(),
  }),
  update: post(`${WS}/update`, {
    ...userAccount,
    tags: workStationTags,
    summary: '编辑岗位设置',
    body: workStationUpdateBody,
  }),
  ...statusAndDelete(WS, '岗位设置', { tags: workStationTags, access: userAccount }),
}

const E = '/base/api/external'
const externalTags = ['external']
export const externalContracts = {
  page: post(`${E}/page`, {
    ...userAccount,
    tags: externalTags,
    summary: '外聘人员分页',
    body: externalPageBody,
    data: pageOf(externalRow),
  }),
  add: post(`${E}/add`, {
    ...userAccount,
    tags: externalTags,
    summary: '新增外聘人员（本机构内手机号唯一）',
    body: externalAddBody,
    data: z.number(),
  }),
  update: post(`${E}/update`, {
    ...userAccount,
    tags: externalTags,
    summary: '编辑外聘人员',
    body: externalUpdateBody,
  }),
  ...statusAndDelete(E, '外聘人员', { tags: externalTags, access: userAccount }),
}

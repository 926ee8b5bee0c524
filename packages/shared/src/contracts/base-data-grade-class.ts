/** /base/api/grade and /base/api/class: 年级管理, 归档年级, 班级管理, 归档班级 and the -zz variants. */
import { post } from '../contract.js'
import { classAddBody, classPageBody, classRow, classUpdateBody, gradeAddBody, gradePageBody, gradeRow, gradeUpdateBody } from '../grade-class.js'
import { pageOf } from '../organization.js'
import * as z from '../z.js'
import { idBody, statusAndDelete } from './common.js'

const access = { permission: 'base_school' }

const G = '/base/api/grade'
const gradeTags = ['grade']
export const gradeContracts = {
  page: post(`${G}/page`, { ...access, tags: gradeTags, summary: '年级分页（archived 为归档年级）', body: gradePageBody, data: pageOf(gradeRow) }),
  add: post(`${G}/add`, { ...access, tags: gradeTags, summary: '新增年级', body: gradeAddBody, data: z.number() }),
  update: post(`${G}/update`, { ...access, tags: gradeTags, summary: '编辑年级', body: gradeUpdateBody }),
  ...statusAndDelete(G, '年级', { tags: gradeTags, access, deleteNote: '（无班级时）' }),
  archive: post(`${G}/archive`, { ...access, tags: gradeTags, summary: '归档年级（连同其班级）', body: idBody }),
  resetArchive: post(`${G}/resetArchive`, { ...access, tags: gradeTags, summary: '恢复归档年级', body: idBody }),
}

const C = '/base/api/class'
const classTags = ['class']
export const classContracts = {
  page: post(`${C}/page`, { ...access, tags: classTags, summary: '班级分页（archived 为归档班级）', body: classPageBody, data: pageOf(classRow) }),
  add: post(`${C}/add`, { ...access, tags: classTags, summary: '新增班级', body: classAddBody, data: z.number() }),
  update: post(`${C}/update`, { ...access, tags: classTags, summary: '编辑班级', body: classUpdateBody }),
  ...statusAndDelete(C, '班级', { tags: classTags, access }),
  archive: post(`${C}/archive`, { ...access, tags: classTags, summary: '归档班级', body: idBody }),
  resetArchive: post(`${C}/resetArchive`, { ...access, tags: classTags, summary: '恢复归档班级（年级未归档时）', body: idBody }),
}

/** The platform's area tree: /base/api/eduarea (levels and areas, written by the super administrator) and /base/api/cities (city pickers). */
import { get, post } from '../contract.js'
import { adminLevelBody, adminLevelRow, areaBody, areaRow } from '../area.js'
import { CITY_SEARCH_MAX, cityOption, cityPathQuery, citySelectQuery } from '../cities.js'
import * as z from '../z.js'
import { idBody } from './common.js'

const superAdmin = { superAdmin: true }

/** /base/api/eduarea: administrative levels (base-set/area/levelSet) and areas (areaSet). */
const A = '/base/api/eduarea'
const areaTags = ['eduarea']
export const areaContracts = {
  levelList: get(`${A}/level/list`, { tags: areaTags, summary: '行政级别', data: z.array(adminLevelRow) }),
  levelAdd: post(`${A}/level/add`, {
    ...superAdmin,
    tags: areaTags,
    summary: '新增行政级别',
    body: adminLevelBody,
    data: z.number(),
  }),
  levelUpdate: post(`${A}/level/update`, {
    ...superAdmin,
    tags: areaTags,
    summary: '编辑行政级别',
    body: adminLevelBody.extend(idBody.shape),
  }),
  levelDelete: post(`${A}/level/delete`, { ...superAdmin, tags: areaTags, summary: '删除行政级别', body: idBody }),
  list: get(`${A}/list`, {
    tags: areaTags,
    summary: '下级区域（不传 parentCode 为顶级）',
    query: z.object({
      parentCode: z
        .string()
        .regex(/^\d{6,9}$/)
        .optional(),
    }),
    data: z.array(areaRow),
  }),
  add: post(`${A}/add`, { ...superAdmin, tags: areaTags, summary: '新增区域', body: areaBody }),
  update: post(`${A}/update`, { ...superAdmin, tags: areaTags, summary: '编辑区域', body: areaBody }),
  delete: post(`${A}/delete`, {
    ...superAdmin,
    tags: areaTags,
    summary: '删除区域（无下级时）',
    body: z.object({ code: z.string().max(20) }),
  }),
}

/** /base/api/cities: the area tree read the way city pickers need it. */
const CI = '/base/api/cities'
const cityTags = ['行政区域']
export const cityContracts = {
  select: get(`${CI}/select`, {
    tags: cityTags,
    summary: `城市选择：下级区域，或按名称搜索（最多${CITY_SEARCH_MAX}条，含全称）`,
    query: citySelectQuery,
    data: z.array(cityOption),
  }),
  path: get(`${CI}/path`, {
    tags: cityTags,
    summary: '区划代码的上级链（自顶向下）',
    query: cityPathQuery,
    data: z.array(cityOption),
  }),
}

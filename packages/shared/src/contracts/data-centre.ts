/** /base/api/dataCenter: the data-centre and low-code lists, the IoT entries and the data warehouse switch (docs/apps.md). */
import { get, post } from '../contract.js'
import {
  dataCentreList,
  dataCentreListQuery,
  dataWarehouseQuery,
  dataWarehouseRow,
  dataWarehouseSetBody,
  iotMenuEntry,
} from '../data-centre.js'
import { pageOf } from '../organization.js'
import * as z from '../z.js'

const D = '/base/api/dataCenter'
const tags = ['数据中心']

export const dataCentreContracts = {
  appList: get(`${D}/appList`, {
    tags,
    summary: '大数据中心/低代码应用列表（应用类型3、4，本人可打开的）',
    query: dataCentreListQuery,
    data: dataCentreList,
  }),
  iotMenu: get(`${D}/iotMenu`, { tags, summary: '物联网平台菜单（按权限）', data: z.array(iotMenuEntry) }),
  warehouseList: get(`${D}/warehouse/list`, {
    superAdmin: true,
    tags,
    summary: '各租户数据仓库开通情况（平台管理员）',
    query: dataWarehouseQuery,
    data: pageOf(dataWarehouseRow),
  }),
  warehouseSet: post(`${D}/warehouse/set`, {
    superAdmin: true,
    tags,
    summary: '开通/关闭租户的数据仓库（平台管理员）',
    body: dataWarehouseSetBody,
  }),
}

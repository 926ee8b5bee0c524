/** The config centre (001 §2.4; docs/config-center.md "Startup"): the public read the web app makes once at startup, and the super administrator's save (/base-set/system). */
import { post, get } from '../contract.js'
import { configCenter, configCenterSaveBody } from '../config-center.js'
import { CONFIG_CENTER_API } from '../constants.js'

const tags = ['config-center']

const read = {
  public: true,
  tags,
  summary: '配置中心（公开：网关、文件、消息、智能助手地址，学校门户机构，移动端场地预约地址，应用版本）',
  data: configCenter,
} as const

export const configCenterContracts = {
  get: get(CONFIG_CENTER_API, read),
  /** The same read with a trailing slash: the address has always answered in both forms (clients configured with either). */
  getSlash: get(`${CONFIG_CENTER_API}/`, read),
  save: post(`${CONFIG_CENTER_API}/save`, {
    superAdmin: true,
    tags,
    summary: '保存配置中心（超级管理员）',
    body: configCenterSaveBody,
  }),
}

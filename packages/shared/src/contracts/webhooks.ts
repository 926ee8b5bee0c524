/**
 * Change webhooks of a registered app (docs/open-platform.md "Webhooks"): its subscription, the delivery log, replay
 * and a test ping. Like the app's client settings they act for the whole tenant, so only the top organisation's
 * 应用管理 holders reach them.
 */
import { get, post } from '../contract.js'
import { pageOf } from '../organization.js'
import { webhookDeliveryQuery, webhookDeliveryRow, webhookSaveBody, webhookSubscription } from '../webhooks.js'
import * as z from '../z.js'

const manage = { permission: 'sc_menhu_app_mgr', tenantWide: true } as const
const tags = ['应用回调']

export const webhookContracts = {
  get: get('/base/api/app/webhook/get', {
    summary: '应用的回调订阅（无则为 null）',
    tags,
    ...manage,
    query: z.object({ appId: z.coerce.number().int().positive() }),
    data: webhookSubscription.nullable(),
  }),
  save: post('/base/api/app/webhook/save', {
    summary: '保存应用的回调订阅（地址、事件、启用）；仅机密客户端可订阅',
    tags,
    ...manage,
    body: webhookSaveBody,
    data: webhookSubscription,
  }),
  deliveries: get('/base/api/app/webhook/deliveries', {
    summary: '回调推送记录（事件、状态、次数、最近响应）',
    tags,
    ...manage,
    query: webhookDeliveryQuery,
    data: pageOf(webhookDeliveryRow),
  }),
  replay: post('/base/api/app/webhook/replay', {
    summary: '重新推送一条回调',
    tags,
    ...manage,
    body: z.object({ id: z.id() }),
  }),
  test: post('/base/api/app/webhook/test', {
    summary: '向回调地址发送一条测试事件（ping），返回推送记录 id',
    tags,
    ...manage,
    body: z.object({ appId: z.id() }),
    data: z.number(),
  }),
}

/**
 * /base/api/privacy/retention and /base/api/privacy/request: the retention scrub's policy and runs, legal holds, and
 * guardians' deletion and correction requests (issue 26 point 6; docs/privacy.md "Retention and requests").
 */
import { get, post } from '../contract.js'
import { pageOf } from '../organization.js'
import {
  holdAddBody,
  holdPageBody,
  holdReleaseBody,
  holdRow,
  leaverPageBody,
  leaverRow,
  piRequestAddBody,
  piRequestHandleAnswer,
  piRequestHandleBody,
  piRequestPageBody,
  piRequestRow,
  retentionPolicy,
  retentionPolicyAnswer,
  scrubJournalPageBody,
  scrubJournalRow,
  scrubRunAnswer,
} from '../privacy-retention.js'
import * as z from '../z.js'

const R = '/base/api/privacy/retention'
const Q = '/base/api/privacy/request'
const tags = ['个人信息保护']
// The periods, the holds and the runs are the whole tenant's: only its top org's administrators.
const tenantWide = { permission: 'base_privacy_retention', tenantWide: true } as const

export const retentionContracts = {
  policy: get(`${R}/policy`, {
    ...tenantWide,
    tags,
    summary: '个人信息保留期限（各类信息离校后保留的天数）',
    data: retentionPolicyAnswer,
  }),
  savePolicy: post(`${R}/policy/save`, { ...tenantWide, tags, summary: '保存个人信息保留期限', body: retentionPolicy }),
  run: post(`${R}/run`, { ...tenantWide, tags, summary: '立即执行到期的个人信息清理（本租户）', data: scrubRunAnswer }),
  leavers: post(`${R}/leavers/queryPage`, {
    ...tenantWide,
    tags,
    summary: '离校人员及其清理状态',
    body: leaverPageBody,
    data: pageOf(leaverRow),
  }),
  journal: post(`${R}/journal/queryPage`, {
    ...tenantWide,
    tags,
    summary: '清理记录（何人、哪些类别、何时，不含数据）',
    body: scrubJournalPageBody,
    data: pageOf(scrubJournalRow),
  }),
  holds: post(`${R}/hold/queryPage`, {
    ...tenantWide,
    tags,
    summary: '法律保全列表',
    body: holdPageBody,
    data: pageOf(holdRow),
  }),
  addHold: post(`${R}/hold/add`, {
    ...tenantWide,
    tags,
    summary: '对人员设置法律保全（不被清理）',
    body: holdAddBody,
    data: z.number(),
  }),
  releaseHold: post(`${R}/hold/release`, { ...tenantWide, tags, summary: '解除法律保全', body: holdReleaseBody }),
}

export const piRequestContracts = {
  add: post(`${Q}/add`, {
    tags,
    summary: '家长申请删除或更正孩子的个人信息（仅限已绑定的孩子）',
    body: piRequestAddBody,
    data: z.number(),
  }),
  mine: get(`${Q}/mine`, { tags, summary: '我提交的个人信息申请', data: z.array(piRequestRow) }),
  page: post(`${Q}/queryPage`, {
    permission: 'base_privacy_request',
    tags,
    summary: '家长的个人信息申请（本机构及下级）',
    body: piRequestPageBody,
    data: pageOf(piRequestRow),
  }),
  handle: post(`${Q}/handle`, {
    permission: 'base_privacy_request',
    tags,
    summary: '处理家长的个人信息申请（更正、删除并答复）',
    body: piRequestHandleBody,
    data: piRequestHandleAnswer,
  }),
}

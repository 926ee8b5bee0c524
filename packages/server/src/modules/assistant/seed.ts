import type { Trx } from '../../db/database.js'
import { insertHelpArticles } from './queries.js'

/**
 * The two how-tos of 000 §9's quick questions, which every tenant starts with so the built-in answerer can answer
 * them on the first day. Admins edit or delete them on /menhu-port/assistant like any other article.
 */
const SEED_ARTICLES = [
  {
    title: '老师如何请假',
    keywords: '教师 教职工 老师 请假 休假 病假 事假 调课 销假',
    body: '1. 登录智校平台，在门户首页的应用中心打开“请假”应用。\n2. 点击“发起请假”，选择请假类型（事假、病假、公假等），填写开始与结束时间和请假事由，需要时上传证明材料。\n3. 如请假期间有课，请在“调课安排”中选择代课老师或调课方案。\n4. 提交后由所在部门负责人及学校审批，审批进度可在“我的请假”中查看。\n5. 返岗后在“我的请假”中点击“销假”。',
  },
  {
    title: '学生如何请假',
    keywords: '学生 孩子 家长 请假 病假 事假 销假 班主任',
    body: '1. 家长或学生登录智校平台（手机端或电脑端），打开“请假”应用。\n2. 点击“学生请假”，选择请假学生、请假类型（病假、事假），填写起止时间和事由，病假可上传就诊证明。\n3. 提交后由班主任审批，审批结果会通过消息通知家长。\n4. 返校后由班主任在“请假记录”中确认销假。',
  },
] as const

/** Inside the transaction that creates a tenant (its zx.tenant_id already set, see insertTenant). */
export async function seedHelpArticles(trx: Trx): Promise<void> {
  await insertHelpArticles(
    trx,
    SEED_ARTICLES.map((a) => ({ title: a.title, keywords: a.keywords, body: a.body })),
  )
}

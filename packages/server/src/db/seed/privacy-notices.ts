import type { NoticeKind } from '@zhixiao/shared'
import type { Trx } from '../database.js'
import { sanitizeHtml } from '../../modules/cms/sanitize.js'
import { insertPublishedNotice } from '../../modules/privacy-notice/queries.js'

/** The demo bureau's PI officer contact (a reserved .example address: the demo must not name a real mailbox). */
const CONTACT = `<p>个人信息保护负责人：示范区教育局信息中心（个人信息保护负责人）。电子邮箱：pi-officer@demo-district.example；
也可通过本平台「投诉建议」提交，我们将在15个工作日内答复。</p>`

const p = (...lines: string[]) => lines.map((l) => `<p>${l}</p>`).join('')
const ul = (...items: string[]) => `<ul>${items.map((i) => `<li>${i}</li>`).join('')}</ul>`

/**
 * The demo district's first published versions of its three notices (docs/privacy.md "Privacy notice and annual
 * audit"). Plain statements of what the platform does — what data, why, who sees it, how long, the rights and the
 * contact — naming the laws they follow without quoting them (the article texts must be checked against the official
 * ones before any quote goes into the product). A district replaces them by publishing its own versions.
 */
const TEXTS: Record<NoticeKind, { title: string; body: string }> = {
  terms: {
    title: '示范区智慧教育平台服务条款',
    body:
      '<h2>一、服务说明</h2>' +
      p(
        '示范区智慧教育平台（以下简称“本平台”）由示范区教育局建设和运营，为区内学校的教师、学生和家长提供统一身份认证、校务管理、家校沟通和教育应用接入等服务。',
      ) +
      '<h2>二、账号</h2>' +
      ul(
        '教师和学生账号由学校按学籍和人事信息开通；家长可通过手机号注册，并经学校审核后与孩子绑定。',
        '请妥善保管账号和密码，不得将账号出借他人使用；发现账号被盗用请及时修改密码并联系学校。',
        '家长注册时填写的孩子信息须真实，仅能申请绑定本人监护的孩子。',
      ) +
      '<h2>三、使用规范</h2>' +
      ul(
        '不得利用本平台发布违法信息，不得在公告、作业、新闻等内容中公开学生的身份证号、手机号、家庭住址等个人信息。',
        '不得以任何方式批量下载、复制或向无关人员提供师生个人信息；确需导出的，按平台的审批流程办理。',
        '接入本平台的第三方教育应用须经教育局审核，并遵守本平台的数据使用规则。',
      ) +
      '<h2>四、个人信息保护</h2>' +
      p('本平台处理个人信息的规则见《隐私政策》；处理不满十四周岁儿童个人信息的规则见《儿童个人信息保护规则》。') +
      '<h2>五、条款的变更</h2>' +
      p('本条款更新时将发布新版本并在登录页展示，注册时同意的版本记录在您的账号中，可在个人中心查看。') +
      '<h2>六、联系我们</h2>' +
      CONTACT,
  },
  privacy: {
    title: '示范区智慧教育平台隐私政策',
    body:
      p(
        '本政策说明本平台如何处理教师、学生和家长的个人信息。本平台依据《中华人民共和国个人信息保护法》等法律法规处理个人信息，遵循合法、正当、必要和诚信原则。',
      ) +
      '<h2>一、我们处理哪些个人信息</h2>' +
      ul(
        '身份信息：姓名、性别、出生日期、身份证件号码、学籍号或工号、民族、政治面貌（教师）。',
        '联系信息：手机号、电子邮箱。',
        '学校信息：所在学校、年级、班级、任教学科、职务。',
        '家庭关系：家长与孩子的绑定关系及称谓。',
        '使用记录：登录记录、操作日志，以及谁查看、导出了哪些人员的个人信息的访问日志。',
      ) +
      '<h2>二、为什么处理</h2>' +
      ul(
        '学籍管理、教学组织和学校日常管理等依法履行教育职责所必需的工作；',
        '账号登录、身份认证和账号安全；',
        '家校沟通、通知与消息推送；',
        '经您或监护人同意的其他用途（如在门户展示照片、向第三方应用提供孩子的信息），您可以随时撤回同意。',
      ) +
      '<h2>三、谁能看到</h2>' +
      ul(
        '学校和教育局的工作人员按其职责和管理范围查看；列表、详情和导出文件中的身份证号、手机号等默认脱敏显示。',
        '查看完整信息须具有相应权限并填写原因，每次查看、导出都记录在访问日志中；家长可在个人中心查看谁查看过孩子的信息。',
        '未经同意，不向第三方提供您的个人信息，法律法规另有规定的除外。',
      ) +
      '<h2>四、保存多久</h2>' +
      ul(
        '个人信息在实现处理目的所必需的期间内保存；学生毕业、转出或人员离职后，联系方式、家庭关系等信息按平台的保存期限删除或匿名化处理，法律法规要求保存的学籍档案信息除外。',
        '访问日志保存不少于六个月。',
        '个人信息存储于中华人民共和国境内。',
      ) +
      '<h2>五、您的权利</h2>' +
      p(
        '您有权查阅、复制、更正、补充和删除您的个人信息，有权撤回同意。监护人可以代为行使孩子的上述权利。您可以在个人中心提交请求，或通过下方联系方式与我们联系。',
      ) +
      '<h2>六、安全措施</h2>' +
      p(
        '本平台采用访问控制、传输加密、数据脱敏、操作审计和多租户隔离等措施保护个人信息，并每年开展未成年人个人信息保护合规审计。',
      ) +
      '<h2>七、联系我们</h2>' +
      CONTACT,
  },
  children: {
    title: '示范区智慧教育平台儿童个人信息保护规则',
    body:
      p(
        '本规则专门说明本平台如何处理不满十四周岁儿童的个人信息，是《隐私政策》的组成部分。本平台依据《中华人民共和国个人信息保护法》《儿童个人信息网络保护规定》等法律法规，将不满十四周岁儿童的个人信息作为敏感个人信息予以特别保护。',
      ) +
      '<h2>一、处理的目的、方式和范围</h2>' +
      ul(
        '学校为学籍管理、教学组织和日常管理，处理儿童的姓名、性别、出生日期、身份证件号码、学籍号、年级班级和家长绑定关系。',
        '上述学籍和教学所必需的处理属于学校依法履行教育职责，不以同意为前提；除此以外的用途（如在门户展示照片、人脸信息、向第三方应用提供孩子的信息），须征得监护人同意。',
        '我们只收集实现上述目的所必需的信息。',
      ) +
      '<h2>二、存储地点、期限和到期后的处理</h2>' +
      ul(
        '儿童个人信息存储于中华人民共和国境内。',
        '儿童毕业或转出后，联系方式、家庭关系、照片和同意记录按平台的保存期限删除或匿名化处理；法律法规要求保存的学籍档案信息除外，对其仅作存储和安全保护。',
      ) +
      '<h2>三、安全措施</h2>' +
      ul(
        '儿童的身份证件号码、手机号等信息在列表、详情和导出文件中默认脱敏显示。',
        '工作人员按最小授权原则访问；查看完整信息须填写原因，每次查看、导出都记录在案；批量导出须经审批。',
        '每年开展未成年人个人信息保护合规审计。',
      ) +
      '<h2>四、拒绝同意的后果</h2>' +
      p('监护人可以拒绝或撤回对学籍以外用途的同意，这不影响孩子正常使用本平台的学习和校务功能。') +
      '<h2>五、监护人的权利</h2>' +
      p(
        '监护人可以在个人中心查看谁查看过孩子的信息，并可以查阅、复制、更正、删除孩子的个人信息，撤回同意。我们将在收到请求后及时处理并答复。',
      ) +
      '<h2>六、投诉与联系</h2>' +
      CONTACT,
  },
}

/** The three notices, each published as version 1 (the demo has no draft to publish). */
export async function seedDemoNotices(trx: Trx): Promise<void> {
  for (const [kind, t] of Object.entries(TEXTS) as [NoticeKind, { title: string; body: string }][]) {
    await insertPublishedNotice(trx, kind, 1, t.title, sanitizeHtml(t.body))
  }
}

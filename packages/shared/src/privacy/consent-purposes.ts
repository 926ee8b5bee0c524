/**
 * The uses of a child's data that need a guardian's consent (issue 26 point 5, docs/privacy.md "Consent"), declared
 * once like the field policy: the server's ledger, the parents' pages and the identity hub all read this list.
 *
 * NOT purposes, and never asked: the school-record (学籍) and teaching duties of a public school or bureau —
 * registration, classes, grades, attendance, the district's own school-duty apps (请假审批, 成绩管理). They rest on a
 * statutory duty (PIPL art. 13(3), 34–35, 37; 13 ¶2: no consent where another basis applies), so asking for consent
 * would suggest a refusal could stop them. The guardian is still told about them in the privacy notice.
 *
 * Pure data and date arithmetic only: the server decides with it and the web shows the same words.
 */

export const CONSENT_PURPOSE_KEYS = ['portalPhoto', 'faceData', 'appRelease'] as const
export type ConsentPurpose = (typeof CONSENT_PURPOSE_KEYS)[number]

export interface ConsentPurposePolicy {
  /** What the guardian is asked, as the card names it. */
  label: string
  /** What happens with the data, said plainly on the confirmation (儿童规定 art. 10: purpose, method, scope). */
  description: string
  /** Why consent is the legal basis here (and which articles). */
  legalBasis: string
  /** What refusing or withdrawing changes: never a basic function of the portal (未成年人网络保护条例 art. 32). */
  ifRefused: string
  /** One consent per app (appRelease) rather than one for the purpose. */
  perApp: boolean
}

export const CONSENT_PURPOSES: Record<ConsentPurpose, ConsentPurposePolicy> = {
  portalPhoto: {
    label: '照片用于门户展示',
    description:
      '在门户内的学校应用（如请假审批、成绩管理）中向老师、同学等展示孩子的照片（头像）。孩子本人始终能看到自己的头像；学校工作人员因学籍职责查看时须经授权并留痕，不依赖此项同意。',
    legalBasis:
      '照片属于不满十四周岁未成年人的敏感个人信息，展示不是学籍管理职责所必需，需监护人单独同意（个人信息保护法第28、29、31条；儿童个人信息网络保护规定第9条）。',
    ifRefused: '门户内的学校应用不展示孩子的照片；门户的其他功能不受影响。',
    perApp: false,
  },
  faceData: {
    label: '人脸信息',
    description:
      '智校目前不采集、不保存任何人脸信息。此项同意只管今后可能接入的人脸采集（如校门通行、考勤的人脸识别）：没有同意或撤回同意时，任何人脸采集都不会进行。',
    legalBasis:
      '人脸信息是生物识别信息，属敏感个人信息，需监护人单独同意（个人信息保护法第28、29、31条；儿童个人信息网络保护规定第9、10条）。',
    ifRefused: '不采集、不使用孩子的人脸信息，改用刷卡等其他方式；其他功能不受影响。',
    perApp: false,
  },
  appRelease: {
    label: '向第三方应用提供孩子的信息',
    description:
      '智校向该第三方应用提供孩子的姓名、学号、班级、亲属关系等信息（以应用获授权的范围为限），供其为孩子提供服务。',
    legalBasis:
      '第三方应用不属于学校的学籍、教学职责，向其提供孩子的个人信息需监护人单独同意（个人信息保护法第23、29、31条；儿童个人信息网络保护规定第9、14条）。',
    ifRefused: '该应用收不到孩子的信息（通讯录接口和登录信息中均不含孩子）；门户和其他应用不受影响。',
    perApp: true,
  },
}

/** How a consent line was given: the parent on a computer, on the phone, or a school admin entering a paper form. */
export const CONSENT_CHANNELS = ['pc', 'mobile', 'paper'] as const
export type ConsentChannel = (typeof CONSENT_CHANNELS)[number]
export const CONSENT_CHANNEL_LABEL: Record<ConsentChannel, string> = {
  pc: '电脑端',
  mobile: '手机端',
  paper: '纸质（学校录入）',
}

/**
 * How an app registration treats children's data (应用管理 › 接入): `duty` — a district school-duty app (学籍 and
 * teaching use, no consent asked); `consent` — a third-party app, which receives a minor only with a guardian's
 * appRelease consent on record. New apps are `consent`: the safe side until the district says otherwise.
 */
export const APP_CHILDREN_DATA = ['consent', 'duty'] as const
export type AppChildrenData = (typeof APP_CHILDREN_DATA)[number]
export const APP_CHILDREN_DATA_LABEL: Record<AppChildrenData, string> = {
  consent: '第三方应用（孩子的信息须监护人同意）',
  duty: '学校职责应用（学籍、教学使用，无需同意）',
}

/** Whole years of age on `today` (YYYY-MM-DD), from a birthday (YYYY-MM-DD); null when the date is unusable. */
export function ageOn(birthday: string | null | undefined, today: string): number | null {
  const b = /^(\d{4})-(\d{2})-(\d{2})/.exec(birthday ?? '')
  const d = /^(\d{4})-(\d{2})-(\d{2})/.exec(today)
  if (!b || !d) return null
  const age = Number(d[1]) - Number(b[1]) - (`${d[2]}${d[3]}` < `${b[2]}${b[3]}` ? 1 : 0)
  return age >= 0 ? age : null
}

/**
 * Under 14 (PIPL art. 28, 31: sensitive data, the guardian consents). No usable birthday counts as under 14: the
 * safe side, since a missing date must not release a child.
 */
export function isUnder14(birthday: string | null | undefined, today: string): boolean {
  const age = ageOn(birthday, today)
  return age === null || age < 14
}

/** Under 18 (a minor: 未成年人保护法 art. 2); no usable birthday counts as a minor. */
export function isMinor(birthday: string | null | undefined, today: string): boolean {
  const age = ageOn(birthday, today)
  return age === null || age < 18
}

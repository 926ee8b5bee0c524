import { classHomeConfig, RedDotPerm, redotMsgConfig } from '@zhixiao/shared'
import type { NamedConfig } from '../portal-config/named-config.js'

/** RedotMsgConfig: the red-dot rules of an org (saved with the /menhu-reddot button code). */
export const redotMsgCfg: NamedConfig<typeof redotMsgConfig> = {
  name: 'redot_msg_config',
  label: '红点规则',
  schema: redotMsgConfig,
  permission: RedDotPerm.SAVE,
}

/** ClassHomeConfig: the blocks of /portal/class (saved with the PC portal's class-home button code). */
export const classHomeCfg: NamedConfig<typeof classHomeConfig> = {
  name: 'class_home_config',
  label: '班级主页配置',
  schema: classHomeConfig,
  permission: RedDotPerm.CLASS_HOME_SAVE,
}

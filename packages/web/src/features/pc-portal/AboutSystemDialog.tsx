import type { SystemInfoAnswer } from '@zhixiao/shared'
import { Descriptions, Modal, Spin } from 'antd'
import { useCurrentUser } from '../../api/queries'
import { appConfig } from '../../config'
import { useSystemInfo } from './api'

const VERSION_LABEL = '版本'

/** The lines of system info a person reads (empty fields are left out); shared by the dialog and the login footer. */
function systemInfoLines(s: SystemInfoAnswer): [label: string, value: string][] {
  const lines: [string, string][] = [
    ['系统名称', s.sysName],
    [VERSION_LABEL, `v${s.version}`],
    ['运营单位', s.operator],
    ['联系电话', s.contactPhone],
    ['联系邮箱', s.contactEmail],
    ['ICP备案号', s.icpNumber],
  ]
  return lines.filter(([, v]) => v !== '')
}

/** 001 §9 "App version V{ip}": the config centre's version (001 §2.4), else the running package's version. */
const appVersionText = (packageVersion: string): string => `V${appConfig.version || packageVersion}`

/** 关于系统 (the portal header's user menu): the system info of /menhu-systems for the user's org. */
export function AboutSystemDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const orgId = useCurrentUser().data?.orgId
  const info = useSystemInfo({ orgId }, open && orgId !== undefined).data
  return (
    <Modal open={open} title="关于系统" footer={null} onCancel={onClose} destroyOnHidden width={480}>
      {!info ? (
        <Spin />
      ) : (
        <div data-testid="about-system">
          <Descriptions
            column={1}
            size="small"
            items={systemInfoLines(info).map(([label, v]) => ({
              key: label,
              label,
              children:
                label === VERSION_LABEL ? <span data-testid="app-version">{appVersionText(info.version)}</span> : v,
            }))}
          />
          {info.notice && (
            <p style={{ whiteSpace: 'pre-wrap', marginTop: 12 }} data-testid="about-notice">
              {info.notice}
            </p>
          )}
          {info.supportUrl && (
            <a href={info.supportUrl} target="_blank" rel="noopener noreferrer">
              技术支持
            </a>
          )}
        </div>
      )}
    </Modal>
  )
}

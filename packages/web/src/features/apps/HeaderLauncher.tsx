import { useQueryClient } from '@tanstack/react-query'
import { portalApi, PortalKeys, useMhSysConfig, usePersonalMultiple } from '../portal-header/api'
import { AppLauncher } from './AppLauncher'

/**
 * The launcher as the portal header mounts it: 导航栏展示 shown when mh_sys_config allows user customising
 * (hasUserDefined), its value the personal choice over the configured default; a change is saved and the header
 * reloads its config (001 §7.1 save multiple/single preference).
 */
export function HeaderLauncher() {
  const qc = useQueryClient()
  const cfg = useMhSysConfig().data
  const personal = usePersonalMultiple().data
  const change = async (hasMultiple: boolean) => {
    try {
      await portalApi.setPersonal(hasMultiple)
    } catch {
      return
    }
    await qc.invalidateQueries({
      predicate: (q) => q.queryKey[0] === PortalKeys.personal || q.queryKey[0] === PortalKeys.sys,
    })
  }
  return (
    <AppLauncher
      dark
      allowCustomise={!!cfg?.hasUserDefined}
      hasMultiple={personal ?? cfg?.hasMultiple ?? true}
      onHasMultipleChange={(v) => void change(v)}
    />
  )
}

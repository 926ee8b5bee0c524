import { Msg } from '@zhixiao/shared'
import { Button, type ButtonProps } from 'antd'
import { notify } from '../api/feedback'
import { useSession } from '../stores/session'

/** A button governed by a button code: without it the button is dimmed and says 暂无权限 (001 §2.5). */
export function PermButton({ code, onClick, style, ...rest }: ButtonProps & { code: string }) {
  const allowed = useSession((s) => s.userInfo?.permissions.includes(code) ?? false)
  return (
    <Button
      {...rest}
      data-permission={code}
      aria-disabled={!allowed || undefined}
      style={allowed ? style : { ...style, opacity: 0.45 }}
      onClick={allowed ? onClick : () => notify.error(Msg.NO_PERMISSION)}
    />
  )
}

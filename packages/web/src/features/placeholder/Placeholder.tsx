import { Result } from 'antd'
import type { PageProps } from '../../navigation/page-props'

/** A page whose capability is not built yet: its real route and layout, its title and a plain 建设中. */
export default function Placeholder({ path, title }: PageProps) {
  return (
    <div
      data-page={path}
      style={{ display: 'flex', justifyContent: 'center', alignItems: 'center', minHeight: '50vh' }}
    >
      <Result status="info" title={<h1 style={{ fontSize: 24, margin: 0 }}>{title}</h1>} subTitle="建设中" />
    </div>
  )
}

import { Result } from 'antd'

/** A page whose capability is not built yet: its real route and layout, and a plain 建设中. */
export default function Placeholder({ path, title }: { path: string; title: string }) {
  return (
    <div data-page={path}>
      <Result status="info" title={title} subTitle="建设中" />
    </div>
  )
}

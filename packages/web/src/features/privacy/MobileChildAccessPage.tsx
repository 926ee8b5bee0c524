import type { PageProps } from '../../navigation/page-props'
import { useChildPick } from '../mobile-portal/MobileLayout'
import { ChildAccessList } from './ChildAccessList'

/** /mobile/childAccess: 谁查看了孩子的信息 on the parent's phone, starting from the child picked in 我的. */
export default function MobileChildAccessPage({ path, title }: PageProps) {
  const { childId } = useChildPick()
  return (
    <div data-page={path}>
      <section className="zx-m-section">
        <h2>{title}</h2>
        <ChildAccessList initialChildId={childId} />
      </section>
    </div>
  )
}

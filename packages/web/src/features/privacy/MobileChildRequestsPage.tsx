import type { PageProps } from '../../navigation/page-props'
import { useChildPick } from '../mobile-portal/MobileLayout'
import { ChildRequests } from './ChildRequests'

/** /mobile/childRequests: 更正或删除孩子的信息 on the parent's phone, starting from the child picked in 我的. */
export default function MobileChildRequestsPage({ path, title }: PageProps) {
  const { childId } = useChildPick()
  return (
    <div data-page={path}>
      <section className="zx-m-section">
        <h2>{title}</h2>
        <ChildRequests initialChildId={childId} />
      </section>
    </div>
  )
}

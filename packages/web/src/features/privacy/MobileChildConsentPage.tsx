import type { PageProps } from '../../navigation/page-props'
import { useChildPick } from '../mobile-portal/MobileLayout'
import { ChildConsentList } from './ChildConsentList'

/** /mobile/childConsent: 孩子的授权 on the parent's phone, starting from the child picked in 我的. */
export default function MobileChildConsentPage({ path, title }: PageProps) {
  const { childId } = useChildPick()
  return (
    <div data-page={path}>
      <section className="zx-m-section">
        <h2>{title}</h2>
        <ChildConsentList channel="mobile" initialChildId={childId} />
      </section>
    </div>
  )
}

import { PageFrame } from '../../components/crud'
import type { PageProps } from '../../navigation/page-props'
import { OrgTypePanel } from './OrgTypePanel'

/** Organisation types (orgType, orgTypeOne) and department types (departType, departTypeOne). */
export default function OrgTypePage({ path, title }: PageProps) {
  return (
    <PageFrame path={path} title={title}>
      <OrgTypePanel kind={path.includes('departType') ? 'depart' : 'org'} />
    </PageFrame>
  )
}

import { PageFrame } from '../../components/crud'
import type { PageProps } from '../../router/pages'
import { DictTabs } from './DictTabs'

/** /base-communalFields: the top organisation's public fields (building type, room use). */
export default function CommunalFieldsPage({ path, title }: PageProps) {
  return <PageFrame path={path} title={title}><DictTabs types={['buildingType', 'roomUse']} /></PageFrame>
}

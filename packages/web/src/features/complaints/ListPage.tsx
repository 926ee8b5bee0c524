import { PageFrame } from '../../components/crud'
import type { PageProps } from '../../navigation/page-props'
import { ComplaintTable } from './ComplaintTable'

/** /menhu-complaintSuggest/list (sc_menhu_newFeedback_config_list): every submission of the org; holders may also reply. */
export default function ListPage({ path, title }: PageProps) {
  return (
    <PageFrame path={path} title={title}>
      <ComplaintTable scope="all" handle />
    </PageFrame>
  )
}

import { Result } from 'antd'
import { useQuery } from '@tanstack/react-query'
import { PageFrame } from '../../components/crud'
import type { PageProps } from '../../navigation/page-props'
import { complaintApi, ComplaintKeys } from './api'
import { ComplaintTable } from './ComplaintTable'

/** /menhu-complaintSuggest/handle: the caller's own queue — submissions of the classes they handle. */
export default function HandlePage({ path, title }: PageProps) {
  const handler = useQuery({ queryKey: [ComplaintKeys.handler], queryFn: complaintApi.isHandler })
  return (
    <PageFrame path={path} title={title}>
      {handler.data === false ? (
        <Result status="info" title="您不是任何投诉建议分类的处理人" />
      ) : (
        handler.data && <ComplaintTable scope="mine" handle />
      )}
    </PageFrame>
  )
}

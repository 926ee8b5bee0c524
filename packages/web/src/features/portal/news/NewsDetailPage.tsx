import { Button, Card } from 'antd'
import { useNavigate, useSearchParams } from 'react-router'
import type { PageProps } from '../../../router/pages'
import { appConfig } from '../../../config'
import { NewsDetailView } from './NewsDetailView'

/** /cms2-newslist/details?id= and the school portal's /schoolPortal/home/news/details?id=. */
export default function NewsDetailPage({ path }: PageProps) {
  const [params] = useSearchParams()
  const navigate = useNavigate()
  const id = Number(params.get('id'))
  const school = path.startsWith('/schoolPortal')
  return (
    <div data-page={path}>
      <Card extra={<Button onClick={() => void navigate(-1)}>返回</Button>}>
        {Number.isSafeInteger(id) && id > 0 ? <NewsDetailView id={id} orgId={school ? appConfig.schoolOrgId : null} /> : null}
      </Card>
    </div>
  )
}

import { Button, Card } from 'antd'
import { useNavigate, useSearchParams } from 'react-router'
import type { PageProps } from '../../../navigation/page-props'
import { appConfig } from '../../../config'
import { newsBackPath } from './detail-link'
import { NewsDetailView } from './NewsDetailView'

/**
 * /cms2-newslist/details and the school portal's /schoolPortal/home/news/details (001 §2.1: id, title, type, source,
 * style; detail-link.ts): the item under the heading of the list it came from; 返回 goes back, or — opened on its own —
 * to that list (or the home); style 1 reads in a narrow column.
 */
export default function NewsDetailPage({ path, title }: PageProps) {
  const [params] = useSearchParams()
  const navigate = useNavigate()
  const id = Number(params.get('id'))
  const school = path.startsWith('/schoolPortal')
  // The router numbers its history entries (idx): 0 means the page was opened on its own (a new tab, a shared link).
  const back = () => {
    if ((window.history.state as { idx?: number } | null)?.idx) void navigate(-1)
    else void navigate(newsBackPath(school, params))
  }
  const narrow = params.get('style') === '1'
  return (
    <div
      data-page={path}
      style={narrow ? { maxWidth: 800, margin: '0 auto' } : undefined}
      data-style={narrow ? 'narrow' : 'wide'}
    >
      <Card
        title={params.get('title') || title}
        extra={
          <Button data-testid="news-back" onClick={back}>
            返回
          </Button>
        }
      >
        {Number.isSafeInteger(id) && id > 0 ? (
          <NewsDetailView id={id} orgId={school ? appConfig.schoolOrgId : null} />
        ) : null}
      </Card>
    </div>
  )
}

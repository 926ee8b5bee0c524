import { BASE_ROUTES } from '@zhixiao/shared'
import { Card, Col, Result, Row } from 'antd'
import { Link } from 'react-router'
import type { PageProps } from '../../router/pages'

/** The super administrator's other set-up pages, linked from here. */
const AREAS = BASE_ROUTES.filter((r) => r.adminOnly && r.path !== '/base-set/system')

/** /base-set/system: the super administrator's landing page (system settings, 建设中 for now). */
export default function SystemSetPage({ path, title }: PageProps) {
  return (
    <div data-page={path}>
      <Result status="info" title={<h1 style={{ fontSize: 24, margin: 0 }}>{title}</h1>} subTitle="建设中" />
      <Row gutter={[16, 16]} justify="center">
        {AREAS.map((r) => (
          <Col key={r.path} xs={24} sm={12} lg={6}>
            <Link to={r.path}><Card hoverable size="small" style={{ textAlign: 'center' }}>{r.title}</Card></Link>
          </Col>
        ))}
      </Row>
    </div>
  )
}

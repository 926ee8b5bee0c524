import type { AllianceApp } from '@zhixiao/shared'
import { Card, Col, Row } from 'antd'

/** The alliance's shared apps as tiles; each opens its address in a new tab (http(s) only, checked on save). */
export function AppTiles({ apps }: { apps: AllianceApp[] }) {
  return (
    <Row gutter={[12, 12]} data-testid="alliance-app-tiles">
      {apps.map((app) => (
        <Col key={`${app.name}-${app.url}`} xs={12} sm={8} md={6}>
          <a href={app.url} target="_blank" rel="noopener noreferrer">
            <Card hoverable size="small" styles={{ body: { textAlign: 'center', padding: 12 } }}>
              <div
                aria-hidden
                style={{
                  width: 40,
                  height: 40,
                  margin: '0 auto 8px',
                  borderRadius: 10,
                  background: '#0958d9',
                  color: '#fff',
                  lineHeight: '40px',
                  fontSize: 18,
                }}
              >
                {app.name.slice(0, 1)}
              </div>
              <div style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }} title={app.name}>
                {app.name}
              </div>
            </Card>
          </a>
        </Col>
      ))}
    </Row>
  )
}

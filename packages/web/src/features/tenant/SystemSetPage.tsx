import { BASE_ROUTES } from '@zhixiao/shared'
import { Card, Col, Row, Typography } from 'antd'
import { Link } from 'react-router'
import type { PageProps } from '../../navigation/page-props'
import { ConfigCenterCard } from './ConfigCenterCard'

/** What each of the super administrator's set-up pages is for. */
const PURPOSE: Record<string, string> = {
  '/base-set/tenant-manage':
    '新建租户（教育局、学校或联盟）及其顶级机构和首个管理员；设置密码有效期、系统名称、登录后信息核验和学生站点。',
  '/base-set/area/levelSet': '维护行政级别（省、市、区县……），供行政区域引用。',
  '/base-set/area/areaSet': '按级别维护行政区划树，机构登记时选用。',
  '/dataWare/house/index': '数据仓库接入配置。',
}
const AREAS = BASE_ROUTES.filter((r) => r.adminOnly && r.path !== '/base-set/system')

/** /base-set/system: the super administrator's landing page: the config centre, and one card per platform-wide setting area. */
export default function SystemSetPage({ path, title }: PageProps) {
  return (
    <div data-page={path} style={{ padding: 24 }}>
      <Typography.Title level={3}>{title}</Typography.Title>
      <Typography.Paragraph type="secondary">
        平台级设置由超级管理员维护；各租户的机构与基础数据由租户管理员在其门户中维护。
      </Typography.Paragraph>
      <ConfigCenterCard />
      <Row gutter={[16, 16]}>
        {AREAS.map((r) => (
          <Col key={r.path} xs={24} sm={12} lg={8}>
            <Link to={r.path}>
              <Card hoverable title={r.title} size="small" style={{ height: '100%' }}>
                {PURPOSE[r.path] ?? r.title}
              </Card>
            </Link>
          </Col>
        ))}
      </Row>
    </div>
  )
}

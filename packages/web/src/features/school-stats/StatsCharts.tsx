import { Column } from '@ant-design/plots'
import { BAND_LABEL, type StatsSchool } from '@zhixiao/shared'
import { Card, Col, Row } from 'antd'

/**
 * The statistics page's charts, in their own chunk: @ant-design/plots (G2) is loaded only when this page shows them
 * (StatsPage imports this file with React.lazy), so no other page's bundle carries it.
 */
export default function StatsCharts({ schools }: { schools: StatsSchool[] }) {
  // Students by grade across the schools shown, in year-level order (一年级 … 九年级), by gender.
  const levels = new Map<string, { level: number; male: number; female: number }>()
  for (const s of schools)
    for (const g of s.grades) {
      const e = levels.get(g.name) ?? {
        level: g.level + (g.period === '初中' ? 6 : g.period === '高中' ? 9 : 0),
        male: 0,
        female: 0,
      }
      e.male += g.male
      e.female += g.female
      levels.set(g.name, e)
    }
  const byGrade = [...levels]
    .sort((a, b) => a[1].level - b[1].level)
    .flatMap(([grade, e]) => [
      { grade, sex: '男', n: e.male },
      { grade, sex: '女', n: e.female },
    ])
  const bands = (['balanced', 'large', 'huge'] as const).map((b) => ({
    band: BAND_LABEL[b],
    n: schools.reduce((a, s) => a + s.bands[b], 0),
  }))
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={14}>
        <Card size="small" title="各年级学生数（按性别）">
          <div role="img" aria-label="各年级学生数柱状图" data-testid="chart-grades">
            <Column data={byGrade} xField="grade" yField="n" colorField="sex" stack height={260} autoFit />
          </div>
        </Card>
      </Col>
      <Col xs={24} lg={10}>
        <Card size="small" title="班额预警班级数">
          <div role="img" aria-label="班额预警班级数柱状图" data-testid="chart-bands">
            <Column data={bands} xField="band" yField="n" colorField="band" height={260} autoFit />
          </div>
        </Card>
      </Col>
    </Row>
  )
}

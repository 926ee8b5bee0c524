import { privacyAuditContracts as C } from '@zhixiao/shared'
import { Alert, Button, Card, Select, Space, Typography } from 'antd'
import { useState } from 'react'
import { download } from '../../api/call'
import { PageFrame } from '../../components/crud'
import type { PageProps } from '../../navigation/page-props'

const FIRST_YEAR = 2020
const SHEETS = [
  '概览：人数、未成年人与不满14周岁儿童、访问与导出次数、接收儿童信息的应用',
  '未成年人（按机构）',
  '访问与导出（按月）、访问与导出（按机构）',
  '导出审批、同意的授予与撤回、监护人请求（相应功能上线后自动填充）',
  '接收儿童信息的应用',
  '生效的隐私政策',
]

/**
 * /base-privacyLog/audit: the year's audit pack of minors' personal information in one workbook (未成年人网络保护条例
 * art. 37; docs/privacy.md "Privacy notice and annual audit"). Counts only, no person's data. Top org admins only.
 */
export default function AuditPage({ path, title }: PageProps) {
  const thisYear = new Date().getFullYear()
  // In January the audit is of the year just ended (filed by the end of January).
  const [year, setYear] = useState(new Date().getMonth() === 0 ? thisYear - 1 : thisYear)
  const [busy, setBusy] = useState(false)
  const years = Array.from({ length: thisYear - FIRST_YEAR + 1 }, (_, i) => thisYear - i)
  const run = async () => {
    setBusy(true)
    try {
      await download(C.pack, `${year}年未成年人个人信息保护合规审计.xlsx`, { year })
    } finally {
      setBusy(false)
    }
  }
  return (
    <PageFrame path={path} title={title}>
      <Card>
        <Space orientation="vertical" size={16} style={{ width: '100%' }}>
          <Typography.Paragraph style={{ marginBottom: 0 }}>
            生成所选年度的未成年人个人信息保护合规审计包（Excel），包含以下工作表：
          </Typography.Paragraph>
          <ul style={{ margin: 0, paddingLeft: 20 }}>
            {SHEETS.map((s) => (
              <li key={s}>{s}</li>
            ))}
          </ul>
          <Space wrap>
            <label htmlFor="audit-year">审计年度</label>
            <Select
              id="audit-year"
              aria-label="审计年度"
              value={year}
              onChange={setYear}
              style={{ width: 120 }}
              options={years.map((y) => ({ value: y, label: `${y}年` }))}
            />
            <Button type="primary" onClick={() => void run()} loading={busy}>
              下载审计包
            </Button>
          </Space>
          <Alert
            type="info"
            showIcon
            title="审计包只含统计数字与机构、应用名称，不含任何人员的个人信息；每次生成记入操作日志。仅顶级机构的管理员可生成。"
          />
        </Space>
      </Card>
    </PageFrame>
  )
}

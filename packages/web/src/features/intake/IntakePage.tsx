import {
  intakeContracts,
  SEX_LABEL,
  type GraduateRow,
  type PlacementClass,
  type PlacementPreview,
  type UnplacedRow,
} from '@zhixiao/shared'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Alert, Button, Card, Select, Space, Table, Tag, Typography } from 'antd'
import { useEffect, useState } from 'react'
import { download } from '../../api/call'
import { notify } from '../../api/feedback'
import { PageFrame } from '../../components/crud'
import type { PageProps } from '../../navigation/page-props'
import { importApi } from '../imports/api'
import { ImportLogDrawer } from '../imports/ImportLogDrawer'
import { useImportPanel } from '../imports/store'
import { useImportUpload } from '../imports/use-import-upload'
import { intakeApi } from './api'

const sexText = (s: number | null) => (s === null ? '—' : (SEX_LABEL[s] ?? '—'))
const KEYS = ['intakeGrade', 'intakeGraduates', 'intakeStudents'] as const

/**
 * /base-schoolYear/intake (新生入学): the school fills its new first grade from an import (template, error file in
 * 导入记录) and from its feeder schools' graduates, then places the unplaced ones with a balanced split per class
 * (docs/school-year.md "Intake, feeder schools and class placement").
 */
export default function IntakePage({ path, title }: PageProps) {
  const client = useQueryClient()
  const grade = useQuery({ queryKey: ['intakeGrade'], queryFn: () => intakeApi.grade(), retry: false })
  const graduates = useQuery({
    queryKey: ['intakeGraduates'],
    queryFn: () => intakeApi.graduates(),
    enabled: grade.isSuccess,
  })
  const students = useQuery({
    queryKey: ['intakeStudents'],
    queryFn: () => intakeApi.students(),
    enabled: grade.isSuccess,
  })
  const [chosen, setChosen] = useState<number[]>([])
  const [preview, setPreview] = useState<PlacementPreview | null>(null)
  const [busy, setBusy] = useState<string | null>(null)
  const [logs, setLogs] = useState(false)
  const upload = useImportUpload(intakeContracts.importExcel, 'intake-import-file')
  const reload = () => KEYS.forEach((k) => void client.invalidateQueries({ queryKey: [k] }))
  // An import runs as a job after the upload answers: when one of this page's kind ends, the grade's count and the
  // student list are read again, so the new pupils show without reopening the page.
  const lastTask = useImportPanel((s) => s.finished.find((t) => t.type === 'intake'))
  const lastImport = lastTask?.importLogId
  // Its refused rows are listed here with their reasons (the error file holds the rows' data).
  const refused = useQuery({
    queryKey: ['intakeRefused', lastImport],
    queryFn: () => importApi.reasons(lastImport!),
    enabled: !!lastImport && (lastTask?.failCount ?? 0) > 0,
  })
  useEffect(() => {
    if (lastImport) KEYS.forEach((k) => void client.invalidateQueries({ queryKey: [k] }))
  }, [lastImport, client])
  const run = async (what: string, go: () => Promise<{ msg: string }>) => {
    setBusy(what)
    try {
      notify.success((await go()).msg)
      reload()
      return true
    } catch {
      // The api client has shown the server's message.
      return false
    } finally {
      setBusy(null)
    }
  }
  const g = grade.data
  const classOptions = (g?.classes ?? []).map((c) => ({ value: c.id, label: c.name }))
  const className = (id: number | null) => g?.classes.find((c) => c.id === id)?.name ?? '未分班'

  return (
    <PageFrame path={path} title={title}>
      <Space direction="vertical" size="middle" style={{ width: '100%' }}>
        {grade.isError && (
          <Alert type="warning" showIcon message="本校尚无新生年级：请先完成学年结转，或新增本学年入学的年级" />
        )}
        {g && (
          <Typography.Paragraph>
            新生年级：<strong>{g.gradeName}</strong>（{g.schoolYear} 学年入学），共 {g.classes.length} 个班，待分班{' '}
            <strong>{g.unplaced}</strong> 人
          </Typography.Paragraph>
        )}
        <Card size="small" title="导入新生">
          <Space wrap>
            {upload.input}
            <Button type="primary" onClick={upload.choose} loading={upload.uploading} disabled={!g}>
              导入
            </Button>
            <Button
              loading={busy === 'template'}
              onClick={() => {
                setBusy('template')
                void download(intakeContracts.downloadExcelTemplate, '新生导入模板.xlsx').finally(() => setBusy(null))
              }}
            >
              下载模板
            </Button>
            <Button onClick={() => setLogs(true)}>导入记录（错误数据）</Button>
          </Space>
          <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>
            列：姓名、性别、身份证号、学籍号（可选）、家长姓名、家长手机（可选）。身份证号校验不通过、文件内重复、已是本区其他学校在读学生的行不导入，可在导入记录中下载错误数据。
          </Typography.Paragraph>
          {lastTask && !!refused.data?.length && (
            <Table<{ rowNo: number; reason: string }>
              style={{ marginTop: 12 }}
              rowKey="rowNo"
              size="small"
              data-testid="intake-refused"
              caption={`未导入的行（${lastTask.fileName}）`}
              pagination={{ pageSize: 10, hideOnSinglePage: true }}
              dataSource={refused.data}
              columns={[
                { title: '行号', dataIndex: 'rowNo', width: 80 },
                { title: '原因', dataIndex: 'reason' },
              ]}
            />
          )}
          {logs && <ImportLogDrawer kind="intake" title="新生导入记录" onClose={() => setLogs(false)} />}
        </Card>

        <Card
          size="small"
          title="从对口小学录取"
          extra={
            <Button
              type="primary"
              disabled={!chosen.length}
              loading={busy === 'admit'}
              onClick={() =>
                void run('admit', () => intakeApi.admit({ userInfoIds: chosen })).then((ok) => ok && setChosen([]))
              }
            >
              录取所选（{chosen.length}）
            </Button>
          }
        >
          <Table<GraduateRow>
            rowKey="userInfoId"
            size="small"
            loading={graduates.isFetching}
            dataSource={graduates.data ?? []}
            pagination={{ pageSize: 50, hideOnSinglePage: true }}
            scroll={{ x: 'max-content' }}
            locale={{ emptyText: '暂无对口小学毕业生（对口关系由教育局维护）' }}
            rowSelection={{
              selectedRowKeys: chosen,
              onChange: (keys) => setChosen(keys.map(Number)),
              getCheckboxProps: (r) => ({ disabled: r.admitted, 'aria-label': `选择${r.trueName}` }),
            }}
            columns={[
              { title: '姓名', dataIndex: 'trueName' },
              { title: '学籍号', dataIndex: 'jobNo' },
              { title: '性别', dataIndex: 'sex', render: sexText },
              { title: '身份证号', dataIndex: 'idCard' },
              { title: '学校', dataIndex: 'schoolName' },
              { title: '班级', dataIndex: 'className' },
              {
                title: '状态',
                dataIndex: 'admitted',
                render: (a: boolean) => (a ? <Tag color="green">已录取</Tag> : <Tag>待录取</Tag>),
              },
            ]}
          />
        </Card>

        <Card
          size="small"
          title="分班"
          extra={
            <Space wrap>
              <Button
                loading={busy === 'preview'}
                disabled={!g?.unplaced}
                onClick={async () => {
                  setBusy('preview')
                  try {
                    setPreview(await intakeApi.preview())
                  } catch {
                    // The api client has shown the server's message.
                  } finally {
                    setBusy(null)
                  }
                }}
              >
                生成分班预览
              </Button>
              <Button
                type="primary"
                disabled={!preview || !!preview.refusal}
                loading={busy === 'apply'}
                onClick={() =>
                  preview &&
                  void run('apply', () =>
                    intakeApi.apply({
                      assignments: preview.assignments.map((a) => ({ userInfoId: a.userInfoId, classId: a.classId })),
                    }),
                  ).then(() => setPreview(null))
                }
              >
                确认分班
              </Button>
            </Space>
          }
        >
          {preview?.refusal && <Alert type="error" showIcon message={preview.refusal} style={{ marginBottom: 8 }} />}
          {preview && (
            <Table<PlacementClass>
              rowKey="id"
              size="small"
              pagination={false}
              scroll={{ x: 'max-content' }}
              dataSource={preview.classes}
              caption="分班预览（按性别与人数均衡）"
              columns={[
                { title: '班级', dataIndex: 'name' },
                { title: '现有（男/女）', key: 'now', render: (_, c) => `${c.total}（${c.boys}/${c.girls}）` },
                { title: '新分入男', dataIndex: 'addBoys' },
                { title: '新分入女', dataIndex: 'addGirls' },
                { title: '分班后人数', dataIndex: 'after' },
                {
                  title: '班额',
                  dataIndex: 'bandLabel',
                  render: (l: string | null, c) =>
                    l ? <Tag color={c.band === 'balanced' ? 'orange' : 'red'}>{l}</Tag> : <Tag color="green">正常</Tag>,
                },
              ]}
            />
          )}
          <Table<UnplacedRow>
            style={{ marginTop: 12 }}
            rowKey="userInfoId"
            size="small"
            loading={students.isFetching}
            dataSource={students.data ?? []}
            pagination={{ pageSize: 50, hideOnSinglePage: true }}
            scroll={{ x: 'max-content' }}
            caption="新生年级学生"
            columns={[
              { title: '姓名', dataIndex: 'trueName' },
              { title: '学籍号', dataIndex: 'jobNo' },
              { title: '性别', dataIndex: 'sex', render: sexText },
              { title: '班级', dataIndex: 'classId', render: (id: number | null) => className(id) },
              {
                title: '调整班级',
                key: 'move',
                render: (_, r) => (
                  <Select
                    aria-label={`调整${r.trueName}的班级`}
                    size="small"
                    style={{ minWidth: 110 }}
                    placeholder="选择班级"
                    value={r.classId ?? undefined}
                    options={classOptions}
                    onChange={(classId: number) =>
                      void run('move', () => intakeApi.move({ userInfoId: r.userInfoId, classId }))
                    }
                  />
                ),
              },
            ]}
          />
        </Card>
      </Space>
    </PageFrame>
  )
}

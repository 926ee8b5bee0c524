import { IMPORT_KINDS, IMPORT_STATUS_LABEL, ImportStatus, type ImportKind, type ImportTask } from '@zhixiao/shared'
import { Button, Flex, Progress, Space, Tag, Typography } from 'antd'
import { isActive } from './api'

const STATUS_COLOR: Record<number, string> = {
  [ImportStatus.QUEUED]: 'default',
  [ImportStatus.RUNNING]: 'processing',
  [ImportStatus.DONE]: 'success',
  [ImportStatus.CANCELLED]: 'warning',
  [ImportStatus.FAILED]: 'error',
}

const kindLabel = (type: string): string => IMPORT_KINDS[type as ImportKind] ?? type
export const ImportStatusTag = ({ status }: { status: number }) => (
  <Tag color={STATUS_COLOR[status]}>{IMPORT_STATUS_LABEL[status] ?? status}</Tag>
)

/** One file on the import panel: progress and 取消 while it runs; the counts and the rejected rows once it ended. */
export function ImportTaskItem({
  task,
  onCancel,
  onClose,
  onErrors,
}: {
  task: ImportTask
  onCancel: (t: ImportTask) => void
  onClose: (t: ImportTask) => void
  onErrors: (t: ImportTask) => void
}) {
  const active = isActive(task)
  return (
    <div data-testid="import-task" style={{ padding: '8px 0', borderBottom: '1px solid #f0f0f0' }}>
      <Flex justify="space-between" align="center" gap={8}>
        <Typography.Text ellipsis={{ tooltip: task.fileName }} style={{ flex: 1, minWidth: 0 }}>
          {kindLabel(task.type)} · {task.fileName}
        </Typography.Text>
        <ImportStatusTag status={task.status} />
      </Flex>
      {(active || task.status === ImportStatus.DONE) && (
        // The percentage stays written out at 100% (antd would swap it for a tick) so the end is read, not guessed.
        <Progress
          percent={Math.round(task.percentage)}
          size="small"
          status={active ? 'active' : 'success'}
          format={(p) => `${p}%`}
        />
      )}
      {active ? (
        <>
          <Flex justify="space-between" align="center">
            <Typography.Text type="secondary">
              已处理 {task.processedCount}/{task.totalCount}
            </Typography.Text>
            <Button size="small" danger onClick={() => onCancel(task)}>
              取消
            </Button>
          </Flex>
        </>
      ) : (
        <Flex justify="space-between" align="center" wrap>
          <Space size={4} wrap>
            <Typography.Text type="secondary">
              成功 {task.successCount} 条，失败 {task.failCount} 条
            </Typography.Text>
            {task.failCount > 0 && (
              <Button type="link" size="small" onClick={() => onErrors(task)}>
                下载失败数据
              </Button>
            )}
          </Space>
          <Button type="link" size="small" onClick={() => onClose(task)}>
            关闭
          </Button>
        </Flex>
      )}
      {task.message && (
        <Typography.Text type={task.status === ImportStatus.FAILED ? 'danger' : 'secondary'}>
          {task.message}
        </Typography.Text>
      )}
    </div>
  )
}

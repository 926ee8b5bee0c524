import { EXPORT_KIND_LABEL, PI_EXPORT_FULL_PERMISSION, type ExportKind, type ExportRequestBody } from '@zhixiao/shared'
import { Alert, Button, Dropdown, Form, Input, Modal, Typography } from 'antd'
import { useState } from 'react'
import { notify } from '../../api/feedback'
import { useSession } from '../../stores/session'
import { piExportApi } from './api'

type Mode = 'full' | 'masked'

/**
 * The choices beside a people list's 导出（脱敏）: 申请导出完整信息 (full values, the code of that name) and, for students,
 * 申请导出（脱敏，大批量） for a masked export over the tenant's limit of minors. Either is a request with a purpose
 * that the personal-information officer or an approver decides on; the file then waits on the 导出申请 page.
 */
export function RequestExportMenu({ kind, filter }: { kind: ExportKind; filter: object }) {
  const canFull = useSession((s) => s.userInfo?.permissions.includes(PI_EXPORT_FULL_PERMISSION) ?? false)
  const [mode, setMode] = useState<Mode | null>(null)
  const [busy, setBusy] = useState(false)
  const [form] = Form.useForm<{ purpose: string }>()
  const items = [
    { key: 'full', label: '申请导出完整信息', disabled: !canFull },
    ...(kind === 'student' ? [{ key: 'masked', label: '申请导出（脱敏，大批量）' }] : []),
  ]
  const close = () => {
    setMode(null)
    form.resetFields()
  }
  const submit = async ({ purpose }: { purpose: string }) => {
    if (!mode) return
    setBusy(true)
    try {
      const body = { kind, filter, purpose: purpose.trim(), full: mode === 'full' } as ExportRequestBody
      const env = await piExportApi.request(body)
      notify.success(`${env.msg}，可在“个人信息保护 › 导出申请”中查看进度`)
      close()
    } catch {
      // The api client has shown the server's message (no officer yet, no code, out of reach).
    } finally {
      setBusy(false)
    }
  }
  return (
    <>
      <Dropdown trigger={['click']} menu={{ items, onClick: ({ key }) => setMode(key as Mode) }}>
        {/* No 导出 in its name: the list's 导出（脱敏） stays the one button of that name. */}
        <Button>
          申请审批 <span aria-hidden="true">▾</span>
        </Button>
      </Dropdown>
      <Modal
        title={
          mode === 'full' ? `申请导出${EXPORT_KIND_LABEL[kind]}完整信息` : `申请导出${EXPORT_KIND_LABEL[kind]}（脱敏）`
        }
        open={mode !== null}
        onCancel={close}
        okText="提交申请"
        onOk={() => form.submit()}
        confirmLoading={busy}
        destroyOnHidden
      >
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 12 }}
          message="按当前列表的筛选条件导出。申请经个人信息保护负责人或审批人批准后生成文件，文件带有导出人和用途水印，下载链接24小时内有效。"
        />
        <Form form={form} layout="vertical" onFinish={(v) => void submit(v)}>
          <Form.Item
            name="purpose"
            label="用途"
            rules={[
              { required: true, whitespace: true, message: '请填写导出用途（4-200个字）' },
              { min: 4, max: 200, message: '请填写导出用途（4-200个字）' },
            ]}
          >
            <Input.TextArea rows={3} maxLength={200} showCount placeholder="例如：学籍信息年度核对" />
          </Form.Item>
        </Form>
        <Typography.Text type="secondary">每个学生的记录都会留下导出记录，家长可以看到。</Typography.Text>
      </Modal>
    </>
  )
}

import type { Envelope } from '@zhixiao/shared'
import { App, Button, Space } from 'antd'
import { useNavigate } from 'react-router'
import { PermButton } from '../PermButton'
import type { Toggleable } from './types'

/**
 * One link button of a row's 操作 column: a call (`run`, after `confirm` when given) or a page to open (`to`,
 * e.g. 详情 / 查看).
 */
export type RowAction<Row> = {
  key: string
  label: string | ((row: Row) => string)
  danger?: boolean
  /** A button code: without it the button is dimmed (PermButton). */
  code?: string
  hidden?: (row: Row) => boolean
} & (
  | {
      run: (row: Row) => Promise<Envelope<unknown>>
      confirm?: { title: (row: Row) => string; content?: string; okText?: string }
    }
  | { to: (row: Row) => string }
)

/** A row's buttons. `write` runs a call, shows its msg and refreshes; `edit` opens the card's form. */
export function RowActions<Row>({
  row,
  actions,
  write,
  edit,
  editCode,
}: {
  row: Row
  actions: RowAction<Row>[]
  write: (fn: () => Promise<Envelope<unknown>>) => Promise<unknown>
  edit?: () => void
  editCode?: string
}) {
  const { modal } = App.useApp()
  const navigate = useNavigate()
  const click = (a: RowAction<Row>) => {
    if ('to' in a) {
      void navigate(a.to(row))
      return
    }
    const { run, confirm } = a
    if (!confirm) {
      void write(() => run(row))
      return
    }
    modal.confirm({
      title: confirm.title(row),
      content: confirm.content,
      okText: confirm.okText ?? '确定',
      cancelText: '取消',
      okButtonProps: a.danger ? { danger: true } : undefined,
      onOk: () => write(() => run(row)),
    })
  }
  const button = (key: string, label: string, onClick: () => void, danger?: boolean, code?: string) =>
    code ? (
      <PermButton key={key} code={code} type="link" size="small" danger={danger} onClick={onClick}>
        {label}
      </PermButton>
    ) : (
      <Button key={key} type="link" size="small" danger={danger} onClick={onClick}>
        {label}
      </Button>
    )
  return (
    <Space size={0} wrap>
      {edit && button('edit', '编辑', edit, false, editCode)}
      {actions
        .filter((a) => !a.hidden?.(row))
        .map((a) =>
          button(a.key, typeof a.label === 'function' ? a.label(row) : a.label, () => click(a), a.danger, a.code),
        )}
    </Space>
  )
}

/** 启用 / 停用 through an updateStatus call (0 enabled, 1 disabled). */
export function toggleAction<Row extends Toggleable>(
  setStatus: (id: number, status: number) => Promise<Envelope<unknown>>,
  code?: string,
): RowAction<Row> {
  return {
    key: 'status',
    label: (r) => (r.status === 0 ? '停用' : '启用'),
    run: (r) => setStatus(r.id, r.status === 0 ? 1 : 0),
    code,
  }
}

/** 删除 after a confirm naming the record. */
export function deleteAction<Row extends { id: number; name: string }>(
  remove: (id: number) => Promise<Envelope<unknown>>,
  opts: { content?: string; code?: string } = {},
): RowAction<Row> {
  return {
    key: 'delete',
    label: '删除',
    danger: true,
    code: opts.code,
    run: (r) => remove(r.id),
    confirm: { title: (r) => `删除“${r.name}”？`, content: opts.content ?? '删除后不可恢复。', okText: '删除' },
  }
}

import { FAMILY_BLOCK_LABEL, FAMILY_BLOCKS, MOBILE_BUTTONS, type FamilyLayout } from '@zhixiao/shared'
import { useQuery } from '@tanstack/react-query'
import { Card, Skeleton, Switch } from 'antd'
import { useEffect, useState } from 'react'
import { PageFrame, useWrite } from '../../../components/crud'
import { PermButton } from '../../../components/PermButton'
import type { PageProps } from '../../../navigation/page-props'
import { mobileApi, MobileKeys, MOBILE_WRITE_KEYS } from '../api'
import { OrderedRows } from './OrderedRows'

type Row = FamilyLayout['parent'][number]
/** Every block once: the saved ones in their order, then those never saved (hidden). */
const complete = (rows: Row[], keys: readonly Row['key'][]): Row[] => [
  ...rows,
  ...keys.filter((k) => !rows.some((r) => r.key === k)).map((key) => ({ key, show: false })),
]

/** /base/portal/custom: which blocks the parent and student mobile homes show, in what order. */
export default function HomeDesignPage({ path, title }: PageProps) {
  const cfg = useQuery({ queryKey: [MobileKeys.config, 'layout'], queryFn: mobileApi.layout })
  const [value, setValue] = useState<FamilyLayout | null>(null)
  useEffect(() => {
    if (cfg.data)
      setValue({
        parent: complete(cfg.data.value.parent, FAMILY_BLOCKS),
        student: complete(
          cfg.data.value.student,
          FAMILY_BLOCKS.filter((k) => k !== 'child'),
        ),
      })
  }, [cfg.data])
  const write = useWrite(MOBILE_WRITE_KEYS)
  if (!value)
    return (
      <PageFrame path={path} title={title}>
        <Skeleton active />
      </PageFrame>
    )
  return (
    <PageFrame
      path={path}
      title={title}
      extra={
        <PermButton
          code={MOBILE_BUTTONS.family.edit}
          type="primary"
          onClick={() => void write(() => mobileApi.setLayout(value))}
        >
          保存
        </PermButton>
      }
    >
      {(['parent', 'student'] as const).map((t) => (
        <Card key={t} size="small" title={t === 'parent' ? '家长首页' : '学生首页'} style={{ marginBottom: 12 }}>
          <OrderedRows<Row>
            rows={value[t]}
            rowKey={(r) => r.key}
            onChange={(rows) => setValue({ ...value, [t]: rows })}
            render={(r, set) => (
              <span style={{ display: 'inline-flex', gap: 12, alignItems: 'center' }}>
                <span style={{ width: 80 }}>{FAMILY_BLOCK_LABEL[r.key]}</span>
                <Switch
                  checked={r.show}
                  checkedChildren="显示"
                  unCheckedChildren="隐藏"
                  onChange={(show) => set({ ...r, show })}
                  aria-label={FAMILY_BLOCK_LABEL[r.key]}
                />
              </span>
            )}
          />
        </Card>
      ))}
    </PageFrame>
  )
}

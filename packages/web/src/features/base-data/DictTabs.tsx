import { DICT_TYPES, type DictType } from '@zhixiao/shared'
import { Tabs } from 'antd'
import type { ReactNode } from 'react'
import { DictPanel } from './DictPanel'

/** One tab per dictionary type; `extra` tabs (e.g. 学科) come first, `after` tabs follow the type they name. */
export function DictTabs({
  types,
  extra = [],
  after = {},
  onlyLevel,
}: {
  types: readonly DictType[]
  extra?: { key: string; label: string; children: ReactNode }[]
  after?: Partial<Record<DictType, { key: string; label: string; children: ReactNode }>>
  onlyLevel?: 'tenant' | 'org'
}) {
  return (
    <Tabs
      items={[
        ...extra,
        ...types.flatMap((t) => [
          { key: t, label: DICT_TYPES[t].name, children: <DictPanel dictType={t} onlyLevel={onlyLevel} /> },
          ...(after[t] ? [after[t]] : []),
        ]),
      ]}
    />
  )
}

import { DICT_TYPES, type DictType } from '@zhixiao/shared'
import { Tabs } from 'antd'
import type { ReactNode } from 'react'
import { DictPanel } from './DictPanel'

/** One tab per dictionary type; `extra` tabs (e.g. 学科) come first. */
export function DictTabs({ types, extra = [] }: { types: readonly DictType[]; extra?: { key: string; label: string; children: ReactNode }[] }) {
  return (
    <Tabs items={[
      ...extra,
      ...types.map((t) => ({ key: t, label: DICT_TYPES[t].name, children: <DictPanel dictType={t} /> })),
    ]} />
  )
}

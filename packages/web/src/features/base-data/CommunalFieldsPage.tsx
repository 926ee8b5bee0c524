import { COMMUNAL_GROUPS } from '@zhixiao/shared'
import { Tabs } from 'antd'
import { PageFrame } from '../../components/crud'
import type { PageProps } from '../../navigation/page-props'
import { OrgTypePanel } from '../organization/OrgTypePanel'
import { DictTabs } from './DictTabs'

/**
 * /base-communalFields: the top organisation's public fields (000 §2.3), in the spec's groups: architecture
 * (organisation and department types), schoolDictionary, userDictionary and buildLot (building type, room use).
 * Every dictionary here is the tenant-level (全局) one every org shares.
 */
export default function CommunalFieldsPage({ path, title }: PageProps) {
  return (
    <PageFrame path={path} title={title}>
      <Tabs
        items={COMMUNAL_GROUPS.map((g) => ({
          key: g.key,
          label: g.name,
          children:
            g.key === 'architecture' ? (
              <Tabs
                size="small"
                items={[
                  { key: 'orgType', label: '机构类型', children: <OrgTypePanel kind="org" /> },
                  { key: 'departType', label: '部门类型', children: <OrgTypePanel kind="depart" /> },
                ]}
              />
            ) : (
              <DictTabs types={g.types} onlyLevel="tenant" />
            ),
        }))}
      />
    </PageFrame>
  )
}

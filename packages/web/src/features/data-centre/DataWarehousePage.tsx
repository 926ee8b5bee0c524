import { Tag } from 'antd'
import type { DataWarehouseRow } from '@zhixiao/shared'
import { CrudTableCard, PageFrame, type RowAction } from '../../components/crud'
import type { PageProps } from '../../navigation/page-props'
import { dataCentreApi } from './api'

/** Turning the data warehouse on closes nothing already open; turning it off empties the tenant's 大数据中心. */
const toggle: RowAction<DataWarehouseRow> = {
  key: 'warehouse',
  label: (r) => (r.enabled ? '关闭' : '开通'),
  danger: false,
  run: (r) => dataCentreApi.setWarehouse({ tenantId: r.tenantId, enabled: !r.enabled }),
  confirm: {
    title: (r) => `${r.enabled ? '关闭' : '开通'}租户“${r.name}”的数据仓库？`,
    content: '开通后该租户的大数据中心列出其可打开的数据中心应用；关闭后大数据中心不再列出应用。',
  },
}

/** /dataWare/house/index (000 §2.3): the platform administrator's data warehouse switch, one row per tenant. */
export default function DataWarehousePage({ path, title }: PageProps) {
  return (
    <PageFrame path={path} title={title}>
      <CrudTableCard<DataWarehouseRow>
        queryKey={['dataWarehouse']}
        rowKey="tenantId"
        search="租户名称或标识"
        fetch={dataCentreApi.warehouse}
        columns={[
          { title: 'ID', dataIndex: 'tenantId', width: 70 },
          { title: '租户名称', dataIndex: 'name' },
          { title: '租户标识', dataIndex: 'uniqueName' },
          {
            title: '数据仓库',
            dataIndex: 'enabled',
            render: (v: boolean) => (v ? <Tag color="green">已开通</Tag> : <Tag>未开通</Tag>),
          },
        ]}
        actions={[toggle]}
      />
    </PageFrame>
  )
}

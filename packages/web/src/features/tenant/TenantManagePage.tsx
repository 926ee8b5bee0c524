import { App, Descriptions, Tag } from 'antd'
import { labelOf, TENANT_MODULE_TYPE_LABEL, TRADE_LABEL, type TenantRow, type VerifyField } from '@zhixiao/shared'
import { CrudTableCard, PageFrame, toggleAction, type CrudForm, type RowAction } from '../../components/crud'
import type { PageProps } from '../../navigation/page-props'
import { tenantApi, type TenantCreated } from './tenant-api'
import { TenantFields, type TenantValues } from './TenantFields'

const NEW_TENANT: Partial<TenantValues> = {
  trade: 1,
  appType: 1,
  tenantModuleType: 0,
  topOrgUnitAttr: 8,
  adminTrueName: '管理员',
  defaultPassword: 'Zx123456',
  passwordMaxAgeDays: 0,
}

const statusAction: RowAction<TenantRow> = {
  ...toggleAction<TenantRow>(tenantApi.setStatus),
  confirm: {
    title: (r) => `${r.status === 0 ? '停用' : '启用'}租户“${r.name}”？`,
    content: '停用后该租户的用户无法登录，已登录的会话立即失效。',
  },
}

/** The super administrator's tenant management (route /base-set/tenant-manage until /tenant-manage exists). */
export default function TenantManagePage({ path, title }: PageProps) {
  const { modal } = App.useApp()
  const form: CrudForm<TenantRow, TenantValues> = {
    noun: '租户',
    width: 720,
    initial: (r) =>
      r
        ? {
            name: r.name,
            tenantModuleType: r.tenantModuleType as TenantValues['tenantModuleType'],
            passwordMaxAgeDays: r.passwordMaxAgeDays,
            sysName: r.sysName,
            requiredInfoAfterLogin: r.requiredInfoAfterLogin,
            requiredInfoFields: r.requiredInfoFields as VerifyField[],
            studentSiteUrl: r.studentSiteUrl,
            backgroundUrl: r.backgroundUrl,
            smartChinaLogin: r.smartChinaLogin,
            jumpAfterLogin: r.jumpAfterLogin,
            domain: r.domain,
          }
        : NEW_TENANT,
    fields: (r) => <TenantFields adding={!r} />,
    submit: (v, r) =>
      r
        ? tenantApi.update({
            id: r.id,
            name: v.name,
            tenantModuleType: v.tenantModuleType,
            passwordMaxAgeDays: v.passwordMaxAgeDays ?? undefined,
            sysName: v.sysName || null,
            requiredInfoAfterLogin: !!v.requiredInfoAfterLogin,
            requiredInfoFields: v.requiredInfoFields ?? [],
            studentSiteUrl: v.studentSiteUrl || null,
            backgroundUrl: v.backgroundUrl || null,
            smartChinaLogin: !!v.smartChinaLogin,
            jumpAfterLogin: v.jumpAfterLogin?.trim() || null,
            domain: v.domain?.trim() || null,
          })
        : tenantApi.add({
            ...v,
            domain: v.domain?.trim() || null,
            appType: v.trade === 1 ? (v.appType ?? 1) : null,
            adminTrueName: v.adminTrueName ?? '管理员',
            passwordMaxAgeDays: v.passwordMaxAgeDays ?? 0,
          }),
    afterSave: (env, v, r) => {
      if (r) return
      const created = env.data as TenantCreated
      modal.success({
        title: '租户已创建',
        width: 480,
        content: (
          <Descriptions
            column={1}
            size="small"
            items={[
              { key: 'tenant', label: '租户', children: v.name },
              { key: 'org', label: '顶级机构', children: v.topOrgName },
              { key: 'user', label: '管理员账号', children: created.adminUserName },
              { key: 'pwd', label: '初始密码', children: v.defaultPassword },
              { key: 'note', label: '说明', children: '管理员首次登录时须修改初始密码' },
            ]}
          />
        ),
        okText: '知道了',
      })
    },
  }
  return (
    <PageFrame path={path} title={title}>
      <CrudTableCard<TenantRow, TenantValues>
        queryKey={['tenants']}
        search="租户名称或标识"
        addLabel="新增租户"
        form={form}
        fetch={tenantApi.query}
        columns={[
          { title: 'ID', dataIndex: 'id', width: 70 },
          { title: '租户名称', dataIndex: 'name' },
          { title: '租户标识', dataIndex: 'uniqueName' },
          { title: '域名', dataIndex: 'domain', render: (v: string | null) => v ?? '' },
          { title: '行业', dataIndex: 'trade', render: (v: number) => labelOf(TRADE_LABEL, v) },
          {
            title: '租户模式',
            dataIndex: 'tenantModuleType',
            render: (v: number) => labelOf(TENANT_MODULE_TYPE_LABEL, v),
          },
          {
            title: '状态',
            dataIndex: 'status',
            render: (v: number) => (v === 0 ? <Tag color="green">启用</Tag> : <Tag color="red">停用</Tag>),
          },
          {
            title: '创建时间',
            dataIndex: 'createdAt',
            render: (v: string) => String(v).slice(0, 19).replace('T', ' '),
          },
        ]}
        actions={[statusAction]}
      />
    </PageFrame>
  )
}

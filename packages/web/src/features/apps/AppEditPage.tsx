import {
  APP_USER_TYPES,
  AppMsg,
  DEFAULT_APP_GROUPS,
  OpenWay,
  USER_TYPE_LABEL,
  type AppRow,
  type AppSaveBody,
} from '@zhixiao/shared'
import { useQuery } from '@tanstack/react-query'
import { Checkbox, DatePicker, Form, Input, Radio, Select, Spin, Switch } from 'antd'
import type { Dayjs } from 'dayjs'
import { useSearchParams } from 'react-router'
import { DAY_FORMAT, FormCard, fromDay, PageFrame, toDay } from '../../components/crud'
import type { PageProps } from '../../navigation/page-props'
import { AppKeys, appAdminApi } from './api'

type Values = Omit<AppSaveBody, 'expireDate'> & { expireDate?: Dayjs | null }
const LIST = '/menhu-appManager/index'
const httpIcon = (_: unknown, v?: string) =>
  !v || /^https?:\/\//i.test(v) ? Promise.resolve() : Promise.reject(new Error(AppMsg.ICON_HTTP))

/** Fields of the register/edit form; a built-in app's definition (name, route, permission) is read-only. */
function AppFields({ builtin }: { builtin: boolean }) {
  return (
    <>
      <Form.Item
        name="name"
        label="应用名称"
        rules={[{ required: true, whitespace: true, message: AppMsg.NAME_REQUIRED }, { max: 30 }]}
      >
        <Input disabled={builtin} />
      </Form.Item>
      <Form.Item name="uniqueId" label="应用标识" extra="留空自动生成">
        <Input disabled={builtin} />
      </Form.Item>
      <Form.Item name="iconUri" label="图标地址" rules={[{ validator: httpIcon }]}>
        <Input placeholder="https://…" />
      </Form.Item>
      <Form.Item name="reqUri" label="应用路由" extra="门户内的路由，如子应用 /attendance 或 /oafn/leave">
        <Input disabled={builtin} />
      </Form.Item>
      <Form.Item
        name="entryUrl"
        label="入口地址"
        extra="子应用在框架中加载的地址（/ 或 http 开头）；子应用路由没有入口地址时为未配置，用户看不到"
      >
        <Input />
      </Form.Item>
      <Form.Item name="permissionName" label="权限编码" extra="新的编码会加入角色授权的“机构应用”节点">
        <Input disabled={builtin} />
      </Form.Item>
      <Form.Item name="groupingType" label="默认分组">
        <Select
          allowClear
          disabled={builtin}
          options={DEFAULT_APP_GROUPS.map((g) => ({
            value: g.groupingType,
            label: g.school === g.bureau ? g.school : `${g.school}/${g.bureau}`,
          }))}
        />
      </Form.Item>
      <Form.Item
        name="userTypes"
        label="可用身份"
        extra="只有这些身份的用户会在导航、应用中心和常用中看到此应用"
        rules={[{ required: true, type: 'array', min: 1, message: AppMsg.USER_TYPES_REQUIRED }]}
      >
        <Checkbox.Group options={APP_USER_TYPES.map((t) => ({ value: t, label: USER_TYPE_LABEL[t] }))} />
      </Form.Item>
      <Form.Item name="openWay" label="打开方式">
        <Radio.Group
          options={[
            { value: OpenWay.SAME, label: '当前窗口' },
            { value: OpenWay.NEW, label: '新窗口' },
          ]}
        />
      </Form.Item>
      <Form.Item name="expireDate" label="到期日期">
        <DatePicker format={DAY_FORMAT} />
      </Form.Item>
      <Form.Item name="hasShow" label="显示" valuePropName="checked">
        <Switch />
      </Form.Item>
      <Form.Item name="isScrap" label="已废弃" valuePropName="checked">
        <Switch />
      </Form.Item>
    </>
  )
}

const toBody = (v: Values): AppSaveBody => ({ ...v, expireDate: v.expireDate ? fromDay(v.expireDate) : null })
const initialOf = (a: AppRow | undefined): Partial<Values> =>
  a
    ? {
        name: a.name,
        uniqueId: a.uniqueId,
        iconUri: a.iconUri,
        reqUri: a.reqUri,
        entryUrl: a.entryUrl,
        permissionName: a.permissionName,
        groupingType: a.groupingType,
        openWay: a.openWay,
        expireDate: a.expireDate ? toDay(a.expireDate) : null,
        hasShow: a.hasShow,
        isScrap: a.isScrap,
        appType: a.appType,
        userTypes: a.userTypes,
      }
    : { openWay: OpenWay.SAME, hasShow: true, isScrap: false, userTypes: [...APP_USER_TYPES] }

/** /menhu-appManager/addapp (?appId= to edit): register an app or change its settings. */
export default function AppEditPage({ path, title }: PageProps) {
  const [params] = useSearchParams()
  const appId = params.get('appId') ? Number(params.get('appId')) : undefined
  // The page call finds the row by id among the caller's apps (no separate detail call is specified).
  const existing = useQuery({
    queryKey: [AppKeys.apps, 'one', appId],
    enabled: appId !== undefined,
    queryFn: async () => (await appAdminApi.page({ pageSize: 200 })).list.find((a) => a.appId === appId),
  })
  if (appId !== undefined && existing.isLoading) return <Spin style={{ display: 'block', margin: '96px auto' }} />
  const app = existing.data
  return (
    <PageFrame path={path} title={app ? `编辑应用：${app.name}` : title}>
      <FormCard<Values>
        initialValues={initialOf(app)}
        groups={[AppKeys.apps, AppKeys.groups, AppKeys.hosted]}
        back={LIST}
        submit={(v) => (app ? appAdminApi.update({ ...toBody(v), appId: app.appId }) : appAdminApi.save(toBody(v)))}
      >
        <AppFields builtin={!!app?.builtin} />
      </FormCard>
    </PageFrame>
  )
}

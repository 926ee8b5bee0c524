import type { MpAppBody } from '@zhixiao/shared'
import { useQuery } from '@tanstack/react-query'
import { Spin } from 'antd'
import { useSearchParams } from 'react-router'
import { FormCard, PageFrame } from '../../components/crud'
import type { PageProps } from '../../navigation/page-props'
import { mpApi, MpKeys } from './api'
import { cleanTemplates, MpAppFields, mpInitial } from './MpAppForm'
import { MP_FORMS } from './mp-pages'

/** The add / edit pages of an app (addConfigWX, addConfigDD, /menhu-addwenxin, addDingTalk); ?id= edits. */
export default function MpAppFormPage({ path, title }: PageProps) {
  const f = MP_FORMS[path]!
  const id = Number(useSearchParams()[0].get('id')) || null
  const row = useQuery({
    queryKey: [MpKeys.list, f.scope, 'one', id],
    queryFn: () => mpApi.get(f.scope, id!),
    enabled: id !== null,
  })
  return (
    <PageFrame path={path} title={title}>
      {id !== null && !row.data ? (
        <Spin />
      ) : (
        <FormCard<MpAppBody>
          initialValues={mpInitial(f.platform, row.data)}
          groups={[MpKeys.list]}
          back={f.back}
          submit={(v) => mpApi.save(f.scope, cleanTemplates({ ...v, platform: f.platform }))}
        >
          <MpAppFields platform={f.platform} hasSecret={!!row.data?.hasSecret} />
        </FormCard>
      )}
    </PageFrame>
  )
}

import { USER_TYPE_LABEL, type UserType } from '@zhixiao/shared'
import { useQuery } from '@tanstack/react-query'
import { Card, Descriptions, Spin } from 'antd'
import { PageFrame } from '../../components/crud'
import type { PageProps } from '../../router/pages'
import { useSession } from '../../stores/session'
import { verifyApi } from './api'
import { DictText, sexText, text } from './DetailBits'

/**
 * /base-userAccount/personalData: the signed-in user's own data, read-only — who they are in this org (session)
 * and the person facts the verify-info check holds (001 §3: name, ID card, phone, sex, nation, political status,
 * education, degree, title).
 */
export default function PersonalDataPage({ path, title }: PageProps) {
  const user = useSession((s) => s.userInfo)
  const q = useQuery({ queryKey: ['account', 'verifyCheck'], queryFn: verifyApi.check })
  const d = q.data?.detail
  return (
    <PageFrame path={path} title={title}>
      <Card size="small">
        {q.isLoading ? <Spin /> : (
          <Descriptions bordered size="small" column={{ xs: 1, sm: 2 }}
            items={[
              { label: '姓名', children: text(d?.userName ?? user?.trueName) },
              { label: '登录名', children: text(user?.userName) },
              { label: '机构', children: text(user?.orgName) },
              { label: '身份', children: user ? USER_TYPE_LABEL[user.userType as UserType] ?? '—' : '—' },
              { label: '手机号', children: text(d?.phone ?? user?.phoneNumber) },
              { label: '身份证号', children: text(d?.idCard) },
              { label: '性别', children: sexText(d?.sex) },
              { label: '民族', children: text(d?.nationality) },
              { label: '政治面貌', children: <DictText dictType="politicalStatus" id={d?.politicalAttitudes ?? null} /> },
              { label: '学历', children: <DictText dictType="education" id={d?.education ?? null} /> },
              { label: '学位', children: <DictText dictType="degree" id={d?.academicDegree ?? null} /> },
              { label: '职称', children: <DictText dictType="title" id={d?.technicalTitle ?? null} /> },
            ]} />
        )}
      </Card>
    </PageFrame>
  )
}

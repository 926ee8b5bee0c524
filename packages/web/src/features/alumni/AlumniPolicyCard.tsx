import { ALUMNI_ACCOUNT_DAYS_MAX, type AlumniPolicy } from '@zhixiao/shared'
import { useQuery } from '@tanstack/react-query'
import { Button, Card, Form, InputNumber, Typography } from 'antd'
import { useEffect } from 'react'
import { useWrite } from '../../components/crud'
import { alumniApi } from './api'

/**
 * 毕业生账号 on the retention page (the top org's administrators): how long a graduate's account keeps signing in.
 * Beside the retention periods because both run from the day a student leaves.
 */
export function AlumniPolicyCard() {
  const write = useWrite(['alumniPolicy'])
  const [form] = Form.useForm<AlumniPolicy>()
  const q = useQuery({ queryKey: ['alumniPolicy'], queryFn: alumniApi.policy })
  useEffect(() => {
    if (q.data) form.setFieldsValue(q.data.policy)
  }, [q.data, form])
  return (
    <Card title="毕业生账号" size="small" style={{ marginTop: 16 }}>
      <Typography.Paragraph type="secondary" style={{ fontSize: 13 }}>
        学生毕业后成为校友（只读）。没有其他在籍身份的毕业生账号在保留天数届满后过期，无法再登录；填 0
        表示毕业即过期。修改只影响此后的毕业。
        {q.data && !q.data.custom && '当前使用默认期限。'}
      </Typography.Paragraph>
      <Form<AlumniPolicy>
        form={form}
        layout="vertical"
        onFinish={(v) => void write(() => alumniApi.savePolicy(v))}
        style={{ maxWidth: 520 }}
      >
        <Form.Item
          name="accountDays"
          label="毕业后账号保留天数"
          rules={[{ required: true, message: `请填写0-${ALUMNI_ACCOUNT_DAYS_MAX}天` }]}
        >
          <InputNumber
            min={0}
            max={ALUMNI_ACCOUNT_DAYS_MAX}
            precision={0}
            suffix="天"
            style={{ width: 160 }}
            data-testid="alumni-account-days"
          />
        </Form.Item>
        {/* Its own name: the retention periods' 保存 sits on the same page. */}
        <Button type="primary" htmlType="submit" data-testid="alumni-policy-save">
          保存账号保留天数
        </Button>
      </Form>
    </Card>
  )
}

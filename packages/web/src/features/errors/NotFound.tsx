import { Button, Result } from 'antd'
import { useNavigate } from 'react-router'

export default function NotFound() {
  const navigate = useNavigate()
  return (
    <div data-page="/404" style={{ paddingTop: 80 }}>
      <Result status="404" title="404" subTitle="抱歉，您访问的页面不存在" extra={<Button type="primary" onClick={() => navigate('/')}>返回首页</Button>} />
    </div>
  )
}

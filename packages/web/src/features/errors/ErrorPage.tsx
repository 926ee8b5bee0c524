import { Button, Result } from 'antd'
import { useNavigate } from 'react-router'

export default function ErrorPage() {
  const navigate = useNavigate()
  return (
    <div data-page="/error/index" style={{ paddingTop: 80 }}>
      <Result status="500" title="出错了" subTitle="页面加载失败，请稍后再试" extra={<Button type="primary" onClick={() => navigate('/')}>返回首页</Button>} />
    </div>
  )
}

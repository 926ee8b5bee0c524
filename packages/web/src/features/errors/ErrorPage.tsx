import { Button, Result } from 'antd'
import { useNavigate } from 'react-router'

/** /error/index: the generic error page. */
export default function ErrorPage({ path }: { path: string }) {
  const navigate = useNavigate()
  return (
    <div data-page={path} style={{ paddingTop: 80 }}>
      <Result
        status="500"
        title="出错了"
        subTitle="页面加载失败，请稍后再试"
        extra={
          <Button type="primary" onClick={() => navigate('/')}>
            <span>返回首页</span>
          </Button>
        }
      />
    </div>
  )
}

import { Button, Result } from 'antd'
import { useNavigate } from 'react-router'

/** /404 and /404/index: unknown pages and denied routes (000 §2.4, §6). */
export default function NotFound({ path }: { path: string }) {
  const navigate = useNavigate()
  return (
    <div data-page={path} style={{ paddingTop: 80 }}>
      <Result
        status="404"
        title="404"
        subTitle="抱歉，您访问的页面不存在"
        extra={
          <Button type="primary" onClick={() => navigate('/')}>
            <span>返回首页</span>
          </Button>
        }
      />
    </div>
  )
}

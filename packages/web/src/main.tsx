import dayjs from 'dayjs'
import 'dayjs/locale/zh-cn'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './App'
import { takeTokenFromUrl } from './bootstrap/url-token'

dayjs.locale('zh-cn')

if (!takeTokenFromUrl()) {
  const root = document.getElementById('root')
  if (!root) throw new Error('index.html has no #root element')
  createRoot(root).render(<StrictMode><App /></StrictMode>)
}

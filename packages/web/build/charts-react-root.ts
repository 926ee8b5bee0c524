/** The one export @ant-design/charts-util needs from react-dom/client (build/charts-react-dom.ts). */
export { createRoot } from 'react-dom/client'

import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './App'
import { showStartupNotice, takeTokenFromUrl } from './bootstrap/url-token'

function render(): void {
  const root = document.getElementById('root')
  if (!root) throw new Error('index.html has no #root element')
  createRoot(root).render(<StrictMode><App /></StrictMode>)
}

// A token in the URL is swapped first (the page reloads signed in); a failed swap opens the app with its message.
if (!takeTokenFromUrl((msg) => { render(); showStartupNotice(msg) })) render()

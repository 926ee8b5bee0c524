import type { ComponentType } from 'react'
import type { PageProps } from '../navigation/page-props'

/**
 * A page's module, through the page table (router/pages.ts), which is a lazy chunk of its own: its ~100 lazy imports
 * and their preload lists stay out of the entry, so the login page, which needs none of them, loads less (issue 12).
 * A page route asks for the table and the app shell at the same time, when it first matches.
 */
export async function loadPage(path: string): Promise<{ default: ComponentType<PageProps> }> {
  const { pageLoader } = await import('./pages')
  return pageLoader(path)()
}

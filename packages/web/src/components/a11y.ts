/**
 * Two accessibility repairs of antd's output, installed once for the whole app by the shell (router/shell.tsx), so no
 * page has to remember them (docs/portal-config.md "Accessibility").
 */

/**
 * antd's Table renders a hidden row (aria-hidden) that repeats the column titles to measure their widths, so a
 * select-all checkbox or a filter button in a title exists twice, once focusable under aria-hidden (WCAG 4.1.2,
 * axe aria-hidden-focus). `inert` takes that copy out of the tab order; the visible header is untouched.
 */
const MEASURE_ROW = '.ant-table-measure-row'

function markMeasureRows(root: ParentNode): void {
  for (const row of root.querySelectorAll<HTMLElement>(`${MEASURE_ROW}:not([inert])`)) row.inert = true
}

/** Where the focus goes into a dialog or drawer (antd renders both in portals with these classes). */
const OVERLAY = '.ant-modal-wrap, .ant-drawer'

/**
 * Closing a dialog gives the focus back to what opened it (WCAG 2.4.3). antd does so only for a dialog it animates
 * shut; most of ours are mounted while open (`{open && <Modal open …>}`, so a form starts afresh) and simply go,
 * and the focus, inside them, falls to the top of the page. The element focused last outside any dialog is kept;
 * when the focused element inside one has been removed and the focus is left on nothing, it goes back there.
 */
class FocusReturn {
  private opener: HTMLElement | null = null
  private inside: HTMLElement | null = null
  readonly onFocusIn = (e: FocusEvent) => {
    const el = e.target
    if (!(el instanceof HTMLElement)) return
    if (el.closest(OVERLAY)) this.inside = el
    else {
      this.opener = el
      this.inside = null
    }
  }
  /** After DOM changes: was the focused element of a dialog removed with it? */
  check(): void {
    if (!this.inside || this.inside.isConnected) return
    this.inside = null
    const nowhere = !document.activeElement || document.activeElement === document.body
    if (nowhere && this.opener?.isConnected) this.opener.focus()
  }
}

export function installA11yRepairs(): () => void {
  markMeasureRows(document)
  const focus = new FocusReturn()
  document.addEventListener('focusin', focus.onFocusIn)
  const observer = new MutationObserver((records) => {
    focus.check()
    for (const r of records) {
      for (const n of r.addedNodes) {
        if (!(n instanceof HTMLElement)) continue
        if (n.matches(MEASURE_ROW)) n.inert = true
        else if (n.firstElementChild) markMeasureRows(n)
      }
    }
  })
  observer.observe(document.body, { childList: true, subtree: true })
  return () => {
    observer.disconnect()
    document.removeEventListener('focusin', focus.onFocusIn)
  }
}

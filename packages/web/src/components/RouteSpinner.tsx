/**
 * Shown while a route's code and loader are on their way (the first load): the boot screen of index.html (its
 * `zx-boot` style is inline there), so the first paint and the first route wait look the same and nothing moves.
 * Fixed over the viewport, so the layout that replaces it appears in place instead of shifting the page. Plain
 * markup: the entry carries no antd.
 */
export function RouteSpinner() {
  return (
    <div className="zx-boot" role="status" aria-label="加载中">
      <i />
    </div>
  )
}

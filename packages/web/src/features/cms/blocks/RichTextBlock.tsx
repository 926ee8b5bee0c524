/**
 * Rich text (001 §3 text block). The html was cleaned by the server's allow-list when it was saved (no scripts, no
 * handlers, no javascript: links), so it is rendered as it is.
 */
export function RichTextBlock({ html }: { html: string }) {
  return <div className="zx-richtext" data-block="text" dangerouslySetInnerHTML={{ __html: html }} />
}

const DROP = 'script,style,iframe,object,embed,frame,frameset,link,meta,base,form,svg,math,template,noscript'

/**
 * Html typed into the editor's source view, made harmless before it enters the live page (the preview, the editable
 * area): parsed in an inert document (nothing runs or loads there), active elements, on* handlers and script URLs
 * removed. The server's allow-list still decides what is stored; this only protects the editing browser.
 */
export function inertHtml(html: string): string {
  const doc = new DOMParser().parseFromString(html, 'text/html')
  doc.querySelectorAll(DROP).forEach((el) => el.remove())
  doc.body.querySelectorAll('*').forEach((el) => {
    for (const { name, value } of [...el.attributes]) {
      // eslint-disable-next-line no-control-regex -- browsers ignore control characters inside a URL scheme
      const url = value.replace(/[\s\u0000-\u001f]/g, '').toLowerCase()
      if (
        name.startsWith('on') ||
        name === 'srcdoc' ||
        (/^(href|src|poster|action|formaction|xlink:href)$/.test(name) && /^(javascript|vbscript|data:text)/.test(url))
      )
        el.removeAttribute(name)
    }
  })
  return doc.body.innerHTML
}

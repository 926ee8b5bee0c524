import { Button, Flex, Input, Space } from 'antd'
import { useEffect, useRef, useState } from 'react'
import { newsAdminApi } from '../api'
import { inertHtml } from '../blocks/inert-html'

type Cmd = { label: string; run: () => void; title: string }

/**
 * A small rich-text editor (bold, italic, underline, headings, lists, links, images) on contentEditable, with an
 * html source view. Whatever it produces is cleaned by the server's allow-list on save.
 */
export function RichEditor({
  value,
  onChange,
  height = 260,
}: {
  value?: string
  onChange?: (html: string) => void
  height?: number
}) {
  const ref = useRef<HTMLDivElement>(null)
  const [source, setSource] = useState(false)
  // Only push outside values into the editable area; typing must not reset the caret.
  useEffect(() => {
    if (ref.current && ref.current.innerHTML !== (value ?? '')) ref.current.innerHTML = inertHtml(value ?? '')
  }, [value, source])
  const emit = () => onChange?.(ref.current?.innerHTML ?? '')
  const exec = (cmd: string, arg?: string) => {
    ref.current?.focus()
    document.execCommand(cmd, false, arg)
    emit()
  }
  const pickImage = () => {
    const input = document.createElement('input')
    input.type = 'file'
    input.accept = 'image/png,image/jpeg,image/gif,image/webp'
    input.onchange = async () => {
      const file = input.files?.[0]
      if (!file) return
      try {
        exec('insertImage', (await newsAdminApi.upload(file)).data.url)
      } catch {
        /* the client showed the refusal */
      }
    }
    input.click()
  }
  const cmds: Cmd[] = [
    { label: 'B', title: '加粗', run: () => exec('bold') },
    { label: 'I', title: '斜体', run: () => exec('italic') },
    { label: 'U', title: '下划线', run: () => exec('underline') },
    { label: 'H2', title: '标题', run: () => exec('formatBlock', 'h2') },
    { label: '正文', title: '段落', run: () => exec('formatBlock', 'p') },
    { label: '• 列表', title: '无序列表', run: () => exec('insertUnorderedList') },
    { label: '1. 列表', title: '有序列表', run: () => exec('insertOrderedList') },
    {
      label: '链接',
      title: '插入链接',
      run: () => {
        const url = window.prompt('链接地址（http 开头）')
        if (url && /^https?:\/\//i.test(url)) exec('createLink', url)
      },
    },
    { label: '图片', title: '插入图片', run: pickImage },
  ]
  return (
    <div style={{ border: '1px solid #d9d9d9', borderRadius: 6 }}>
      <Flex justify="space-between" style={{ padding: 4, borderBottom: '1px solid #f0f0f0', background: '#fafafa' }}>
        <Space size={2} wrap>
          {cmds.map((c) => (
            <Button
              key={c.label}
              size="small"
              type="text"
              title={c.title}
              disabled={source}
              onMouseDown={(e) => e.preventDefault()}
              onClick={c.run}
            >
              {c.label}
            </Button>
          ))}
        </Space>
        <Button size="small" type="text" onClick={() => setSource((s) => !s)}>
          {source ? '可视化' : '源码'}
        </Button>
      </Flex>
      {source ? (
        <Input.TextArea
          value={value}
          onChange={(e) => onChange?.(e.target.value)}
          style={{ height, border: 0, fontFamily: 'monospace' }}
        />
      ) : (
        <div
          ref={ref}
          contentEditable
          suppressContentEditableWarning
          className="zx-richtext"
          data-testid="rich-editor"
          style={{ minHeight: height, padding: 12, outline: 'none' }}
          onInput={emit}
          onBlur={emit}
        />
      )}
    </div>
  )
}

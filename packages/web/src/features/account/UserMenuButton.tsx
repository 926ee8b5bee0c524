import { Dropdown, type MenuProps } from 'antd'
import { useEffect, useRef, useState, type CSSProperties, type ReactNode } from 'react'

const RESET: CSSProperties = {
  border: 0,
  background: 'none',
  padding: 0,
  margin: 0,
  font: 'inherit',
  cursor: 'pointer',
  display: 'inline-flex',
  alignItems: 'center',
  gap: 8,
  whiteSpace: 'nowrap',
}

/**
 * The user menu's trigger (data-testid user-menu) of every header: a real button whose text (the user's name) is its
 * accessible name. The mouse opens it on hover or click; the keyboard with Enter, Space or ArrowDown, which also moves
 * the focus into the menu (arrows between items, Escape closes back to the button). Choosing an item gives the focus
 * back to the button first, so a dialog the item opens returns it there when it closes (WCAG 2.1.1, 2.4.3).
 */
export function UserMenuButton({ menu, color, children }: { menu: MenuProps; color?: string; children: ReactNode }) {
  const [open, setOpen] = useState(false)
  const [byKeyboard, setByKeyboard] = useState(false)
  const button = useRef<HTMLButtonElement>(null)
  const popup = useRef<HTMLDivElement>(null)
  // Opened from the keyboard, the focus goes to the first item once the menu is shown (a frame or a few later: until
  // then the item is not there, or still hidden, and takes no focus).
  useEffect(() => {
    if (!open || !byKeyboard) return
    let frame = 0
    const focusFirst = (framesLeft: number) => {
      const first = popup.current?.querySelector<HTMLElement>('[role="menuitem"]')
      first?.focus()
      if (first && document.activeElement === first) return
      if (framesLeft > 0) frame = requestAnimationFrame(() => focusFirst(framesLeft - 1))
    }
    focusFirst(60)
    return () => cancelAnimationFrame(frame)
  }, [open, byKeyboard])
  const close = () => {
    setOpen(false)
    button.current?.focus()
  }
  const onClick: MenuProps['onClick'] = (info) => {
    // Chosen with Enter, the key is spent here: its keypress would otherwise go on to whatever holds the focus by
    // then — this button (opening the menu again) or, on a slow machine, the dialog the item opens (its 关闭 button,
    // shutting it at once; seen in CI under load).
    if (info.domEvent.type === 'keydown') info.domEvent.preventDefault()
    close()
    menu.onClick?.(info)
  }
  return (
    <Dropdown
      menu={{ ...menu, onClick }}
      open={open}
      placement="bottomRight"
      trigger={['hover', 'click']}
      // Escape inside the menu: antd closes it but leaves the focus on the hidden item, so it is done here.
      popupRender={(node) => (
        <div
          ref={popup}
          onKeyDown={(e) => {
            if (e.key === 'Escape') close()
          }}
        >
          {node}
        </div>
      )}
      onOpenChange={(next) => {
        setOpen(next)
        if (!next) setByKeyboard(false)
      }}
    >
      <button
        ref={button}
        type="button"
        data-testid="user-menu"
        aria-haspopup="menu"
        aria-expanded={open}
        style={{ ...RESET, color: color ?? 'inherit' }}
        onKeyDown={(e) => {
          if (e.key !== 'Enter' && e.key !== ' ' && e.key !== 'ArrowDown') return
          // Not a click: the menu opens with the focus inside it, and a click would toggle it shut again.
          e.preventDefault()
          setByKeyboard(true)
          setOpen(true)
        }}
      >
        {children}
      </button>
    </Dropdown>
  )
}

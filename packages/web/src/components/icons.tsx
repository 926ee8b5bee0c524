import type { CSSProperties } from 'react'

/** A few inline line icons (no icon package needed). */
export interface IconProps {
  size?: number
  style?: CSSProperties
  title?: string
}

function Svg({ size = 18, style, title, d }: IconProps & { d: string }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      style={{ verticalAlign: 'middle', flexShrink: 0, ...style }}
      role={title ? 'img' : undefined}
      aria-label={title}
      aria-hidden={title ? undefined : true}
    >
      <path d={d} />
    </svg>
  )
}

/** A school building with a flag (unit attribute 8 and above). */
export const SchoolIcon = (p: IconProps) => <Svg {...p} d="M3 21h18M5 21V11l7-4 7 4v10M9 21v-5h6v5M12 7V3l3 1.5L12 6" />
/** A government/bureau building (unit attribute below 8). */
export const BureauIcon = (p: IconProps) => (
  <Svg {...p} d="M3 21h18M4 10h16M12 3l8 5H4l8-5zM6 10v9M10 10v9M14 10v9M18 10v9" />
)
export const SettingIcon = (p: IconProps) => (
  <Svg
    {...p}
    d="M12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM19.4 15a1.7 1.7 0 0 0 .3 1.8l.1.1a2 2 0 1 1-2.8 2.8l-.1-.1a1.7 1.7 0 0 0-2.8 1.2V21a2 2 0 1 1-4 0v-.1a1.7 1.7 0 0 0-2.8-1.2l-.1.1a2 2 0 1 1-2.8-2.8l.1-.1a1.7 1.7 0 0 0-1.2-2.8H3a2 2 0 1 1 0-4h.1a1.7 1.7 0 0 0 1.2-2.8l-.1-.1a2 2 0 1 1 2.8-2.8l.1.1a1.7 1.7 0 0 0 2.8-1.2V3a2 2 0 1 1 4 0v.1a1.7 1.7 0 0 0 2.8 1.2l.1-.1a2 2 0 1 1 2.8 2.8l-.1.1a1.7 1.7 0 0 0 1.2 2.8H21a2 2 0 1 1 0 4h-.1a1.7 1.7 0 0 0-1.5 1.1z"
  />
)
export const HomeIcon = (p: IconProps) => <Svg {...p} d="M3 11l9-8 9 8M5 10v11h5v-6h4v6h5V10" />
/** Three bars: opens a collapsed header's drawer on a phone. */
export const MenuIcon = (p: IconProps) => <Svg {...p} d="M4 6h16M4 12h16M4 18h16" />
export const CloseIcon = (p: IconProps) => <Svg {...p} d="M6 6l12 12M18 6L6 18" />

import type { CSSProperties } from 'react'

/** Icons of the apps area (inline, like components/icons). */
interface IconProps {
  size?: number
  style?: CSSProperties
  filled?: boolean
}

export const GridIcon = ({ size = 16, style }: IconProps) => (
  <svg
    width={size}
    height={size}
    viewBox="0 0 24 24"
    fill="currentColor"
    aria-hidden
    style={{ verticalAlign: 'middle', ...style }}
  >
    <rect x="3" y="3" width="7" height="7" rx="1.5" />
    <rect x="14" y="3" width="7" height="7" rx="1.5" />
    <rect x="3" y="14" width="7" height="7" rx="1.5" />
    <rect x="14" y="14" width="7" height="7" rx="1.5" />
  </svg>
)

export const StarIcon = ({ size = 16, style, filled }: IconProps) => (
  <svg
    width={size}
    height={size}
    viewBox="0 0 24 24"
    fill={filled ? 'currentColor' : 'none'}
    stroke="currentColor"
    strokeWidth={1.8}
    strokeLinejoin="round"
    aria-hidden
    style={{ verticalAlign: 'middle', ...style }}
  >
    <path d="M12 3l2.8 5.7 6.2.9-4.5 4.4 1.1 6.2L12 17.3 6.4 20.2l1.1-6.2L3 9.6l6.2-.9L12 3z" />
  </svg>
)

const PALETTE = ['#2f7bff', '#13a8a8', '#f08c00', '#7048e8', '#e8590c', '#2b8a3e', '#c2255c']

/** The app's icon, or its first character on a colour picked from its id when it has none. */
export function AppIcon({
  name,
  iconUri,
  appId,
  size = 40,
}: {
  name: string
  iconUri: string | null
  appId: number
  size?: number
}) {
  if (iconUri)
    return <img src={iconUri} alt="" width={size} height={size} style={{ borderRadius: 10, objectFit: 'cover' }} />
  return (
    <span
      aria-hidden
      style={{
        width: size,
        height: size,
        borderRadius: 10,
        background: PALETTE[appId % PALETTE.length],
        color: '#fff',
        display: 'inline-flex',
        alignItems: 'center',
        justifyContent: 'center',
        fontSize: size * 0.45,
        fontWeight: 600,
      }}
    >
      {name.slice(0, 1)}
    </span>
  )
}

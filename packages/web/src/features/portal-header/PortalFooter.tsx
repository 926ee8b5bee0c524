import { FOOTER_POPOVER_SIZE, type FooterConfig, type FooterItem } from '@zhixiao/shared'
import { Popover } from 'antd'
import { useFooter } from './api'
import { imageUrl } from './image-url'

function Item({ item }: { item: FooterItem }) {
  // typeUp 2: an image or an icon; otherwise text. typeDown 1: a link (new tab); 2: an image in a hover popover.
  const up =
    item.typeUp === 2 ? (
      <img src={imageUrl(item.contentUp)} alt={item.iconDescriptionUp} style={{ height: 20 }} />
    ) : (
      <span>{item.contentUp}</span>
    )
  const body = (
    <span
      className="zx-footer-item"
      data-testid="footer-item"
      data-link={item.typeDown === 1 && !!item.contentDown}
      onClick={
        item.typeDown === 1 && item.contentDown ? () => window.open(item.contentDown, '_blank', 'noopener') : undefined
      }
    >
      {up}
      {item.typeUp === 2 && item.iconDescriptionUp && <span>{item.iconDescriptionUp}</span>}
    </span>
  )
  if (item.typeDown === 2 && item.contentDown) {
    return (
      <Popover
        content={
          <img src={imageUrl(item.contentDown)} alt="" width={FOOTER_POPOVER_SIZE} height={FOOTER_POPOVER_SIZE} />
        }
      >
        {body}
      </Popover>
    )
  }
  return body
}

/** The footer renderer (001 §2.6): groups of items on a colour (type 1) or an image (type 2). */
function FooterView({ cfg }: { cfg: FooterConfig }) {
  if (!cfg.bottomGroup.some((g) => g.bottomInfo.length)) return null
  const background =
    cfg.type === 2 && cfg.backgroundUrl ? `url(${imageUrl(cfg.backgroundUrl)}) center / cover` : cfg.color
  return (
    <footer className="zx-footer" data-testid="portal-footer" style={{ background, color: cfg.fontColor }}>
      {cfg.bottomGroup.map((g, i) => (
        <div className="zx-footer-group" key={i}>
          {g.bottomInfo.map((it, j) => (
            <Item key={j} item={it} />
          ))}
        </div>
      ))}
    </footer>
  )
}

export function PortalFooter({ orgId }: { orgId: number | null }) {
  const cfg = useFooter(orgId).data
  return cfg ? <FooterView cfg={cfg} /> : null
}

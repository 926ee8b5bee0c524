import { deflateSync } from 'node:zlib'

/**
 * Pictures for the demo news and carousels, drawn in code so the repository ships no image files: a tiny PNG
 * encoder (zlib deflate + CRC-32) over an RGB canvas painted with a gradient and a few flat shapes.
 */
export type Rgb = readonly [number, number, number]

type Shape =
  | { kind: 'circle'; x: number; y: number; r: number; color: Rgb; alpha?: number }
  | { kind: 'rect'; x: number; y: number; w: number; h: number; color: Rgb; alpha?: number }

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
  return c >>> 0
})

function crc32(b: Buffer): number {
  let c = 0xffffffff
  for (const byte of b) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8)
  return (c ^ 0xffffffff) >>> 0
}

function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4)
  len.writeUInt32BE(data.length)
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data])
  const sum = Buffer.alloc(4)
  sum.writeUInt32BE(crc32(body))
  return Buffer.concat([len, body, sum])
}

/** An 8-bit RGB PNG of `rgb` (width × height × 3 bytes, row by row). */
function encodePng(width: number, height: number, rgb: Uint8Array): Buffer {
  const stride = width * 3
  const raw = Buffer.alloc((stride + 1) * height)
  for (let y = 0; y < height; y++) {
    raw[y * (stride + 1)] = 0 // filter: none
    raw.set(rgb.subarray(y * stride, (y + 1) * stride), y * (stride + 1) + 1)
  }
  const ihdr = Buffer.alloc(13)
  ihdr.writeUInt32BE(width, 0)
  ihdr.writeUInt32BE(height, 4)
  ihdr[8] = 8 // bit depth
  ihdr[9] = 2 // colour type: RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

function blend(rgb: Uint8Array, i: number, color: Rgb, alpha: number): void {
  for (let c = 0; c < 3; c++) rgb[i + c] = Math.round(rgb[i + c]! * (1 - alpha) + color[c]! * alpha)
}

/** A diagonal gradient from `from` to `to` with the shapes painted over it, in order. */
function paintPng(width: number, height: number, from: Rgb, to: Rgb, shapes: Shape[] = []): Buffer {
  const rgb = new Uint8Array(width * height * 3)
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const t = (x / width) * 0.75 + (y / height) * 0.25
      const i = (y * width + x) * 3
      for (let c = 0; c < 3; c++) rgb[i + c] = Math.round(from[c]! + (to[c]! - from[c]!) * t)
    }
  }
  for (const s of shapes) {
    const alpha = s.alpha ?? 1
    const [x0, y0, x1, y1] =
      s.kind === 'circle' ? [s.x - s.r, s.y - s.r, s.x + s.r, s.y + s.r] : [s.x, s.y, s.x + s.w, s.y + s.h]
    for (let y = Math.max(0, Math.floor(y0)); y < Math.min(height, Math.ceil(y1)); y++) {
      for (let x = Math.max(0, Math.floor(x0)); x < Math.min(width, Math.ceil(x1)); x++) {
        if (s.kind === 'circle' && (x - s.x) ** 2 + (y - s.y) ** 2 > s.r ** 2) continue
        blend(rgb, (y * width + x) * 3, s.color, alpha)
      }
    }
  }
  return encodePng(width, height, rgb)
}

const WHITE: Rgb = [255, 255, 255]

/** The motifs of the demo pictures: a sun over hills, a shelf of books, rising bars, floating bubbles. */
export type Motif = 'hills' | 'books' | 'bars' | 'bubbles'

function motifShapes(motif: Motif, w: number, h: number, accent: Rgb): Shape[] {
  switch (motif) {
    case 'hills':
      return [
        { kind: 'circle', x: w * 0.78, y: h * 0.3, r: h * 0.14, color: [255, 214, 102] },
        { kind: 'circle', x: w * 0.2, y: h * 1.25, r: h * 0.75, color: accent, alpha: 0.55 },
        { kind: 'circle', x: w * 0.62, y: h * 1.4, r: h * 0.85, color: WHITE, alpha: 0.3 },
      ]
    case 'books':
      return [0, 1, 2, 3, 4]
        .flatMap((i): Shape[] => [
          {
            kind: 'rect',
            x: w * (0.12 + i * 0.08),
            y: h * (0.3 + (i % 2) * 0.08),
            w: w * 0.06,
            h: h * (0.55 - (i % 2) * 0.08),
            color: i % 2 ? accent : WHITE,
            alpha: 0.75,
          },
        ])
        .concat([{ kind: 'rect', x: w * 0.08, y: h * 0.85, w: w * 0.5, h: h * 0.04, color: WHITE, alpha: 0.8 }])
    case 'bars':
      return [0.3, 0.45, 0.38, 0.6, 0.75].map((v, i): Shape => ({
        kind: 'rect',
        x: w * (0.55 + i * 0.08),
        y: h * (0.9 - v),
        w: w * 0.05,
        h: h * v,
        color: i === 4 ? accent : WHITE,
        alpha: 0.7,
      }))
    case 'bubbles':
      return [
        [0.15, 0.3, 0.12],
        [0.3, 0.7, 0.08],
        [0.72, 0.35, 0.18],
        [0.88, 0.75, 0.1],
        [0.5, 0.5, 0.05],
      ].map(([x, y, r], i): Shape => ({
        kind: 'circle',
        x: w * x!,
        y: h * y!,
        r: h * r! * 2,
        color: i % 2 ? accent : WHITE,
        alpha: 0.35,
      }))
  }
}

/** A picture of one motif on a gradient: 960 × 300 for carousels, 480 × 270 for news covers. */
export function demoPicture(
  motif: Motif,
  from: Rgb,
  to: Rgb,
  accent: Rgb,
  size: 'banner' | 'cover' = 'banner',
): Buffer {
  const [w, h] = size === 'banner' ? [960, 300] : [480, 270]
  return paintPng(w, h, from, to, motifShapes(motif, w, h, accent))
}

import type { BlockOf } from '@zhixiao/shared'
import { useState } from 'react'

/** Video block (001 §2.6): with autoplay mode 1, the cover and a play icon until clicked; mode 0 plays muted at once. */
export function VideoBlock({ settings }: { settings: BlockOf<'video'>['settings'] }) {
  const [playing, setPlaying] = useState(settings.autoPlayMode !== 1)
  const cover = settings.faceUrl_decode || undefined
  return (
    <div data-block="video">
      <div
        className="zx-video"
        style={!playing && cover ? { backgroundImage: `url("${encodeURI(cover)}")` } : undefined}
      >
        {playing ? (
          <video
            src={settings.videoUrl_decode}
            poster={cover}
            controls
            autoPlay
            muted={settings.autoPlayMode !== 1}
            playsInline
          />
        ) : (
          <button
            type="button"
            className="zx-video-play"
            aria-label="播放"
            data-testid="video-play"
            onClick={() => setPlaying(true)}
          >
            <span>
              <svg width="28" height="28" viewBox="0 0 24 24" aria-hidden>
                <path d="M8 5v14l11-7z" fill="#0958d9" />
              </svg>
            </span>
          </button>
        )}
      </div>
      {settings.descType === 1 && settings.descContent && (
        <div style={{ marginTop: 8, color: '#4b5563' }}>{settings.descContent}</div>
      )}
    </div>
  )
}

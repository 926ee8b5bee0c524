import { rewriteImageUrl } from '@zhixiao/shared'

/** The external image host (build-time VITE_IMAGE_HOST), for /minires addresses of logos and footer images. */
const IMAGE_HOST: string | undefined = import.meta.env.VITE_IMAGE_HOST

export const imageUrl = (url: string): string => rewriteImageUrl(url, IMAGE_HOST)

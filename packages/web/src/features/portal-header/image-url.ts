import { rewriteImageUrl } from '@zhixiao/shared'
import { appConfig } from '../../config'

/**
 * The file host for /minires addresses of logos and footer images: the config centre's file address (001 §2.4), else
 * the build-time VITE_IMAGE_HOST (web/src/config.ts).
 */
export const imageUrl = (url: string): string => rewriteImageUrl(url, appConfig.file || undefined)

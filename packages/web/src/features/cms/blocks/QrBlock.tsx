import { QR_WIDGET, type BlockOf } from '@zhixiao/shared'
import { Flex, QRCode, Typography } from 'antd'

/** QR widget (001 §2.6): the given text at size 134 with error correction level H. */
export function QrBlock({ settings }: { settings: BlockOf<'qr'>['settings'] }) {
  return (
    <Flex vertical align="center" gap={8} data-block="qr">
      <QRCode
        value={settings.text}
        size={QR_WIDGET.size}
        errorLevel={QR_WIDGET.level}
        bordered={false}
        role="img"
        aria-label={settings.tip || '二维码'}
      />
      {settings.tip && <Typography.Text type="secondary">{settings.tip}</Typography.Text>}
    </Flex>
  )
}

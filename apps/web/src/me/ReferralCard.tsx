import { CopyOutlined, DownloadOutlined } from '@ant-design/icons';
import { Button, Card, Flex, Image, Skeleton, Space, Typography } from 'antd';
import QRCode from 'qrcode';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../platform/current-user';
import { feedback } from '../platform/feedback';
import { useReferralLink } from './referral';

/** The QR code of `text` as a PNG data URL, drawn in the browser. */
function useQrPng(text: string | undefined): string | undefined {
  const [png, setPng] = useState<string>();
  useEffect(() => {
    if (!text) return;
    let current = true;
    void QRCode.toDataURL(text, { width: 512, margin: 2, errorCorrectionLevel: 'M' }).then(
      (url) => current && setPng(url),
    );
    return () => {
      current = false;
    };
  }, [text]);
  return png;
}

/**
 * The signed-in member's referral link and its QR code (docs/product/members.md, "Referral link"): a copy button
 * and the code as a PNG to download; `compact` on the dashboard, beside the figures.
 */
export function ReferralCard({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation();
  const { user } = useCurrentUser();
  const link = useReferralLink(user?.user_no);
  const png = useQrPng(link);
  const copy = async () => {
    try {
      if (!navigator.clipboard || !link) throw new Error('no clipboard');
      await navigator.clipboard.writeText(link);
      feedback.message.success(t('me.referral.copied'));
    } catch {
      feedback.message.error(t('me.referral.copyFailed'));
    }
  };
  const size = compact ? 120 : 200;
  return (
    <Card title={t('me.referral.title')} data-testid="referral-card">
      {!link ? (
        <Skeleton active paragraph={{ rows: 2 }} />
      ) : (
        <Flex gap={16} wrap align="center">
          {png ? (
            <Image src={png} width={size} height={size} preview={false} alt={t('me.referral.qrAlt')} />
          ) : (
            <Skeleton.Image active style={{ width: size, height: size }} />
          )}
          <Space direction="vertical" style={{ flex: '1 1 220px', minWidth: 0 }}>
            <Typography.Text type="secondary">
              {t('me.referral.hint', { userNo: user?.user_no })}
            </Typography.Text>
            <Typography.Text strong data-testid="referral-link" style={{ overflowWrap: 'anywhere' }}>
              {link}
            </Typography.Text>
            <Space wrap>
              <Button icon={<CopyOutlined />} onClick={copy}>
                {t('me.referral.copy')}
              </Button>
              <Button
                icon={<DownloadOutlined />}
                href={png}
                download={`referral-${user?.user_no}.png`}
                disabled={!png}
              >
                {t('me.referral.download')}
              </Button>
            </Space>
          </Space>
        </Flex>
      )}
    </Card>
  );
}

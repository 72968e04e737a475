import { Divider, Modal, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { AttachmentLinks } from './AttachmentLinks';
import { useContentItem } from './content.api';
import './content.css';
import { formatDateTime } from '../platform/format';

/** Opens one item for reading; the server marks it read, so the list and the unread count refresh. */
export function ContentReader({ id, onClose }: { id: number; onClose: () => void }) {
  const { t } = useTranslation();
  const { data: item } = useContentItem(id);
  return (
    <Modal
      open
      width={760}
      title={item?.title}
      onCancel={onClose}
      footer={null}
      closable={{ 'aria-label': t('content.ui.close') }}
    >
      {item ? (
        <article>
          <Typography.Text type="secondary">{formatDateTime(item.publish_at)}</Typography.Text>
          <div
            className="content-body"
            data-testid="content-body"
            // biome-ignore lint/security/noDangerouslySetInnerHtml: the server keeps only allow-listed HTML
            dangerouslySetInnerHTML={{ __html: item.body }}
          />
          {item.attachments.length > 0 && <Divider plain>{t('content.ui.attachments')}</Divider>}
          <AttachmentLinks attachments={item.attachments} />
        </article>
      ) : (
        <Skeleton active />
      )}
    </Modal>
  );
}

import { PaperClipOutlined } from '@ant-design/icons';
import type { AttachmentView } from '@app/contracts';
import { Button, Space } from 'antd';
import { downloadAttachment as download } from './content.api';

/** Downloads one attachment with the session token (members: of items they can see; admins: any). */
export const downloadAttachment = (a: Pick<AttachmentView, 'id' | 'name'>) =>
  download(a).catch(() => undefined);

/** Download links of an item's attachments. */
export function AttachmentLinks({ attachments }: { attachments: AttachmentView[] }) {
  if (attachments.length === 0) return null;
  return (
    <Space direction="vertical" size={0}>
      {attachments.map((a) => (
        <Button key={a.id} type="link" icon={<PaperClipOutlined />} onClick={() => downloadAttachment(a)}>
          {a.name} ({Math.ceil(a.size / 1024)} KB)
        </Button>
      ))}
    </Space>
  );
}

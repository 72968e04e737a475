import { HistoryOutlined } from '@ant-design/icons';
import type { AuditEntity } from '@app/contracts';
import { Button, Drawer } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AuditTable } from './AuditTable';

/** Who changed what, when, for one kind of record; the whole log is the operation log page. */
export function AuditDrawer({ entity }: { entity: AuditEntity }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button icon={<HistoryOutlined />} onClick={() => setOpen(true)}>
        {t('access.ui.auditLog')}
      </Button>
      <Drawer open={open} onClose={() => setOpen(false)} title={t('access.ui.auditLog')} size="large">
        {open && <AuditTable filters={{ entity }} />}
      </Drawer>
    </>
  );
}

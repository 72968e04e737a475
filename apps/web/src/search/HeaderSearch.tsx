import { SearchOutlined } from '@ant-design/icons';
import type { MemberHit, OrderHit } from '@app/contracts';
import { Button, Empty, Input, type InputRef, List, Modal, Spin, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { formatDateTime } from '../platform/format';
import { MoneyText } from '../platform/ui/MoneyText';
import { usePhone } from '../platform/ui/phone';
import { useSearch } from './search.api';

/** One hit of the list: its kind, the page it opens, and how it reads. */
interface Hit {
  key: string;
  to: string;
  title: string;
  detail: React.ReactNode;
}

const memberHit = (m: MemberHit): Hit => ({
  key: `member-${m.id}`,
  to: `/description/${m.id}`,
  title: m.display_name ? `${m.display_name} (${m.name})` : m.name,
  detail: m.user_no,
});

const orderHit = (o: OrderHit): Hit => ({
  key: `order-${o.order_no}`,
  to: `/orders/orders?order_no=${encodeURIComponent(o.order_no)}&open=${encodeURIComponent(o.order_no)}`,
  title: o.order_no,
  detail: (
    <>
      {o.user?.name ?? '-'} · <MoneyText value={o.amount} /> · {formatDateTime(o.completed_at)}
    </>
  ),
});

/** The typed text settles this long before it is searched. */
const SETTLE_MS = 250;

/** A key press that opens the search: `/` outside a text field, or Ctrl+K / ⌘K anywhere. */
function opensSearch(event: KeyboardEvent): boolean {
  if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'k') return true;
  const target = event.target as HTMLElement | null;
  const typing = target?.closest('input, textarea, select, [contenteditable="true"]');
  return event.key === '/' && !typing && !event.ctrlKey && !event.metaKey && !event.altKey;
}

/**
 * The header's search (docs/product/search.md): opened with `/` or Ctrl+K, or its button (an icon on phones).
 * Members and orders are grouped by kind; arrows choose a hit, Enter opens its page, Esc closes.
 */
export function HeaderSearch() {
  const { t } = useTranslation();
  const phone = usePhone();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const [q, setQ] = useState('');
  const [active, setActive] = useState(0);
  const input = useRef<InputRef>(null);
  const search = useSearch(q);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!opensSearch(event)) return;
      event.preventDefault();
      setOpen(true);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  useEffect(() => {
    const timer = setTimeout(() => setQ(text.trim()), SETTLE_MS);
    return () => clearTimeout(timer);
  }, [text]);

  const groups = [
    { kind: 'members', label: t('search.ui.members'), hits: (search.data?.members ?? []).map(memberHit) },
    { kind: 'orders', label: t('search.ui.orders'), hits: (search.data?.orders ?? []).map(orderHit) },
  ].filter((g) => g.hits.length > 0);
  const hits = q ? groups.flatMap((g) => g.hits) : [];
  const chosen = Math.min(active, Math.max(hits.length - 1, 0));

  const close = () => {
    setOpen(false);
    setText('');
    setQ('');
    setActive(0);
  };
  const go = (hit: Hit | undefined) => {
    if (!hit) return;
    close();
    navigate(hit.to);
  };
  const onKeyDown = (event: React.KeyboardEvent) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((chosen + step + hits.length) % Math.max(hits.length, 1));
    } else if (event.key === 'Enter') go(hits[chosen]);
  };

  const settled = q !== '' && q === text.trim() && !search.isFetching;
  return (
    <>
      <Button
        type="text"
        icon={<SearchOutlined />}
        aria-label={t('search.ui.open')}
        title={t('search.ui.shortcut')}
        data-testid="header-search"
        onClick={() => setOpen(true)}
      >
        {!phone && t('search.ui.open')}
      </Button>
      <Modal
        open={open}
        onCancel={close}
        footer={null}
        closable={false}
        width={phone ? '100%' : 600}
        style={phone ? { top: 8, maxWidth: 'calc(100vw - 16px)' } : { top: 80 }}
        afterOpenChange={(visible) => visible && input.current?.focus()}
        destroyOnHidden
      >
        <Input
          ref={input}
          size="large"
          allowClear
          prefix={<SearchOutlined />}
          placeholder={t('search.ui.placeholder')}
          aria-label={t('search.ui.open')}
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            setActive(0);
          }}
          onKeyDown={onKeyDown}
        />
        <div
          className="header-search-results"
          style={{ marginTop: 12, maxHeight: '60vh', overflowY: 'auto' }}
        >
          {!q && <Typography.Text type="secondary">{t('search.ui.hint')}</Typography.Text>}
          {q && search.isLoading && <Spin style={{ display: 'block', margin: '16px auto' }} />}
          {settled && hits.length === 0 && (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('search.ui.empty')} />
          )}
          {q &&
            groups.map((group) => (
              <List<Hit>
                key={group.kind}
                size="small"
                header={<Typography.Text strong>{group.label}</Typography.Text>}
                dataSource={group.hits}
                renderItem={(hit) => (
                  <List.Item
                    role="option"
                    aria-selected={hits[chosen] === hit}
                    data-testid={`search-hit-${hit.key}`}
                    style={{
                      cursor: 'pointer',
                      paddingInline: 8,
                      background: hits[chosen] === hit ? 'var(--ant-color-primary-bg)' : undefined,
                    }}
                    onMouseEnter={() => setActive(hits.indexOf(hit))}
                    onClick={() => go(hit)}
                  >
                    <List.Item.Meta title={hit.title} description={hit.detail} />
                  </List.Item>
                )}
              />
            ))}
        </div>
      </Modal>
    </>
  );
}

import { BookOutlined, CheckOutlined, DeleteOutlined, DownOutlined, TableOutlined } from '@ant-design/icons';
import { LIST_COLUMNS, type ListKey, saveViewBody } from '@app/contracts';
import { Button, Checkbox, Divider, Flex, Form, Input, Modal, Popover, Space, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { ApiError } from '../platform/http';
import { ConfirmButton } from '../platform/ui/ConfirmButton';
import { applyFieldErrors } from '../platform/ui/form-errors';
import { zodRules } from '../platform/ui/zod-rules';
import { useDeleteView, useListColumns, useSaveColumns, useSavedViews, useSaveView } from './views.api';

/** A table column's key as LIST_COLUMNS names it: its `key`, else its `dataIndex`. */
const keyOf = (column: ColumnsType<never>[number] | undefined) =>
  String(column?.key ?? (column as { dataIndex?: unknown } | undefined)?.dataIndex ?? '');

/**
 * The columns a list shows: those the person chose (docs/product/members.md, "Saved views and columns"); the first column, and
 * any the list does not name in LIST_COLUMNS, always show. None until the choice has loaded, so a list opened
 * with some columns hidden never shows them all for a moment first (every column when the choice cannot load).
 *   const shown = useShownColumns('withdrawals', columns);  <Table columns={shown} />
 */
export function useShownColumns<T>(list: ListKey, columns: ColumnsType<T>): ColumnsType<T> {
  const choice = useListColumns(list);
  if (choice.isPending) return [];
  const chosen = choice.data?.columns;
  if (!chosen) return columns;
  const known = LIST_COLUMNS[list];
  return columns.filter((column, i) => {
    const key = keyOf(column as ColumnsType<never>[number]);
    return i === 0 || !known.includes(key) || chosen.includes(key);
  });
}

/**
 * The "Views" and "Columns" buttons over a list's filter bar (docs/product/members.md, "Saved views and columns"): the person's saved
 * filter sets of the list (the URL's query), and the columns shown. They wrap on a phone.
 */
export function ListViews<T>({ list, columns }: { list: ListKey; columns: ColumnsType<T> }) {
  return (
    <Space wrap style={{ marginBottom: 12 }} data-testid="list-views">
      <SavedViewsButton list={list} />
      <ColumnsButton list={list} columns={columns as ColumnsType<never>} />
    </Space>
  );
}

function SavedViewsButton({ list }: { list: ListKey }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const views = useSavedViews(list).data ?? [];
  const remove = useDeleteView(list);
  const [open, setOpen] = useState(false);
  const [saving, setSaving] = useState(false);
  const current = params.toString();
  const content = (
    <Flex vertical gap={4} style={{ minWidth: 200, maxWidth: 'calc(100vw - 48px)' }}>
      {views.length === 0 && <Typography.Text type="secondary">{t('views.ui.none')}</Typography.Text>}
      {views.map((view) => {
        const search = new URLSearchParams(view.filters).toString();
        return (
          <Flex key={view.id} align="center" justify="space-between" gap={8}>
            <Button
              type="text"
              icon={search === current ? <CheckOutlined /> : undefined}
              style={{ justifyContent: 'flex-start', flex: 1, minWidth: 0, overflow: 'hidden' }}
              onClick={() => {
                setOpen(false);
                navigate({ search: search ? `?${search}` : '' });
              }}
            >
              <Typography.Text ellipsis>{view.name}</Typography.Text>
            </Button>
            <ConfirmButton
              size="small"
              type="text"
              danger
              icon={<DeleteOutlined />}
              aria-label={t('views.ui.delete', { name: view.name })}
              confirm={t('views.ui.deleteConfirm', { name: view.name })}
              onConfirm={() => remove.mutateAsync(view.id)}
            />
          </Flex>
        );
      })}
      <Divider style={{ margin: '4px 0' }} />
      <Button
        type="link"
        onClick={() => {
          setOpen(false);
          setSaving(true);
        }}
      >
        {t('views.ui.saveCurrent')}
      </Button>
    </Flex>
  );
  return (
    <>
      <Popover trigger="click" placement="bottomLeft" open={open} onOpenChange={setOpen} content={content}>
        <Button icon={<BookOutlined />}>
          {t('views.ui.views')}
          <DownOutlined />
        </Button>
      </Popover>
      {saving && (
        <SaveViewDialog list={list} filters={Object.fromEntries(params)} onClose={() => setSaving(false)} />
      )}
    </>
  );
}

/** Names the list's current filters; the name's rules are the contract's. */
function SaveViewDialog({
  list,
  filters,
  onClose,
}: {
  list: ListKey;
  filters: Record<string, string>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ name: string }>();
  const save = useSaveView();
  const submit = async ({ name }: { name: string }) => {
    try {
      await save.mutateAsync({ list, name, filters });
      onClose();
    } catch (error) {
      // The server's refusal, translated, under the field it is about (a network failure was toasted already).
      if (!applyFieldErrors(form, error) && error instanceof ApiError)
        form.setFields([{ name: 'name', errors: [error.message] }]);
    }
  };
  return (
    <Modal
      open
      title={t('views.ui.saveTitle')}
      okText={t('views.ui.save')}
      cancelText={t('platform.cancel')}
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
    >
      <Form form={form} name="saveView" layout="vertical" onFinish={submit}>
        <Form.Item name="name" label={t('views.ui.name')} rules={zodRules(saveViewBody, 'name')}>
          <Input autoFocus />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function ColumnsButton({ list, columns }: { list: ListKey; columns: ColumnsType<never> }) {
  const { t } = useTranslation();
  const chosen = useListColumns(list).data?.columns;
  const save = useSaveColumns(list);
  const known = LIST_COLUMNS[list];
  const first = keyOf(columns[0]);
  const shown = new Set(chosen ?? known);
  const choosable = columns.filter((column) => known.includes(keyOf(column)));
  const toggle = (key: string, on: boolean) => save(known.filter((k) => (k === key ? on : shown.has(k))));
  const content = (
    <Flex vertical gap={4} style={{ maxHeight: '60vh', overflowY: 'auto' }}>
      {choosable.map((column) => {
        const key = keyOf(column);
        return (
          <Checkbox
            key={key}
            checked={key === first || shown.has(key)}
            disabled={key === first}
            onChange={(e) => toggle(key, e.target.checked)}
          >
            {column.title as ReactNode}
          </Checkbox>
        );
      })}
      <Button size="small" type="link" onClick={() => save([...known])}>
        {t('views.ui.showAll')}
      </Button>
    </Flex>
  );
  return (
    <Popover trigger="click" placement="bottomLeft" content={content}>
      <Button icon={<TableOutlined />}>{t('views.ui.columns')}</Button>
    </Popover>
  );
}

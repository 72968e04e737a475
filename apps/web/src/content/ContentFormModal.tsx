import { UploadOutlined } from '@ant-design/icons';
import {
  type AttachmentView,
  type ContentAdminItem,
  type ContentBody,
  type ContentKind,
  contentBody,
  LOCALES,
  type Locale,
  type LocalizedText,
} from '@app/contracts';
import {
  Button,
  DatePicker,
  Form,
  Input,
  Modal,
  Select,
  Skeleton,
  Switch,
  Tabs,
  Typography,
  Upload,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { issueText } from '../platform/issue-text';
import { LANGUAGE_NAMES } from '../platform/locale-choice';
import { applyFieldErrors } from '../platform/ui/form-errors';
import { fieldRules } from '../platform/ui/zod-rules';

import { downloadAttachment } from './AttachmentLinks';
import { uploadAttachment, useAdminItem, usePublicConfig, useSaveContent } from './content.api';
import { RichTextEditor } from './RichTextEditor';

interface FormValues {
  title: LocalizedText;
  body: LocalizedText;
  audience_level_ids: number[];
  publish_at: Dayjs | null;
  published: boolean;
  pinned: boolean;
}

const EMPTY: LocalizedText = { 'en-US': '', 'zh-HK': '', 'zh-CN': '' };

const initialValues = (item: ContentAdminItem | undefined): FormValues => ({
  title: item?.title ?? EMPTY,
  body: item?.body ?? EMPTY,
  audience_level_ids: item?.audience_level_ids ?? [],
  publish_at: item ? dayjs(item.publish_at) : null,
  published: item?.published ?? false,
  pinned: item?.pinned ?? false,
});

/** The language tab holding a field such as ['title', 'zh-HK'] or 'body.en-US'. */
const languageOf = (name: string | (string | number)[]) => {
  const part = (typeof name === 'string' ? name.split('.') : name)[1];
  return LOCALES.find((l) => l === part);
};

/** Create (id null) or edit an item: three language tabs, audience, publish time, flags and attachments. */
export function ContentFormModal({
  kind,
  id,
  onClose,
}: {
  kind: ContentKind;
  id: number | null;
  onClose: () => void;
}) {
  const { data: item, isLoading } = useAdminItem(id);
  if (id !== null && isLoading)
    return (
      <Modal open footer={null} onCancel={onClose}>
        <Skeleton active />
      </Modal>
    );
  return <ContentForm kind={kind} item={item} onClose={onClose} />;
}

function ContentForm({
  kind,
  item,
  onClose,
}: {
  kind: ContentKind;
  item?: ContentAdminItem;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<FormValues>();
  const [tab, setTab] = useState<Locale>('en-US');
  const [attachments, setAttachments] = useState<AttachmentView[]>(item?.attachments ?? []);
  const [busy, setBusy] = useState(false);
  const levels = usePublicConfig().data?.levels ?? [];
  const save = useSaveContent();

  const showTabOf = (names: Array<string | (string | number)[]>) => {
    const language = names.map(languageOf).find(Boolean);
    if (language) setTab(language);
  };

  const submit = async () => {
    const values = await form.validateFields().catch((error: { errorFields?: { name: string[] }[] }) => {
      showTabOf(error.errorFields?.map((f) => f.name) ?? []);
      return null;
    });
    if (!values) return;
    const body: ContentBody = {
      kind,
      title: values.title,
      body: values.body,
      audience_level_ids: values.audience_level_ids,
      publish_at: values.publish_at ? values.publish_at.toISOString() : null,
      published: values.published,
      pinned: values.pinned,
      attachment_ids: attachments.map((a) => a.id),
    };
    const parsed = contentBody.safeParse(body);
    if (!parsed.success) {
      form.setFields(parsed.error.issues.map((i) => ({ name: i.path as never, errors: [issueText(i, t)] })));
      showTabOf(parsed.error.issues.map((i) => i.path as string[]));
      return;
    }
    setBusy(true);
    try {
      await save.mutateAsync({ id: item?.id ?? null, body });
      onClose();
    } catch (error) {
      if (applyFieldErrors(form, error))
        showTabOf((error as { fieldErrors: { field: string }[] }).fieldErrors.map((e) => e.field));
    } finally {
      setBusy(false);
    }
  };

  const upload = async (file: Blob) => {
    const attachment = await uploadAttachment(file);
    setAttachments((list) => [...list, attachment]);
  };

  const titleKey = kind === 'announcement' ? 'content.ui.editAnnouncement' : 'content.ui.editArticle';
  const newKey = kind === 'announcement' ? 'content.ui.newAnnouncement' : 'content.ui.newArticle';
  return (
    <Modal
      open
      width={820}
      title={t(item ? titleKey : newKey)}
      okText={t('content.ui.save')}
      cancelText={t('platform.cancel')}
      confirmLoading={busy}
      onOk={submit}
      onCancel={onClose}
    >
      <Form form={form} layout="vertical" initialValues={initialValues(item)}>
        <Typography.Paragraph type="secondary">{t('content.ui.fallbackHint')}</Typography.Paragraph>
        <Tabs
          activeKey={tab}
          onChange={(key) => setTab(key as Locale)}
          items={LOCALES.map((locale) => ({
            key: locale,
            label: LANGUAGE_NAMES[locale],
            forceRender: true,
            children: (
              <>
                <Form.Item
                  name={['title', locale]}
                  label={t('content.ui.title')}
                  required={locale === 'en-US'}
                  rules={fieldRules(contentBody.shape.title.shape[locale])}
                >
                  <Input aria-label={`${t('content.ui.title')} (${locale})`} />
                </Form.Item>
                <Form.Item name={['body', locale]} label={t('content.ui.body')} required={locale === 'en-US'}>
                  <RichTextEditor aria-label={`${t('content.ui.body')} (${locale})`} />
                </Form.Item>
              </>
            ),
          }))}
        />
        <Form.Item
          name="audience_level_ids"
          label={t('content.ui.audience')}
          extra={t('content.ui.audienceHint')}
        >
          <Select
            mode="multiple"
            allowClear
            placeholder={t('content.ui.allMembers')}
            options={levels.map((l) => ({ value: l.id, label: l.name }))}
          />
        </Form.Item>
        <Form.Item name="publish_at" label={t('content.ui.publishAt')} extra={t('content.ui.publishAtHint')}>
          <DatePicker showTime format="YYYY-MM-DD HH:mm" />
        </Form.Item>
        <Form.Item name="published" label={t('content.ui.published')} valuePropName="checked">
          <Switch aria-label={t('content.ui.published')} />
        </Form.Item>
        <Form.Item name="pinned" label={t('content.ui.pinned')} valuePropName="checked">
          <Switch aria-label={t('content.ui.pinned')} />
        </Form.Item>
        <Form.Item label={t('content.ui.attachments')} extra={t('content.ui.uploadHint')}>
          <Upload
            accept=".png,.jpg,.jpeg,.gif,.webp,.pdf"
            fileList={attachments.map((a) => ({ uid: String(a.id), name: a.name, status: 'done' as const }))}
            customRequest={({ file, onSuccess, onError }) =>
              upload(file as Blob).then(
                () => onSuccess?.(null),
                (error: Error) => onError?.(error),
              )
            }
            onRemove={(file) => setAttachments((list) => list.filter((a) => String(a.id) !== file.uid))}
            showUploadList={{ showDownloadIcon: true }}
            onDownload={(file) => downloadAttachment({ id: Number(file.uid), name: file.name })}
            onPreview={(file) => downloadAttachment({ id: Number(file.uid), name: file.name })}
          >
            <Button icon={<UploadOutlined />}>{t('content.ui.upload')}</Button>
          </Upload>
        </Form.Item>
      </Form>
    </Modal>
  );
}

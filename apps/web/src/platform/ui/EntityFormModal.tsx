import { Form, type FormInstance, Modal } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { issueText } from '../issue-text';
import { applyFieldErrors } from './form-errors';
import { zodRules } from './zod-rules';

type ObjectSchema = z.ZodType & { shape: Record<string, z.ZodType> };

interface EntityFormModalProps<S extends ObjectSchema> {
  title: string;
  schema: S;
  initialValues: Record<string, unknown>;
  /** Sends the parsed values; a 422 answer is shown under the fields it names. */
  onSubmit: (values: z.output<S>) => Promise<unknown>;
  onClose: () => void;
  children: (
    rules: (field: keyof S['shape'] & string) => ReturnType<typeof zodRules>,
    form: FormInstance,
  ) => ReactNode;
}

/**
 * A create/edit dialog validated by a contracts zod schema: per-field rules while typing,
 * the whole schema (cross-field checks such as matching passwords) on submit, then the
 * server's field errors.
 */
export function EntityFormModal<S extends ObjectSchema>({
  title,
  schema,
  initialValues,
  onSubmit,
  onClose,
  children,
}: EntityFormModalProps<S>) {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  const [busy, setBusy] = useState(false);

  /** Forgets the reasons of a previous submit (a cross-field or server error has no rule to clear it). */
  const clearErrors = (names: string[]) => form.setFields(names.map((name) => ({ name, errors: [] })));

  const submit = async () => {
    clearErrors(Object.keys(form.getFieldsValue(true)));
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    const parsed = schema.safeParse({ ...form.getFieldsValue(true), ...values });
    if (!parsed.success) {
      form.setFields(
        parsed.error.issues.map((issue) => ({ name: issue.path as string[], errors: [issueText(issue, t)] })),
      );
      return;
    }
    setBusy(true);
    try {
      await onSubmit(parsed.data);
      onClose();
    } catch (error) {
      applyFieldErrors(form, error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open
      title={title}
      okText={t('platform.save')}
      cancelText={t('platform.cancel')}
      confirmLoading={busy}
      onOk={submit}
      onCancel={onClose}
      width={640}
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={initialValues}
        onFinish={submit}
        onValuesChange={(changed) => clearErrors(Object.keys(changed))}
      >
        {children((field) => zodRules(schema, field), form)}
      </Form>
    </Modal>
  );
}

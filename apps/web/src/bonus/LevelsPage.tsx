import { type LevelDto, levelSettingsBody } from '@app/contracts';
import { Button, Card, Form, Input, InputNumber, Modal, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { applyFieldErrors } from '../platform/ui/form-errors';
import { zodRules } from '../platform/ui/zod-rules';
import { useLevelSettings, useSaveLevel } from './bonus.api';
import { SettingsHistoryButton } from './SettingsHistory';

/** /level/level: each level's bonus settings, editable by admins. */
export default function LevelsPage() {
  const { t } = useTranslation();
  const levels = useLevelSettings();
  const saveLevel = useSaveLevel();
  const [editing, setEditing] = useState<LevelDto | null>(null);
  const [form] = Form.useForm();
  const save = async () => {
    const values = await form.validateFields();
    try {
      await saveLevel.mutateAsync({ id: editing!.id, values });
      setEditing(null);
    } catch (error) {
      applyFieldErrors(form, error);
    }
  };
  const percent = (name: string, label: string) => (
    <Form.Item name={name} label={t(label)} rules={[{ required: true, message: t('validation.required') }]}>
      <Input suffix="%" inputMode="decimal" />
    </Form.Item>
  );
  return (
    <Card
      extra={
        <SettingsHistoryButton
          kind="levels"
          items={(levels.data ?? []).map((level) => ({ id: level.id, name: level.name }))}
        />
      }
    >
      <Table<LevelDto>
        rowKey="id"
        loading={levels.isFetching}
        dataSource={levels.data ?? []}
        pagination={false}
        columns={[
          { title: t('bonus.level.name'), dataIndex: 'name' },
          { title: t('bonus.level.invitation'), dataIndex: 'invitation_ratio', align: 'right' },
          { title: t('bonus.level.secondGen'), dataIndex: 'second_gen_ratio', align: 'right' },
          { title: t('bonus.level.thirdGen'), dataIndex: 'third_gen_ratio', align: 'right' },
          { title: t('bonus.level.shareCap'), dataIndex: 'share_cap', align: 'right' },
          {
            title: '',
            key: 'edit',
            render: (_, level) => (
              <Button
                size="small"
                onClick={() => {
                  form.setFieldsValue(level);
                  setEditing(level);
                }}
              >
                {t('bonus.edit')}
              </Button>
            ),
          },
        ]}
      />
      <Modal
        open={editing !== null}
        title={`${t('bonus.level.edit')}: ${editing?.name ?? ''}`}
        onOk={save}
        onCancel={() => setEditing(null)}
        destroyOnHidden
      >
        <Form form={form} layout="vertical">
          {percent('invitation_ratio', 'bonus.level.invitation')}
          {percent('second_gen_ratio', 'bonus.level.secondGen')}
          {percent('third_gen_ratio', 'bonus.level.thirdGen')}
          <Form.Item
            name="share_cap"
            label={t('bonus.level.shareCap')}
            rules={zodRules(levelSettingsBody, 'share_cap')}
          >
            <InputNumber style={{ width: '100%' }} />
          </Form.Item>
        </Form>
      </Modal>
    </Card>
  );
}

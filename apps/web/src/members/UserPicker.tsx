import { Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUserOptions } from './members.api';

/** A searchable member select (picker page size 10); the chosen member stays in the options. */
export function UserPicker({
  value,
  onChange,
  id,
}: {
  value?: number;
  onChange?: (value: number | undefined) => void;
  id?: string;
}) {
  const { t } = useTranslation();
  const [keyword, setKeyword] = useState('');
  const options = useUserOptions(keyword, value);
  return (
    <Select<number>
      id={id}
      showSearch
      allowClear
      value={value}
      placeholder={t('members.ui.pickUser')}
      filterOption={false}
      onSearch={setKeyword}
      onChange={(v) => onChange?.(v)}
      loading={options.isFetching}
      options={(options.data ?? []).map((u) => ({ value: u.id, label: `${u.name} (${u.user_no})` }))}
    />
  );
}

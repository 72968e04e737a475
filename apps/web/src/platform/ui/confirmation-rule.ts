import type { Rule } from 'antd/es/form';
import type { Translate } from '../issue-text';

/** A password's confirmation: required, and refused while it differs from the form's `password`. */
export const confirmationRule = (t: Translate): Rule[] => [
  { required: true, message: t('validation.required') },
  ({ getFieldValue }) => ({
    validator: async (_rule, value) => {
      if (value && value !== getFieldValue('password')) throw new Error(t('access.passwordsInconsistent'));
    },
  }),
];

import { Form, Input, InputNumber, Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import { RULE_STATUSES } from '../../rules/RuleStatusTag.tsx';

/** Name, status and priority. */
export function SettingsSection() {
  const { t } = useTranslation();
  return (
    <>
      <Form.Item
        name="name"
        label={t('priceSuggestions.fields.name')}
        rules={[{ required: true, whitespace: true, message: t('priceSuggestions.editor.nameRequired') }, { max: 200 }]}
      >
        <Input maxLength={200} />
      </Form.Item>
      <Form.Item
        name="status"
        label={t('priceSuggestions.fields.status')}
        extra={t('priceSuggestions.editor.statusHelp')}
      >
        <Radio.Group
          optionType="button"
          options={RULE_STATUSES.map((value) => ({ value, label: t(`priceSuggestions.status.${value}`) }))}
        />
      </Form.Item>
      <Form.Item
        name="priority"
        label={t('priceSuggestions.fields.priority')}
        extra={t('priceSuggestions.editor.priorityHelp')}
        rules={[{ required: true, type: 'integer', min: 1, message: t('priceSuggestions.editor.priorityInvalid') }]}
      >
        <InputNumber min={1} precision={0} />
      </Form.Item>
    </>
  );
}

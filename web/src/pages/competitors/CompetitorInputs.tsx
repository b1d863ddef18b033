import { Form, Input, Radio, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { isHttpUrl, NAME_MAX } from './competitorInput.ts';
import { MATCHING_MODES, SCRAPING_FREQUENCIES } from './queries.ts';

/** The fields of a competitor, shared by the create and the edit form. */
export function CompetitorInputs() {
  const { t } = useTranslation();
  return (
    <>
      <Form.Item
        name="name"
        label={t('competitors.fields.name')}
        rules={[
          { required: true, whitespace: true, message: t('competitors.validation.nameRequired') },
          { max: NAME_MAX, message: t('competitors.validation.nameTooLong', { max: NAME_MAX }) },
        ]}
      >
        <Input autoFocus />
      </Form.Item>
      <Form.Item
        name="url"
        label={t('competitors.fields.url')}
        extra={t('competitors.form.urlHelp')}
        rules={[
          { required: true, whitespace: true, message: t('competitors.validation.urlRequired') },
          {
            validator: (_, value: string | undefined) =>
              !value?.trim() || isHttpUrl(value)
                ? Promise.resolve()
                : Promise.reject(new Error(t('competitors.validation.urlInvalid'))),
          },
        ]}
      >
        <Input inputMode="url" placeholder="https://" />
      </Form.Item>
      <Form.Item
        name="matchingMode"
        label={t('competitors.fields.matchingMode')}
        extra={t('competitors.form.matchingModeHelp')}
      >
        <Radio.Group
          options={MATCHING_MODES.map((mode) => ({ value: mode, label: t(`competitors.matchingMode.${mode}`) }))}
        />
      </Form.Item>
      <Form.Item name="scrapingFrequency" label={t('competitors.fields.scrapingFrequency')}>
        <Select
          options={SCRAPING_FREQUENCIES.map((value) => ({ value, label: t(`competitors.frequency.${value}`) }))}
        />
      </Form.Item>
      <Form.Item name="active" label={t('competitors.fields.active')} valuePropName="checked">
        <Switch />
      </Form.Item>
    </>
  );
}

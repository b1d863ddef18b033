import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { isWebsiteUrl, WEBSITE_NAME_MAX_LENGTH } from './websiteUrl.ts';

export interface WebsiteValues {
  name: string;
  url: string;
}

export const WEBSITE_FIELDS = ['name', 'url'] as const;

/** The name and address of a website, checked as the API checks them; shared by create and edit. */
export function WebsiteInputs() {
  const { t } = useTranslation();
  return (
    <>
      <Form.Item
        name="name"
        label={t('websites.fields.name')}
        rules={[
          { required: true, whitespace: true, message: t('websites.validation.nameRequired') },
          {
            max: WEBSITE_NAME_MAX_LENGTH,
            message: t('websites.validation.nameTooLong', { max: WEBSITE_NAME_MAX_LENGTH }),
          },
        ]}
      >
        <Input />
      </Form.Item>
      <Form.Item
        name="url"
        label={t('websites.fields.url')}
        rules={[
          { required: true, whitespace: true, message: t('websites.validation.urlRequired') },
          {
            validator: (_, value: string | undefined) =>
              !value?.trim() || isWebsiteUrl(value)
                ? Promise.resolve()
                : Promise.reject(new Error(t('websites.validation.urlInvalid'))),
          },
        ]}
      >
        <Input type="url" placeholder="https://" inputMode="url" />
      </Form.Item>
    </>
  );
}

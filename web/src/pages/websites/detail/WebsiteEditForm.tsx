import { useCustomMutation } from '@refinedev/core';
import { Button, Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { changeFailedNotification, formFieldErrors } from '../../../components/errors/formErrors.ts';
import { WEBSITE_UPDATE_MUTATION, type WebsiteDetail } from '../queries.ts';
import { WEBSITE_FIELDS, WebsiteInputs, type WebsiteValues } from '../WebsiteInputs.tsx';

/** Renames the website and/or moves it to another address. */
export function WebsiteEditForm({ website, onSaved }: { website: WebsiteDetail; onSaved: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<WebsiteValues>();
  const { mutate, mutation } = useCustomMutation();

  const save = (values: WebsiteValues) => {
    const input = { name: values.name.trim(), url: values.url.trim() };
    mutate(
      {
        url: '',
        method: 'post',
        values: input,
        meta: { gqlMutation: WEBSITE_UPDATE_MUTATION, gqlVariables: { organizationWebsiteId: website.id, input } },
        successNotification: { type: 'success', message: t('websites.edit.saved') },
        errorNotification: changeFailedNotification(t, t('websites.edit.failed'), WEBSITE_FIELDS),
      },
      { onSuccess: onSaved, onError: (error) => form.setFields(formFieldErrors(error, WEBSITE_FIELDS)) },
    );
  };

  return (
    <Form<WebsiteValues>
      form={form}
      name="website-edit"
      layout="vertical"
      style={{ maxWidth: 560 }}
      initialValues={{ name: website.name, url: website.website.url }}
      onFinish={save}
    >
      <WebsiteInputs />
      <Button type="primary" htmlType="submit" loading={mutation.isPending}>
        {t('buttons.save')}
      </Button>
    </Form>
  );
}

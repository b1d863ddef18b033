import { PlusOutlined } from '@ant-design/icons';
import { type HttpError, useCustomMutation } from '@refinedev/core';
import { Alert, Button, Form, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { routePath, useCarriedPath } from '../../../routes/useCarriedPath.ts';
import { apiErrorText } from '../../../components/errors/apiErrorText.ts';
import { formFieldErrors } from '../../../components/errors/formErrors.ts';
import { OrganizationSelect } from '../../../features/organizations/OrganizationSelect.tsx';
import { useViewerRoles } from '../../../components/access/useViewerRoles.ts';
import { WEBSITE_CREATE_MUTATION } from '../queries.ts';
import { WEBSITE_FIELDS, WebsiteInputs, type WebsiteValues } from '../WebsiteInputs.tsx';
import { useWebsitesChanged } from '../useWebsitesChanged.ts';
import { useOwnOrganization } from './useOwnOrganization.ts';

interface CreateValues extends WebsiteValues {
  organizationId?: string;
}

const FIELDS = [...WEBSITE_FIELDS, 'organizationId'] as const;

/**
 * Adds a website (an Admin to any organization, an Owner to its own), then opens it. A field the
 * API refuses shows its message at the field; any other refusal (a full plan names its limit)
 * shows in the dialog.
 */
export function WebsiteCreateButton() {
  const { t } = useTranslation();
  const { isAdmin } = useViewerRoles();
  const [open, setOpen] = useState(false);
  const [refusal, setRefusal] = useState<HttpError | null>(null);
  const [form] = Form.useForm<CreateValues>();
  const own = useOwnOrganization(open && !isAdmin);
  const { mutate, mutation } = useCustomMutation<{ id: string }>();
  const websitesChanged = useWebsitesChanged();
  const navigate = useNavigate();
  const carried = useCarriedPath();

  const create = (values: CreateValues) => {
    const organizationId = isAdmin ? values.organizationId : own?.id;
    if (!organizationId) return;
    const input = { name: values.name.trim(), url: values.url.trim() };
    setRefusal(null);
    mutate(
      {
        url: '',
        method: 'post',
        values: input,
        meta: { gqlMutation: WEBSITE_CREATE_MUTATION, gqlVariables: { organizationId, input } },
        successNotification: { type: 'success', message: t('websites.create.created', { name: input.name }) },
        errorNotification: false,
      },
      {
        onSuccess: ({ data }) => {
          websitesChanged();
          setOpen(false);
          form.resetFields();
          navigate(carried(routePath('websiteDetail', { organizationWebsiteId: data.id })));
        },
        onError: (error) => {
          const fieldErrors = formFieldErrors(error, FIELDS);
          form.setFields(fieldErrors);
          if (fieldErrors.length === 0) setRefusal(error);
        },
      },
    );
  };

  return (
    <>
      <Button type="primary" icon={<PlusOutlined />} onClick={() => setOpen(true)}>
        {t('websites.create.open')}
      </Button>
      <Modal
        open={open}
        title={t('websites.create.title')}
        okText={t('websites.create.submit')}
        cancelText={t('buttons.cancel')}
        confirmLoading={mutation.isPending}
        okButtonProps={{ disabled: !isAdmin && !own }}
        onOk={() => form.submit()}
        onCancel={() => {
          setOpen(false);
          setRefusal(null);
        }}
        forceRender
      >
        <Form<CreateValues> form={form} name="website-create" layout="vertical" onFinish={create}>
          {isAdmin ? (
            <Form.Item
              name="organizationId"
              label={t('websites.fields.organization')}
              rules={[{ required: true, message: t('websites.validation.organizationRequired') }]}
            >
              <OrganizationSelect allowClear />
            </Form.Item>
          ) : (
            <Form.Item label={t('websites.fields.organization')}>{own?.name ?? '…'}</Form.Item>
          )}
          <WebsiteInputs />
        </Form>
        {refusal && (
          <Alert
            type="error"
            showIcon
            role="alert"
            message={t('websites.create.failed')}
            description={apiErrorText(refusal, t)}
          />
        )}
      </Modal>
    </>
  );
}

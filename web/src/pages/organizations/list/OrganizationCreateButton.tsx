import { PlusOutlined } from '@ant-design/icons';
import { useCustomMutation, useInvalidate } from '@refinedev/core';
import { Button, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { routePath, useCarriedPath } from '../../../routes/useCarriedPath.ts';
import { usePlanOptions } from '../billing/usePlanOptions.ts';
import { changeFailedNotification, formFieldErrors } from '../../../components/errors/formErrors.ts';
import { FormSelect } from '../../../components/form/FormSelect.tsx';
import { ORGANIZATION_CREATE_MUTATION } from '../queries.ts';

interface CreateValues {
  name: string;
  planId: string;
}

const FIELDS = ['name', 'planId'] as const;

/** Creates an organization (Admin): name and plan, then opens it. */
export function OrganizationCreateButton() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<CreateValues>();
  const { mutate, mutation } = useCustomMutation<{ id: string }>();
  const invalidate = useInvalidate();
  const navigate = useNavigate();
  const carried = useCarriedPath();
  const plans = usePlanOptions(open);

  const create = (input: CreateValues) =>
    mutate(
      {
        url: '',
        method: 'post',
        values: input,
        meta: { gqlMutation: ORGANIZATION_CREATE_MUTATION, gqlVariables: { input } },
        successNotification: { type: 'success', message: t('organizations.create.created', { name: input.name }) },
        errorNotification: changeFailedNotification(t, t('organizations.create.failed'), FIELDS),
      },
      {
        onSuccess: ({ data }) => {
          void invalidate({ resource: 'organizations', invalidates: ['list'] });
          setOpen(false);
          form.resetFields();
          navigate(carried(routePath('organizationDetail', { organizationId: data.id })));
        },
        onError: (error) => form.setFields(formFieldErrors(error, FIELDS)),
      },
    );

  return (
    <>
      <Button type="primary" icon={<PlusOutlined />} onClick={() => setOpen(true)}>
        {t('organizations.create.open')}
      </Button>
      <Modal
        open={open}
        title={t('organizations.create.title')}
        okText={t('organizations.create.submit')}
        confirmLoading={mutation.isPending}
        onOk={() => form.submit()}
        onCancel={() => setOpen(false)}
      >
        <Form<CreateValues>
          form={form}
          name="organization-create"
          layout="vertical"
          initialValues={{ planId: 'starter' }}
          onFinish={create}
        >
          <Form.Item
            name="name"
            label={t('organizations.fields.name')}
            rules={[
              { required: true, whitespace: true, message: t('organizations.validation.nameRequired') },
              { max: 200, message: t('organizations.validation.nameTooLong') },
            ]}
          >
            <Input autoFocus />
          </Form.Item>
          <Form.Item name="planId" label={t('organizations.fields.plan')} rules={[{ required: true }]}>
            <FormSelect options={plans.options} loading={plans.loading} />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}

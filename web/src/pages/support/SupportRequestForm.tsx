import { useCustomMutation } from '@refinedev/core';
import { Alert, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { changeFailedNotification, formFieldErrors } from '../../components/errors/formErrors.ts';
import { SUPPORT_REQUEST_CREATE_MUTATION, type SupportRequestRow } from './queries.ts';
import {
  MESSAGE_MAX_LENGTH,
  supportRequestInput,
  type SupportRequestValues,
  TOPIC_MAX_LENGTH,
} from './supportInput.ts';

const FIELDS = ['topic', 'message'] as const;

/** Writes to support: a topic and a message, stored with the sender; the sent request is confirmed. */
export function SupportRequestForm({ onSent }: { onSent: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<SupportRequestValues>();
  const [sent, setSent] = useState<SupportRequestRow | null>(null);
  const { mutate, mutation } = useCustomMutation<SupportRequestRow>();

  const send = (values: SupportRequestValues) => {
    const input = supportRequestInput(values);
    setSent(null);
    mutate(
      {
        url: '',
        method: 'post',
        values: input,
        meta: { gqlMutation: SUPPORT_REQUEST_CREATE_MUTATION, gqlVariables: { input } },
        successNotification: false,
        errorNotification: changeFailedNotification(t, t('support.form.failed'), FIELDS),
      },
      {
        onSuccess: ({ data }) => {
          setSent(data);
          form.resetFields();
          onSent();
        },
        onError: (error) => form.setFields(formFieldErrors(error, FIELDS)),
      },
    );
  };

  return (
    <>
      {sent && (
        <Alert
          type="success"
          showIcon
          role="status"
          closable
          onClose={() => setSent(null)}
          style={{ marginBottom: 16 }}
          message={t('support.form.sent', { topic: sent.topic })}
          description={t('support.form.sentText', { email: sent.userEmail })}
        />
      )}
      <Form<SupportRequestValues>
        form={form}
        name="support-request"
        layout="vertical"
        style={{ maxWidth: 720 }}
        onFinish={send}
      >
        <Form.Item
          name="topic"
          label={t('support.fields.topic')}
          rules={[
            { required: true, whitespace: true, message: t('support.validation.topicRequired') },
            { max: TOPIC_MAX_LENGTH, message: t('support.validation.topicTooLong', { max: TOPIC_MAX_LENGTH }) },
          ]}
        >
          <Input placeholder={t('support.form.topicPlaceholder')} />
        </Form.Item>
        <Form.Item
          name="message"
          label={t('support.fields.message')}
          rules={[
            { required: true, whitespace: true, message: t('support.validation.messageRequired') },
            {
              max: MESSAGE_MAX_LENGTH,
              message: t('support.validation.messageTooLong', { max: MESSAGE_MAX_LENGTH.toLocaleString() }),
            },
          ]}
        >
          <Input.TextArea rows={6} showCount maxLength={MESSAGE_MAX_LENGTH} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={mutation.isPending}>
          {t('support.form.submit')}
        </Button>
      </Form>
    </>
  );
}

import { type HttpError, useCustomMutation } from '@refinedev/core';
import { Form, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiErrorAlert } from '../../components/errors/ApiErrorAlert.tsx';
import { formFieldErrors } from '../../components/errors/formErrors.ts';
import {
  COMPETITOR_FIELDS,
  type CompetitorFormValues,
  createInput,
  formValuesOf,
  NEW_COMPETITOR,
  updateInput,
} from './competitorInput.ts';
import { CompetitorInputs } from './CompetitorInputs.tsx';
import { COMPETITOR_CREATE_MUTATION, COMPETITOR_UPDATE_MUTATION, type CompetitorRow } from './queries.ts';

export type CompetitorFormTarget = { competitor: CompetitorRow } | { organizationWebsiteId: string };

/**
 * Adds a competitor to a website, or changes one (only the changed fields are sent). The API's
 * BAD_USER_INPUT message appears at its field; any other refusal (a full plan names its limit)
 * above the form. Mounted anew for each opening (useFormDialog), so each opening starts from the
 * competitor's values; kept mounted once closed, so focus goes back to its button.
 */
export function CompetitorFormModal({
  open,
  target,
  onClose,
  onSaved,
}: {
  open: boolean;
  target: CompetitorFormTarget;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<CompetitorFormValues>();
  const [failure, setFailure] = useState<HttpError | null>(null);
  const { mutate, mutation } = useCustomMutation<CompetitorRow>();
  const editing = 'competitor' in target ? target.competitor : null;
  const action = editing ? 'edit' : 'create';

  const save = (values: CompetitorFormValues) => {
    setFailure(null);
    const input = editing ? updateInput(editing, values) : createInput(values);
    if (editing && Object.keys(input).length === 0) {
      onClose();
      return;
    }
    const variables = editing
      ? { competitorId: editing.id, input }
      : { organizationWebsiteId: (target as { organizationWebsiteId: string }).organizationWebsiteId, input };
    mutate(
      {
        url: '',
        method: 'post',
        values: input,
        meta: {
          gqlMutation: editing ? COMPETITOR_UPDATE_MUTATION : COMPETITOR_CREATE_MUTATION,
          gqlVariables: variables,
        },
        successNotification: (data) => ({
          type: 'success',
          message: t(`competitors.${action}.done`, { name: data?.data.name ?? values.name.trim() }),
        }),
        errorNotification: false,
      },
      {
        onSuccess: () => {
          onSaved();
          onClose();
        },
        onError: (error) => {
          const fields = formFieldErrors(error, COMPETITOR_FIELDS);
          if (fields.length) form.setFields(fields);
          else setFailure(error);
        },
      },
    );
  };

  return (
    <Modal
      open={open}
      title={t(`competitors.${action}.title`)}
      okText={t(`competitors.${action}.submit`)}
      cancelText={t('buttons.cancel')}
      confirmLoading={mutation.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
    >
      <ApiErrorAlert error={failure} />
      <Form<CompetitorFormValues>
        form={form}
        name={`competitor-${action}`}
        layout="vertical"
        initialValues={editing ? formValuesOf(editing) : NEW_COMPETITOR}
        onFinish={save}
      >
        <CompetitorInputs />
      </Form>
    </Modal>
  );
}

import { useCustomMutation } from '@refinedev/core';
import { Form, Input, Modal, Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import { changeFailedNotification, formFieldErrors } from '../../components/errors/formErrors.ts';
import { FormSelect } from '../../components/form/FormSelect.tsx';
import {
  CSV_DELIMITERS,
  FEED_FORM_FIELDS,
  FEED_FORMATS,
  FEED_SCHEDULES,
  FEED_SOURCES,
  feedInput,
  type FeedFormValues,
  feedValues,
  isFeedUrl,
  MAX_NAME_LENGTH,
  newFeedValues,
} from './feedForm.ts';
import { MappingEditor } from './MappingEditor.tsx';
import { PRODUCT_FEED_CREATE_MUTATION, PRODUCT_FEED_UPDATE_MUTATION, type FeedRow } from './queries.ts';

interface Props {
  open: boolean;
  /** The feed to edit; a new feed of `organizationWebsiteId` when absent. */
  feed?: FeedRow;
  organizationWebsiteId?: string;
  onClose: () => void;
  onSaved: (feed: { id: string; name: string }) => void;
}

/** Creates or edits a feed: name, source (URL or upload), format, CSV mapping and delimiter, schedule. */
export function FeedFormModal({ open, feed, organizationWebsiteId, onClose, onSaved }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<FeedFormValues>();
  const { mutate, mutation } = useCustomMutation<{ id: string; name: string }>();
  const source = Form.useWatch('source', form);
  const format = Form.useWatch('format', form);
  const editing = feed !== undefined;

  const save = (values: FeedFormValues) => {
    const settings = feedInput(values);
    const name = settings.name;
    mutate(
      {
        url: '',
        method: 'post',
        values: settings,
        meta: editing
          ? { gqlMutation: PRODUCT_FEED_UPDATE_MUTATION, gqlVariables: { productFeedId: feed.id, input: settings } }
          : {
              gqlMutation: PRODUCT_FEED_CREATE_MUTATION,
              gqlVariables: { input: { organizationWebsiteId, ...settings } },
            },
        successNotification: {
          type: 'success',
          message: t(editing ? 'productFeeds.form.saved' : 'productFeeds.form.created', { name }),
        },
        errorNotification: changeFailedNotification(
          t,
          t(editing ? 'productFeeds.form.saveFailed' : 'productFeeds.form.createFailed'),
          FEED_FORM_FIELDS,
        ),
      },
      {
        onSuccess: ({ data }) => {
          onSaved(data);
          onClose();
        },
        onError: (error) => form.setFields(formFieldErrors(error, FEED_FORM_FIELDS)),
      },
    );
  };

  return (
    <Modal
      open={open}
      width={720}
      title={editing ? t('productFeeds.form.editTitle', { name: feed.name }) : t('productFeeds.form.createTitle')}
      okText={editing ? t('buttons.save') : t('productFeeds.form.create')}
      cancelText={t('buttons.cancel')}
      confirmLoading={mutation.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<FeedFormValues>
        form={form}
        name={editing ? 'product-feed-edit' : 'product-feed-create'}
        layout="vertical"
        initialValues={feed ? feedValues(feed) : newFeedValues()}
        onFinish={save}
      >
        <Form.Item
          name="name"
          label={t('productFeeds.fields.name')}
          rules={[
            { required: true, whitespace: true, message: t('productFeeds.validation.nameRequired') },
            { max: MAX_NAME_LENGTH, message: t('productFeeds.validation.nameTooLong', { max: MAX_NAME_LENGTH }) },
          ]}
        >
          <Input autoFocus />
        </Form.Item>
        <Form.Item name="source" label={t('productFeeds.fields.source')} rules={[{ required: true }]}>
          <Radio.Group options={FEED_SOURCES.map((value) => ({ value, label: t(`productFeeds.source.${value}`) }))} />
        </Form.Item>
        {source === 'URL' && (
          <Form.Item
            name="url"
            label={t('productFeeds.fields.url')}
            rules={[
              { required: true, whitespace: true, message: t('productFeeds.validation.urlRequired') },
              {
                validator: async (_, value?: string) => {
                  if (value?.trim() && !isFeedUrl(value)) throw new Error(t('productFeeds.validation.urlInvalid'));
                },
              },
            ]}
          >
            <Input placeholder="https://" inputMode="url" />
          </Form.Item>
        )}
        <Form.Item name="format" label={t('productFeeds.fields.format')} rules={[{ required: true }]}>
          <FormSelect
            aria-label={t('productFeeds.fields.format')}
            options={FEED_FORMATS.map((value) => ({ value, label: t(`productFeeds.format.${value}`) }))}
          />
        </Form.Item>
        {format === 'CSV' && (
          <>
            <Form.Item name="csvDelimiter" label={t('productFeeds.fields.csvDelimiter')} rules={[{ required: true }]}>
              <FormSelect
                aria-label={t('productFeeds.fields.csvDelimiter')}
                style={{ maxWidth: 240 }}
                options={CSV_DELIMITERS.map((value) => ({
                  value,
                  label: t(`productFeeds.delimiter.${DELIMITER_KEYS[value]}`),
                }))}
              />
            </Form.Item>
            <MappingEditor />
          </>
        )}
        {source === 'URL' && (
          <Form.Item name="schedule" label={t('productFeeds.fields.schedule')} style={{ marginTop: 16 }}>
            <Radio.Group
              options={FEED_SCHEDULES.map((value) => ({ value, label: t(`productFeeds.schedule.${value}`) }))}
            />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}

export const DELIMITER_KEYS: Record<string, string> = { ',': 'comma', ';': 'semicolon', '|': 'pipe', '\t': 'tab' };

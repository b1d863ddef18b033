import { DeleteOutlined } from '@ant-design/icons';
import { useCustom, useCustomMutation } from '@refinedev/core';
import { Button, Descriptions, Modal, Skeleton, Typography } from 'antd';
import { startTransition, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useWebsiteSelection } from '../../../components/websitePicker/WebsiteSelection.tsx';
import { routePath, useCarriedPath } from '../../../routes/useCarriedPath.ts';
import { ORGANIZATION_WEBSITE_DELETE_MUTATION } from '../queries.ts';
import { ApiErrorAlert } from '../../../components/errors/ApiErrorAlert.tsx';
import { changeFailedNotification } from '../../../components/errors/formErrors.ts';
import { WEBSITE_DELETE_PREVIEW_QUERY, type WebsiteDeletePreview } from '../queries.ts';
import { useWebsitesChanged } from '../useWebsitesChanged.ts';

/** What goes with the website, in the order the confirmation lists it. */
const PREVIEW_ROWS = [
  'feeds',
  'competitors',
  'products',
  'competitorProducts',
  'matches',
  'aggregatorListings',
] as const;

/**
 * Deletes the website (docs/graphql.md OrganizationWebsiteDelete) after a confirmation that says what
 * goes with it, counted by the API's delete preview; then back to the list.
 */
export function WebsiteDeleteButton({ website }: { website: { id: string; name: string } }) {
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState(false);
  const { query } = useCustom<WebsiteDeletePreview>({
    url: '',
    method: 'get',
    meta: { gqlQuery: WEBSITE_DELETE_PREVIEW_QUERY, gqlVariables: { organizationWebsiteId: website.id } },
    queryOptions: { enabled: open, gcTime: 0 },
    errorNotification: false,
  });
  const preview = open && !query.isFetching ? query.data?.data : undefined;
  const { mutate, mutation } = useCustomMutation();
  const websitesChanged = useWebsitesChanged();
  const { forget } = useWebsiteSelection();
  const navigate = useNavigate();
  const carried = useCarriedPath();

  const remove = () =>
    mutate(
      {
        url: '',
        method: 'post',
        values: {},
        meta: {
          gqlMutation: ORGANIZATION_WEBSITE_DELETE_MUTATION,
          gqlVariables: { organizationWebsiteId: website.id },
        },
        successNotification: { type: 'success', message: t('websites.delete.done', { name: website.name }) },
        errorNotification: changeFailedNotification(t, t('websites.delete.failed')),
      },
      {
        onSuccess: () => {
          setOpen(false);
          websitesChanged();
          navigate(carried(routePath('websites')));
          // The header's choice moves on when it was this website: in the navigation's own
          // transition, so the new choice lands on the list's address, not the deleted page's.
          startTransition(() => forget(website.id));
        },
      },
    );

  return (
    <>
      <Button danger icon={<DeleteOutlined />} onClick={() => setOpen(true)}>
        {t('websites.delete.open')}
      </Button>
      <Modal
        open={open}
        title={t('websites.delete.title', { name: website.name })}
        okText={t('websites.delete.submit')}
        okButtonProps={{ danger: true, disabled: !preview }}
        cancelText={t('buttons.cancel')}
        confirmLoading={mutation.isPending}
        onOk={remove}
        onCancel={() => setOpen(false)}
      >
        <ApiErrorAlert error={open ? query.error : null} />
        {!preview && !query.error && <Skeleton active paragraph={{ rows: 3 }} />}
        {preview && (
          <>
            <Typography.Paragraph>{t('websites.delete.text')}</Typography.Paragraph>
            <Descriptions column={1} size="small" bordered aria-label={t('websites.delete.goesWith')}>
              {PREVIEW_ROWS.map((key) => (
                <Descriptions.Item key={key} label={t(`websites.delete.counts.${key}`)}>
                  {preview[key].toLocaleString(i18n.language)}
                </Descriptions.Item>
              ))}
            </Descriptions>
            <Typography.Paragraph type="danger" style={{ marginTop: 12, marginBottom: 0 }}>
              {t('websites.delete.irreversible')}
            </Typography.Paragraph>
          </>
        )}
      </Modal>
    </>
  );
}

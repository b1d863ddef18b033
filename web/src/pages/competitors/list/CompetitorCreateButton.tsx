import { PlusOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormDialog } from '../useFormDialog.ts';

// Loaded when first opened: the form's code stays out of the page's first load.
const CompetitorFormModal = lazy(() =>
  import('../CompetitorFormModal.tsx').then((module) => ({ default: module.CompetitorFormModal })),
);

/** Adds a competitor to the selected website. */
export function CompetitorCreateButton({
  organizationWebsiteId,
  onCreated,
}: {
  organizationWebsiteId: string;
  onCreated: () => void;
}) {
  const { t } = useTranslation();
  const dialog = useFormDialog();
  return (
    <>
      <Button type="primary" icon={<PlusOutlined />} onClick={dialog.show}>
        {t('competitors.create.open')}
      </Button>
      {dialog.mounted && (
        <Suspense fallback={null}>
          <CompetitorFormModal
            key={dialog.key}
            open={dialog.open}
            target={{ organizationWebsiteId }}
            onClose={dialog.hide}
            onSaved={onCreated}
          />
        </Suspense>
      )}
    </>
  );
}

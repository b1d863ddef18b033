import { PlusOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';

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
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button type="primary" icon={<PlusOutlined />} onClick={() => setOpen(true)}>
        {t('competitors.create.open')}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <CompetitorFormModal target={{ organizationWebsiteId }} onClose={() => setOpen(false)} onSaved={onCreated} />
        </Suspense>
      )}
    </>
  );
}

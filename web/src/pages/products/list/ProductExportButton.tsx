import { DownloadOutlined } from '@ant-design/icons';
import { useDataProvider } from '@refinedev/core';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNotifications } from '../../../providers/notification/NotificationsProvider.tsx';
import { apiErrorText } from '../../../components/errors/apiErrorText.ts';
import { formatCount } from '../../../components/format/format.ts';
import type { ProductFilterInput } from '../listState.ts';
import { PRODUCT_EXPORT_QUERY, type ProductExport } from '../queries.ts';
import { downloadCsv, exportFileName } from '../../../features/products/downloadCsv.ts';

export interface ProductExportButtonProps {
  website: { id: string; name: string } | null;
  filter: ProductFilterInput | null;
  sort: string;
  /** The list's total, to say how many were left out of a truncated export. */
  total: number | undefined;
  totalIsEstimate: boolean;
}

/** Downloads exactly the rows the list shows (same filter and sort) as a CSV file. */
export function ProductExportButton({ website, filter, sort, total, totalIsEstimate }: ProductExportButtonProps) {
  const { t, i18n } = useTranslation();
  const dataProvider = useDataProvider();
  const notifications = useNotifications();
  const [busy, setBusy] = useState(false);

  const run = async () => {
    if (!website) return;
    setBusy(true);
    try {
      const { data } = await dataProvider().custom!<ProductExport>({
        url: '',
        method: 'get',
        meta: { gqlQuery: PRODUCT_EXPORT_QUERY, gqlVariables: { organizationWebsiteId: website.id, filter, sort } },
      });
      downloadCsv(exportFileName(website.name, new Date()), data.csv);
      const rows = formatCount(data.rows, i18n.language);
      if (data.truncated) {
        const of = total === undefined ? '' : `${totalIsEstimate ? '≈ ' : ''}${formatCount(total, i18n.language)}`;
        notifications.warning({ message: t('products.export.truncated', { rows, total: of }), duration: 0 });
      } else {
        notifications.success({ message: t('products.export.done', { count: data.rows, rows }) });
      }
    } catch (error) {
      notifications.error({ message: t('products.export.failed'), description: apiErrorText(error as Error, t) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Button icon={<DownloadOutlined />} loading={busy} disabled={!website} onClick={() => void run()}>
      {t('products.export.button')}
    </Button>
  );
}

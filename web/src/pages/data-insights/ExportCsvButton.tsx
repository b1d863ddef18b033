import { DownloadOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { downloadCsv } from '../../features/products/downloadCsv.ts';

/** Downloads a CSV built in the browser from the rows on screen (nothing is asked of the API). */
export function ExportCsvButton({
  label,
  fileName,
  csv,
  disabled,
}: {
  label: string;
  fileName: () => string;
  csv: () => string;
  disabled?: boolean;
}) {
  return (
    <Button icon={<DownloadOutlined />} disabled={disabled} onClick={() => downloadCsv(fileName(), csv())}>
      {label}
    </Button>
  );
}

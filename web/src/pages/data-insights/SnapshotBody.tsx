import { Card, Empty, Flex, Typography } from 'antd';
import type { ComponentProps, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiErrorAlert } from '../../components/errors/ApiErrorAlert.tsx';
import type { ApiErrorLike } from '../../components/errors/apiErrorText.ts';
import { EmptyExplained } from './EmptyExplained.tsx';
import { formatInstant } from '../../features/insights/format.ts';
import { InsightsFilters } from './InsightsFilters.tsx';
import type { InsightsEmpty } from './queries.ts';

interface SnapshotBodyProps<S extends SnapshotShape> {
  websiteId: string | undefined;
  filters: Omit<ComponentProps<typeof InsightsFilters>, 'websiteId'>;
  error: ApiErrorLike | null | undefined;
  loading: boolean;
  /** The snapshot once it has come: why it is empty, and when its figures were brought up to date. */
  snapshot: S | undefined;
  hasRows: boolean;
  /** The reason shown when the snapshot has no rows and names none. */
  emptyFallback: InsightsEmpty;
  /** The content, drawn only when the snapshot has rows. */
  children: (snapshot: S) => ReactNode;
}

interface SnapshotShape {
  empty?: InsightsEmpty | null;
  updatedAt?: string | null;
}

/**
 * What both snapshots show under their header: the API's error, the filters, then no website
 * chosen, loading, an explained empty state (never a chart of zeros), or the content with when its
 * figures were last brought up to date.
 */
export function SnapshotBody<S extends SnapshotShape>({
  websiteId,
  filters,
  error,
  loading,
  snapshot,
  hasRows,
  emptyFallback,
  children,
}: SnapshotBodyProps<S>) {
  const { t, i18n } = useTranslation();
  return (
    <>
      <ApiErrorAlert error={error} />
      <InsightsFilters websiteId={websiteId} {...filters} />
      {!websiteId ? (
        <Empty description={t('insights.noWebsite')} />
      ) : loading ? (
        <Card loading />
      ) : snapshot && !hasRows ? (
        <EmptyExplained reason={snapshot.empty ?? emptyFallback} />
      ) : snapshot ? (
        <Flex vertical gap={24}>
          {snapshot.updatedAt && (
            <Typography.Text type="secondary">
              {t('insights.updatedAt', { when: formatInstant(snapshot.updatedAt, i18n.language) })}
            </Typography.Text>
          )}
          {children(snapshot)}
        </Flex>
      ) : null}
    </>
  );
}

import { useCan, useCustom, useCustomMutation } from '@refinedev/core';
import { Alert, Button, Card, Descriptions, Flex, List, Progress, Select, Tag, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { changeFailedNotification } from '../../../components/errors/formErrors.ts';
import { MATCHING_RUN_LIST_QUERY, MATCHING_RUN_START_MUTATION, type MatchingRunItem } from '../queries.ts';
import { isWorking, runPercent } from './runProgress.ts';
import { formatDateTime } from '../../../components/format/format.ts';

const STATUS_COLOR: Record<MatchingRunItem['status'], string> = {
  QUEUED: 'default',
  RUNNING: 'processing',
  SUCCEEDED: 'success',
  FAILED: 'error',
};

/**
 * Matching runs of the website (api/src/matching/runs/README.md): Owners and Admins start a full
 * run of every competitor or of one; everyone who reads the queue watches the latest runs'
 * progress (polled every 2 s while one works) and outcome (proposed, matched automatically, sent
 * to confirmation).
 */
export function MatchingRunsPanel({
  websiteId,
  competitors,
  onFinished,
}: {
  websiteId: string;
  competitors: Array<{ id: string; name: string }>;
  onFinished?(): void;
}) {
  const { t, i18n } = useTranslation();
  const canStart = useCan({ resource: 'productMatchingQueue', action: 'create' }).data?.can === true;
  const [competitorId, setCompetitorId] = useState<string | null>(null);
  const wasWorking = useRef(false);
  const { query } = useCustom<{ data: MatchingRunItem[] }>({
    url: '',
    method: 'get',
    meta: {
      gqlQuery: MATCHING_RUN_LIST_QUERY,
      gqlVariables: { organizationWebsiteId: websiteId, limit: 5, offset: 0 },
    },
    queryOptions: {
      refetchInterval: (q) =>
        (q.state.data?.data as { data?: MatchingRunItem[] } | undefined)?.data?.some(isWorking) ? 2_000 : false,
    },
    errorNotification: false,
  });
  const runs = (query.data?.data as { data?: MatchingRunItem[] } | undefined)?.data ?? [];
  const working = runs.some(isWorking);
  const finished = useRef(onFinished);
  finished.current = onFinished;
  useEffect(() => {
    // A run just ended: what it proposed shows in the queue and the counts.
    if (wasWorking.current && !working) finished.current?.();
    wasWorking.current = working;
  }, [working]);
  const { mutate, mutation } = useCustomMutation();
  const start = () =>
    mutate(
      {
        url: '',
        method: 'post',
        values: {},
        meta: {
          gqlMutation: MATCHING_RUN_START_MUTATION,
          gqlVariables: { organizationWebsiteId: websiteId, competitorId },
        },
        successNotification: (data) => ({
          type: 'success',
          message:
            (data?.data as { created?: boolean } | undefined)?.created === false
              ? t('matching.runs.alreadyRunning')
              : t('matching.runs.started'),
        }),
        errorNotification: changeFailedNotification(t, t('matching.runs.startFailed')),
      },
      { onSuccess: () => void query.refetch() },
    );
  const number = (n: number) => n.toLocaleString(i18n.language);

  return (
    <Card size="small" title={t('matching.runs.title')} data-testid="matching-runs">
      <Flex vertical gap={12}>
        {canStart && (
          <Flex gap={8} wrap align="center">
            <Select
              aria-label={t('matching.runs.scope')}
              style={{ minWidth: 240 }}
              value={competitorId ?? ''}
              onChange={(value) => setCompetitorId(value || null)}
              options={[
                { value: '', label: t('matching.runs.allCompetitors') },
                ...competitors.map((c) => ({ value: c.id, label: c.name })),
              ]}
            />
            <Button type="primary" onClick={start} loading={mutation.isPending}>
              {t('matching.runs.start')}
            </Button>
          </Flex>
        )}
        {query.error ? <Alert type="error" showIcon message={t('matching.runs.loadFailed')} /> : null}
        {runs.length === 0 && !query.isLoading ? (
          <Typography.Text type="secondary">{t('matching.runs.none')}</Typography.Text>
        ) : (
          <List
            size="small"
            dataSource={runs}
            loading={query.isLoading}
            renderItem={(run) => (
              <List.Item key={run.id} data-testid="matching-run" data-status={run.status}>
                <Flex vertical gap={4} style={{ width: '100%' }}>
                  <Flex gap={8} wrap align="center">
                    <Tag color={STATUS_COLOR[run.status]}>{t(`matching.runs.status.${run.status}`)}</Tag>
                    <Typography.Text strong>
                      {run.competitor ? run.competitor.name : t('matching.runs.allCompetitors')}
                    </Typography.Text>
                    <Typography.Text type="secondary">
                      {t(`matching.runs.kind.${run.kind}`)} ·{' '}
                      {formatDateTime(run.createdAt, i18n.language, { seconds: true })}
                      {run.startedBy ? ` · ${run.startedBy}` : ''}
                    </Typography.Text>
                  </Flex>
                  {isWorking(run) && (
                    <Progress
                      aria-label={t('matching.runs.progressLabel')}
                      percent={runPercent(run)}
                      size="small"
                      status="active"
                      format={() =>
                        t('matching.runs.progress', {
                          done: number(run.productsDone),
                          total: number(run.productsTotal),
                        })
                      }
                    />
                  )}
                  {run.status === 'FAILED' && run.errorMessage && (
                    <Typography.Text type="danger">
                      {run.errorCode
                        ? t(`matching.runs.errors.${run.errorCode}`, { detail: run.errorDetail ?? '' })
                        : run.errorMessage}
                    </Typography.Text>
                  )}
                  <Descriptions size="small" column={{ xs: 1, sm: 3 }}>
                    <Descriptions.Item label={t('matching.runs.proposed')}>
                      {number(run.candidatesCreated)}
                    </Descriptions.Item>
                    <Descriptions.Item label={t('matching.runs.matchedAutomatically')}>
                      {number(run.matchedAutomatically)}
                    </Descriptions.Item>
                    <Descriptions.Item label={t('matching.runs.sentToConfirmation')}>
                      {number(run.sentToConfirmation)}
                    </Descriptions.Item>
                  </Descriptions>
                </Flex>
              </List.Item>
            )}
          />
        )}
      </Flex>
    </Card>
  );
}

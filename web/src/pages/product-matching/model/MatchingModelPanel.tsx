import { useCan, useCustom, useCustomMutation } from '@refinedev/core';
import { Alert, Button, Card, Descriptions, Flex, List, Table, Tag, Typography } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorText } from '../../../components/errors/apiErrorText.ts';
import { changeFailedNotification } from '../../../components/errors/formErrors.ts';
import { Heading } from '../../../components/layout/Heading.tsx';
import { useViewerRoles } from '../../../components/access/useViewerRoles.ts';
import { TargetPrecisionForm } from '../../../features/matching/TargetPrecisionForm.tsx';
import { formatRecall, nextRetrainSentence, retrainSentence, versionState } from './modelView.ts';
import {
  MATCHING_MODEL_QUERY,
  MATCHING_RETRAIN_START_MUTATION,
  type MatchingModelAnswer,
  type MatchingModelVersion,
  ORGANIZATION_TARGET_PRECISION_SET_MUTATION,
} from './queries.ts';
import { formatDateTime } from '../../../components/format/format.ts';

const OUTCOME_COLOR: Record<string, string> = {
  TRAINED: 'success',
  ROLLED_BACK: 'warning',
  TOO_FEW_LABELS: 'default',
  FAILED: 'error',
};
const STATE_COLOR = { active: 'success', rolledBack: 'warning', replaced: 'default' } as const;

/**
 * The organization's matching model (docs/matching.md, "Learning from decisions"): the active
 * version, how far the next automatic retrain is, the versions (when trained, on how many decided
 * lists, held-out recall@1 against the version it would replace, active, rolled back or replaced)
 * and the latest retrains. Owners and Admins retrain now (polled every 2 s while one is queued);
 * an Admin sets the organization's target precision of automatic matching. Shown to those who
 * may start matching (Create on productMatchingQueue).
 */
export function MatchingModelPanel({ organizationId, onChanged }: { organizationId: string; onChanged?(): void }) {
  const canRetrain = useCan({ resource: 'productMatchingQueue', action: 'create' }).data?.can === true;
  if (!canRetrain) return null;
  return <ModelPanel organizationId={organizationId} onChanged={onChanged} />;
}

function ModelPanel({ organizationId, onChanged }: { organizationId: string; onChanged?(): void }) {
  const { t, i18n } = useTranslation();
  const { isAdmin } = useViewerRoles();
  const { query } = useCustom<MatchingModelAnswer>({
    url: '',
    method: 'get',
    meta: { gqlQuery: MATCHING_MODEL_QUERY, gqlVariables: { organizationId } },
    queryOptions: {
      refetchInterval: (q) => ((q.state.data?.data as MatchingModelAnswer | undefined)?.retrainQueued ? 2_000 : false),
    },
    errorNotification: false,
  });
  const model = query.data?.data as MatchingModelAnswer | undefined;
  const queued = model?.retrainQueued === true;
  const wasQueued = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the end of a retrain is the trigger, not the callback
  useEffect(() => {
    // A retrain just ended: a new active version scores the next runs.
    if (wasQueued.current && !queued) onChanged?.();
    wasQueued.current = queued;
  }, [queued]);

  const retrain = useCustomMutation();
  const startRetrain = () =>
    retrain.mutate(
      {
        url: '',
        method: 'post',
        values: {},
        meta: { gqlMutation: MATCHING_RETRAIN_START_MUTATION, gqlVariables: { organizationId } },
        successNotification: (data) => ({
          type: 'success',
          message:
            (data?.data as boolean | undefined) === false
              ? t('matching.model.alreadyQueued')
              : t('matching.model.retrainQueued'),
        }),
        errorNotification: changeFailedNotification(t, t('matching.model.retrainFailed')),
      },
      { onSuccess: () => void query.refetch() },
    );

  const target = useCustomMutation();
  const saveTarget = (value: number | null) =>
    target.mutate(
      {
        url: '',
        method: 'post',
        values: {},
        meta: {
          gqlMutation: ORGANIZATION_TARGET_PRECISION_SET_MUTATION,
          gqlVariables: { organizationId, targetPrecision: value },
        },
        successNotification: () => ({ type: 'success', message: t('matching.target.saved') }),
        errorNotification: false,
      },
      {
        onSuccess: () => {
          void query.refetch();
          onChanged?.();
        },
      },
    );

  const number = (n: number) => n.toLocaleString(i18n.language);
  const when = (value: string) => formatDateTime(value, i18n.language);
  const recall = (value: number) => formatRecall(value, i18n.language);

  return (
    <Card size="small" title={t('matching.model.title')} data-testid="matching-model">
      {query.error ? (
        <Alert type="error" showIcon role="alert" message={apiErrorText(query.error, t)} />
      ) : !model ? (
        <Typography.Text type="secondary">{t('matching.model.loading')}</Typography.Text>
      ) : (
        <Flex vertical gap={16}>
          <Descriptions size="small" column={1}>
            <Descriptions.Item label={t('matching.model.active')}>
              <span>
                <span data-testid="matching-model-active">{model.activeVersion}</span>
                {model.activeVersion.startsWith('default-') ? ` (${t('matching.model.shipped')})` : ''}
              </span>
            </Descriptions.Item>
            <Descriptions.Item label={t('matching.model.next')}>
              {nextRetrainSentence(model, t, i18n.language)}
            </Descriptions.Item>
          </Descriptions>
          <Flex gap={8} wrap align="center">
            <Button onClick={startRetrain} loading={retrain.mutation.isPending} disabled={queued}>
              {t('matching.model.retrainNow')}
            </Button>
            {queued && (
              <Tag color="processing" data-testid="matching-retrain-queued">
                {t('matching.model.queued')}
              </Tag>
            )}
          </Flex>

          <section aria-labelledby="matching-retrains-title">
            <Heading level={2} looksLike={5} id="matching-retrains-title">
              {t('matching.model.retrainsTitle')}
            </Heading>
            {model.retrains.length === 0 ? (
              <Typography.Text type="secondary">{t('matching.model.noRetrains')}</Typography.Text>
            ) : (
              <List
                size="small"
                dataSource={model.retrains.slice(0, 5)}
                renderItem={(r) => (
                  <List.Item key={r.id} data-testid="matching-retrain" data-outcome={r.outcome}>
                    <Flex gap={8} wrap align="baseline">
                      <Tag color={OUTCOME_COLOR[r.outcome]}>{t(`matching.model.outcome.${r.outcome}`)}</Tag>
                      <Typography.Text>{retrainSentence(r, model, t, i18n.language)}</Typography.Text>
                      <Typography.Text type="secondary">{when(r.finishedAt)}</Typography.Text>
                    </Flex>
                  </List.Item>
                )}
              />
            )}
          </section>

          <section aria-labelledby="matching-versions-title">
            <Heading level={2} looksLike={5} id="matching-versions-title">
              {t('matching.model.versionsTitle')}
            </Heading>
            {model.versions.length === 0 ? (
              <Typography.Text type="secondary">{t('matching.model.noVersions')}</Typography.Text>
            ) : (
              <Table<MatchingModelVersion>
                size="small"
                rowKey="version"
                pagination={false}
                dataSource={model.versions}
                scroll={{ x: true }}
                columns={[
                  { title: t('matching.model.fields.version'), dataIndex: 'version' },
                  {
                    title: t('matching.model.fields.state'),
                    render: (_, v) => {
                      const state = versionState(v);
                      return <Tag color={STATE_COLOR[state]}>{t(`matching.model.state.${state}`)}</Tag>;
                    },
                  },
                  { title: t('matching.model.fields.trainedAt'), render: (_, v) => when(v.createdAt) },
                  {
                    title: t('matching.model.fields.lists'),
                    render: (_, v) =>
                      t('matching.model.listsValue', {
                        trained: number(v.trainedLists),
                        heldOut: number(v.heldOutLists),
                      }),
                  },
                  {
                    title: t('matching.model.fields.quality'),
                    render: (_, v) =>
                      t('matching.model.qualityValue', {
                        recall: recall(v.heldOutRecallAt1),
                        replaced: v.replacedVersion,
                        replacedRecall: recall(v.replacedRecallAt1),
                      }),
                  },
                ]}
              />
            )}
          </section>

          {isAdmin && (
            <TargetPrecisionForm
              testId="organization-target-precision"
              label={t('matching.target.organizationLabel')}
              value={model.targetPrecision ?? null}
              inherited={model.defaultTargetPrecision}
              inheritedLabel={t('matching.target.default')}
              saving={target.mutation.isPending}
              error={target.mutation.error ? apiErrorText(target.mutation.error, t) : null}
              onSave={saveTarget}
            />
          )}
        </Flex>
      )}
    </Card>
  );
}

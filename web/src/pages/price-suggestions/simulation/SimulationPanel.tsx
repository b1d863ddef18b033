import { useCustom } from '@refinedev/core';
import { Alert, Button, Col, Flex, Row, Segmented, Skeleton, Statistic, Table, Typography } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PriceRuleInput, PriceRuleSimulationQuery } from '../../../graphql/operations.ts';
import { ApiErrorAlert } from '../../../components/errors/ApiErrorAlert.tsx';
import { formatCount } from '../../../components/format/format.ts';
import { PRICE_RULE_SIMULATION_QUERY } from '../queries.ts';
import { SuggestionTable } from '../suggestions/SuggestionTable.tsx';
import { histogramRows } from './histogram.ts';
import { Heading } from '../../../components/layout/Heading.tsx';

// The chart library loads with the first chart drawn, not with the editor.
const ChangeHistogram = lazy(() =>
  import('./ChangeHistogram.tsx').then((module) => ({ default: module.ChangeHistogram })),
);

type Simulation = PriceRuleSimulationQuery['priceRuleSimulation'];

const COUNTS = ['selected', 'raised', 'lowered', 'unchanged', 'heldByFloor', 'heldByCeiling', 'noData'] as const;

export interface SimulationPanelProps {
  organizationWebsiteId: string;
  /** The rule as the form holds it now, or null when the form is not valid. */
  currentInput: () => Promise<PriceRuleInput | null>;
  /** The input simulated on arrival (the saved rule), if any. */
  initialInput: PriceRuleInput | null;
}

/**
 * What the rule being written would do to the products it selects, before its prices move:
 * counts by outcome, a histogram of the changes (or the same as a table) and the largest changes
 * with their explanations. Computed by the API for the form's current values; nothing is saved.
 */
export function SimulationPanel({ organizationWebsiteId, currentInput, initialInput }: SimulationPanelProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const [input, setInput] = useState<PriceRuleInput | null>(initialInput);
  const [view, setView] = useState<'chart' | 'table'>('chart');
  const { query } = useCustom<Simulation>({
    url: '',
    method: 'get',
    meta: {
      gqlQuery: PRICE_RULE_SIMULATION_QUERY,
      gqlVariables: { organizationWebsiteId, input, buckets: 20, largest: 10 },
    },
    queryOptions: { enabled: input !== null },
    errorNotification: false,
  });
  const simulation = query.data?.data;
  const run = async () => {
    const next = await currentInput();
    if (next) setInput(next);
  };

  return (
    <section aria-label={t('priceSuggestions.simulation.title')} aria-busy={query.isFetching}>
      <Flex justify="space-between" align="center" wrap gap={8} style={{ marginBottom: 16 }}>
        <Typography.Text type="secondary">{t('priceSuggestions.simulation.intro')}</Typography.Text>
        <Button onClick={() => void run()} loading={query.isFetching}>
          {t('priceSuggestions.simulation.run')}
        </Button>
      </Flex>
      <ApiErrorAlert error={query.error} />
      {!input && <Alert type="info" showIcon message={t('priceSuggestions.simulation.notRun')} />}
      {simulation && (
        <Flex vertical gap={16}>
          <Row gutter={[16, 16]} role="list" aria-label={t('priceSuggestions.simulation.counts')}>
            {COUNTS.map((key) => (
              <Col key={key} role="listitem" xs={12} sm={8} md={6} lg={3}>
                <Statistic
                  title={t(`priceSuggestions.simulation.count.${key}`)}
                  value={formatCount(simulation[key], language)}
                />
              </Col>
            ))}
          </Row>
          <Flex justify="space-between" align="center">
            <Heading level={2} looksLike={5} style={{ margin: 0 }}>
              {t('priceSuggestions.simulation.histogram')}
            </Heading>
            <Segmented
              value={view}
              onChange={(value) => setView(value as 'chart' | 'table')}
              options={[
                { value: 'chart', label: t('priceSuggestions.simulation.asChart') },
                { value: 'table', label: t('priceSuggestions.simulation.asTable') },
              ]}
            />
          </Flex>
          {view === 'chart' ? (
            <Suspense fallback={<Skeleton.Node active style={{ width: '100%', height: 280 }} />}>
              <ChangeHistogram buckets={simulation.histogram} />
            </Suspense>
          ) : (
            <Table
              rowKey="label"
              size="small"
              pagination={false}
              aria-label={t('priceSuggestions.simulation.histogram')}
              dataSource={histogramRows(simulation.histogram, language)}
              columns={[
                { key: 'label', dataIndex: 'label', title: t('priceSuggestions.simulation.range') },
                { key: 'count', dataIndex: 'count', title: t('priceSuggestions.simulation.products'), align: 'right' },
              ]}
            />
          )}
          <Heading level={2} looksLike={5} style={{ margin: 0 }}>
            {t('priceSuggestions.simulation.largest')}
          </Heading>
          <SuggestionTable suggestions={simulation.largestChanges} label={t('priceSuggestions.simulation.largest')} />
        </Flex>
      )}
    </section>
  );
}

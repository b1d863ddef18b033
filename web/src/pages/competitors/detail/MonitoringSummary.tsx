import { Card, Col, Progress, Row, Statistic, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CompetitorMonitoring } from '../queries.ts';
import { pricePosition } from './pricePosition.ts';
import { Heading } from '../../../components/layout/Heading.tsx';
import { formatPercentage } from '../../../components/format/format.ts';

/** Our matched products against this competitor: how many, waiting, and where our prices stand. */
export function MonitoringSummary({ monitoring }: { monitoring: CompetitorMonitoring }) {
  const { t, i18n } = useTranslation();
  const position = pricePosition(monitoring);
  const percent = (value: number) => formatPercentage(value, i18n.language);
  return (
    <Card title={t('competitors.monitoring.title')}>
      <Row gutter={[24, 16]}>
        <Col xs={12} md={6}>
          <Statistic title={t('competitors.monitoring.matchedProducts')} value={monitoring.matchedProducts} />
        </Col>
        <Col xs={12} md={6}>
          <Statistic title={t('competitors.monitoring.waitingMatches')} value={monitoring.waitingMatches} />
        </Col>
        <Col xs={12} md={4}>
          <Statistic
            title={t('competitors.monitoring.cheaper')}
            value={monitoring.cheaper}
            valueStyle={{ color: '#389e0d' }}
          />
        </Col>
        <Col xs={12} md={4}>
          <Statistic title={t('competitors.monitoring.equal')} value={monitoring.equal} />
        </Col>
        <Col xs={12} md={4}>
          <Statistic
            title={t('competitors.monitoring.dearer')}
            value={monitoring.dearer}
            valueStyle={{ color: '#cf1322' }}
          />
        </Col>
      </Row>
      <Heading level={2} looksLike={5} style={{ marginTop: 24 }}>
        {t('competitors.monitoring.pricePosition')}
      </Heading>
      {position.compared === 0 ? (
        <Typography.Paragraph type="secondary">{t('competitors.monitoring.noComparison')}</Typography.Paragraph>
      ) : (
        <>
          <Typography.Paragraph>
            {t(`competitors.monitoring.average.${position.verdict}`, {
              percent: percent(position.averageAbsPercent ?? 0),
            })}
          </Typography.Paragraph>
          <Progress
            aria-label={t('competitors.monitoring.shareLabel', {
              cheaper: percent(position.cheaperShare),
              equal: percent(position.equalShare),
              dearer: percent(position.dearerShare),
            })}
            percent={position.cheaperShare + position.equalShare}
            success={{ percent: position.cheaperShare }}
            strokeColor="#d9d9d9"
            trailColor="#ffa39e"
            showInfo={false}
          />
          <Typography.Text type="secondary">
            {t('competitors.monitoring.shares', {
              cheaper: percent(position.cheaperShare),
              equal: percent(position.equalShare),
              dearer: percent(position.dearerShare),
              count: position.compared,
            })}
          </Typography.Text>
        </>
      )}
    </Card>
  );
}

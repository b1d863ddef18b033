import { Empty, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { groupColor } from '../../../enums/index.ts';
import { formatAxisPrice, formatDateTime, formatDay, formatPrice } from '../../../components/format/format.ts';
import { type ChartSeries, chartGeometry } from './chartGeometry.ts';

export interface PriceHistoryLine {
  key: string;
  label: string;
  currency: string;
  points: readonly { seenAt: string; price: number }[];
}

const BOX = { width: 640, height: 260, margin: { left: 84, right: 16, top: 12, bottom: 28 } };

/**
 * Competitor prices over time: one line per competitor product, in the group colours, with a
 * legend; every point names its competitor, price and time on hover. Its own chunk (loaded with
 * the product's detail only).
 */
export default function PriceHistoryChart({ lines }: { lines: readonly PriceHistoryLine[] }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const series = lines.map((line, index) => ({
    key: line.key,
    label: line.label,
    currency: line.currency,
    color: groupColor(index),
    points: line.points.map((point) => ({ time: Date.parse(point.seenAt), price: point.price, seenAt: point.seenAt })),
  })) satisfies ChartSeries[];
  const geometry = chartGeometry(series, BOX);
  if (!geometry) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('products.detail.noHistory')} />;
  const currency = lines[0]?.currency ?? '';
  const { plot } = geometry;
  const wholeTicks = geometry.priceTicks.every((tick) => Number.isInteger(tick));

  return (
    <figure style={{ margin: 0 }}>
      <svg
        viewBox={`0 0 ${BOX.width} ${BOX.height}`}
        width="100%"
        role="img"
        aria-label={t('products.detail.chartLabel', { count: lines.length })}
        data-testid="price-history-chart"
        style={{ display: 'block', fontSize: 11, fontFamily: 'inherit' }}
      >
        {geometry.priceTicks.map((tick) => (
          <g key={`p${tick}`}>
            <line x1={plot.left} x2={plot.right} y1={geometry.y(tick)} y2={geometry.y(tick)} stroke="#f0f0f0" />
            <text x={plot.left - 6} y={geometry.y(tick)} dy="0.32em" textAnchor="end" fill="#8c8c8c">
              {formatAxisPrice(tick, currency, language, wholeTicks)}
            </text>
          </g>
        ))}
        {geometry.timeTicks.map((tick, index) => (
          <text
            key={`t${tick}`}
            x={geometry.x(tick)}
            y={plot.bottom + 18}
            textAnchor={index === 0 ? 'start' : index === geometry.timeTicks.length - 1 ? 'end' : 'middle'}
            fill="#8c8c8c"
          >
            {formatDay(tick, language)}
          </text>
        ))}
        <line x1={plot.left} x2={plot.right} y1={plot.bottom} y2={plot.bottom} stroke="#d9d9d9" />
        {series.map((line) => (
          <g key={line.key} data-series={line.label}>
            <path
              d={geometry.paths.find((path) => path.key === line.key)?.d ?? ''}
              fill="none"
              stroke={line.color}
              strokeWidth={2}
            />
            {line.points.map((point) => (
              <circle
                key={point.seenAt}
                cx={geometry.x(point.time)}
                cy={geometry.y(point.price)}
                r={3.5}
                fill={line.color}
              >
                <title>{`${line.label}: ${formatPrice(point.price, line.currency, language)}, ${formatDateTime(point.seenAt, language)}`}</title>
              </circle>
            ))}
          </g>
        ))}
      </svg>
      <Flex component="figcaption" wrap gap={16} style={{ marginTop: 8 }}>
        {series.map((line) => (
          <Flex key={line.key} align="center" gap={6}>
            <span aria-hidden style={{ width: 14, height: 3, background: line.color, display: 'inline-block' }} />
            <Typography.Text>{line.label}</Typography.Text>
          </Flex>
        ))}
      </Flex>
    </figure>
  );
}

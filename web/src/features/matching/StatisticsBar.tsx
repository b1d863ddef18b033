import { Flex, theme, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { EnumBadge, enumHex, enumLabelKey } from '../../enums/index.ts';
import { type MatchingStatistics, statisticSegments } from './statistics.ts';

/**
 * The six statistics as one segmented bar (each status its own colour, widths by share) and a
 * legend with the counts. `compact` leaves out the legend (a row per competitor).
 */
export function StatisticsBar({
  statistics,
  label,
  compact = false,
}: {
  statistics: Partial<MatchingStatistics> | null | undefined;
  label: string;
  compact?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const { token } = theme.useToken();
  const { total, segments } = statisticSegments(statistics);
  const format = (value: number) => value.toLocaleString(i18n.language);
  const summary = segments
    .map((segment) => `${t(enumLabelKey('matchingStatistic', segment.key))} ${format(segment.count)}`)
    .join(', ');
  return (
    <Flex vertical gap={8}>
      <div
        role="img"
        aria-label={`${label}: ${summary}`}
        style={{
          display: 'flex',
          height: compact ? 12 : 20,
          borderRadius: 4,
          overflow: 'hidden',
          background: token.colorFillSecondary,
        }}
      >
        {segments
          .filter((segment) => segment.count > 0)
          .map((segment) => (
            <div
              key={segment.key}
              title={`${t(enumLabelKey('matchingStatistic', segment.key))}: ${format(segment.count)}`}
              style={{
                width: `${segment.percent}%`,
                minWidth: 2,
                background: enumHex('matchingStatistic', segment.key),
              }}
            />
          ))}
      </div>
      {!compact && (
        <Flex wrap role="list" aria-label={label} style={{ columnGap: 20, rowGap: 4 }}>
          {segments.map((segment) => (
            // biome-ignore lint/a11y/useSemanticElements: a wrapped row of inline items (antd Flex), the total beside them.
            <span role="listitem" key={segment.key} data-statistic={segment.key}>
              <EnumBadge kind="matchingStatistic" value={segment.key}>
                {t(enumLabelKey('matchingStatistic', segment.key))}:{' '}
                <Typography.Text strong>{format(segment.count)}</Typography.Text>
              </EnumBadge>
            </span>
          ))}
          <Typography.Text type="secondary">
            {t('matching.statistics.total', { count: total, formatted: format(total) })}
          </Typography.Text>
        </Flex>
      )}
    </Flex>
  );
}

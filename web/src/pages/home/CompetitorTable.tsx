import { theme } from 'antd';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { EnumBadge, enumTextHex, enumLabelKey } from '../../enums/index.ts';
import type { MatchingStatisticsQuery } from '../../graphql/operations.ts';
import { STATISTIC_KEYS } from '../../features/matching/statistics.ts';
import { StatisticsBar } from '../../features/matching/StatisticsBar.tsx';
import { CalibrationSummary } from '../../features/matching/CalibrationSummary.tsx';

/**
 * The six statistics per competitor: a count per status in the status's colour and a bar each.
 * A plain table (Home stays light: antd's Table is not needed for a few rows).
 */
export function CompetitorTable({ rows }: { rows: MatchingStatisticsQuery['matchingStatistics']['competitors'] }) {
  const { t, i18n } = useTranslation();
  const { token } = theme.useToken();
  const cell: CSSProperties = {
    padding: '8px',
    borderBottom: `1px solid ${token.colorBorderSecondary}`,
    textAlign: 'right',
    whiteSpace: 'nowrap',
  };
  return (
    <div style={{ overflowX: 'auto' }}>
      <table style={{ width: '100%', borderCollapse: 'collapse' }}>
        <thead>
          <tr style={{ background: token.colorFillAlter }}>
            <th scope="col" style={{ ...cell, textAlign: 'left' }}>
              {t('matching.fields.competitor')}
            </th>
            {STATISTIC_KEYS.map((key) => (
              <th scope="col" key={key} style={cell}>
                <EnumBadge kind="matchingStatistic" value={key} />
              </th>
            ))}
            <th scope="col" style={{ ...cell, textAlign: 'left', width: 220 }}>
              {t('matching.home.chart')}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.competitor.id}>
              <th scope="row" style={{ ...cell, textAlign: 'left', fontWeight: 400, whiteSpace: 'normal' }}>
                <div>{row.competitor.name}</div>
                <CalibrationSummary compact calibration={row.calibration} />
              </th>
              {STATISTIC_KEYS.map((key) => (
                <td
                  key={key}
                  style={{
                    ...cell,
                    fontWeight: 600,
                    color: row.statistics[key] ? enumTextHex('matchingStatistic', key) : undefined,
                  }}
                  aria-label={`${t(enumLabelKey('matchingStatistic', key))} ${row.statistics[key]}`}
                >
                  {row.statistics[key].toLocaleString(i18n.language)}
                </td>
              ))}
              <td style={{ ...cell, textAlign: 'left' }}>
                <StatisticsBar compact statistics={row.statistics} label={row.competitor.name} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

import { Button, DatePicker, Select, Space } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { enumOptions } from '../../../enums/index.ts';
import { MATCHING_EVENTS, MATCHING_SOURCES } from '../queries.ts';
import { ACTOR_CHOICES, hasLogFilter, type LogFilterState } from './logFilter.ts';

export interface LogFiltersProps {
  state: LogFilterState;
  update(change: Partial<LogFilterState>): void;
  competitors: readonly { id: string; name: string }[];
}

/** Who, competitor, status after, event, source and days of the matching log. */
export function LogFilters({ state, update, competitors }: LogFiltersProps) {
  const { t } = useTranslation();
  const select = <K extends keyof LogFilterState>(
    key: K,
    label: string,
    options: { value: string; label: string }[],
    width = 180,
  ) => (
    <Select
      allowClear
      showSearch
      optionFilterProp="label"
      value={(state[key] as string | null) || undefined}
      onChange={(value?: string) =>
        update({ [key]: value ?? (key === 'competitor' ? '' : null) } as Partial<LogFilterState>)
      }
      options={options}
      placeholder={label}
      aria-label={label}
      style={{ width }}
    />
  );
  return (
    <Space wrap style={{ marginBottom: 16 }}>
      {select(
        'actor',
        t('matching.log.filters.actor'),
        ACTOR_CHOICES.map((value) => ({ value, label: t(`matching.log.actors.${value}`) })),
        160,
      )}
      {select(
        'competitor',
        t('matching.filters.competitor'),
        competitors.map((c) => ({ value: c.id, label: c.name })),
      )}
      {select('status', t('matching.log.filters.status'), enumOptions('matchingStatus', t))}
      {select(
        'event',
        t('matching.log.filters.event'),
        MATCHING_EVENTS.map((value) => ({ value, label: t(`matching.events.${value}`) })),
      )}
      {select(
        'source',
        t('matching.log.filters.source'),
        MATCHING_SOURCES.map((value) => ({ value, label: t(`matching.sources.${value}`) })),
        160,
      )}
      <DatePicker.RangePicker
        allowEmpty={[true, true]}
        value={[state.from ? dayjs(state.from) : null, state.to ? dayjs(state.to) : null]}
        onChange={(range) =>
          update({ from: range?.[0]?.format('YYYY-MM-DD') ?? '', to: range?.[1]?.format('YYYY-MM-DD') ?? '' })
        }
        aria-label={t('matching.log.filters.days')}
        placeholder={[t('matching.log.filters.from'), t('matching.log.filters.to')]}
      />
      {hasLogFilter(state) && (
        <Button
          onClick={() =>
            update({
              competitor: '',
              product: '',
              status: null,
              source: null,
              event: null,
              actor: null,
              from: '',
              to: '',
            })
          }
        >
          {t('matching.filters.clear')}
        </Button>
      )}
    </Space>
  );
}

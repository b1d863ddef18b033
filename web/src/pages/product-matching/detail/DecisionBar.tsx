import { Button, Flex, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Kbd } from '../../../features/matching/Kbd.tsx';
import { ariaKeys, DETAIL_KEYS } from './keys.ts';
import type { Decision } from './session.ts';

export interface DecisionBarProps {
  allowed: ReadonlySet<Decision>;
  /** False for a reader (Viewer) or while another reviewer holds the product. */
  canDecide: boolean;
  canUndo: boolean;
  canSkipProduct: boolean;
  /** The next product's name when it is already here. */
  nextName: string | null;
  pending: number;
  onDecide(decision: Decision): void;
  onUndo(): void;
  onNext(): void;
  onSkipProduct(): void;
  onSearch(): void;
}

/** The decisions on the selected pair and the moves between products, each with its key. */
export function DecisionBar(props: DecisionBarProps) {
  const { t } = useTranslation();
  const { allowed, canDecide } = props;
  const decision = (
    kind: Decision,
    keys: readonly string[],
    label: string,
    extra: { danger?: boolean; type?: 'primary' } = {},
  ) => (
    <Button
      {...extra}
      disabled={!canDecide || !allowed.has(kind)}
      onClick={() => props.onDecide(kind)}
      aria-keyshortcuts={ariaKeys(keys)}
    >
      {label} <Kbd keys={keys} />
    </Button>
  );
  return (
    <Flex vertical gap={8}>
      <Space wrap>
        {decision('MATCH', DETAIL_KEYS.match, t('matching.actions.match'), { type: 'primary' })}
        {decision('NEVER_MATCH', DETAIL_KEYS.neverMatch, t('matching.actions.neverMatch'), { danger: true })}
        {decision('SKIP', DETAIL_KEYS.skip, t('matching.actions.skip'))}
        <Button disabled={!props.canUndo} onClick={props.onUndo} aria-keyshortcuts={ariaKeys(DETAIL_KEYS.undo)}>
          {t('matching.actions.undo')} <Kbd keys={DETAIL_KEYS.undo} />
        </Button>
        <Button onClick={props.onNext} aria-keyshortcuts={ariaKeys(DETAIL_KEYS.next)}>
          {t('matching.actions.next')} <Kbd keys={DETAIL_KEYS.next} />
        </Button>
        <Button disabled={!canDecide} onClick={props.onSearch} aria-keyshortcuts={ariaKeys(DETAIL_KEYS.search)}>
          {t('matching.actions.search')} <Kbd keys={DETAIL_KEYS.search} />
        </Button>
        <Button disabled={!canDecide || !props.canSkipProduct} onClick={props.onSkipProduct}>
          {t('matching.actions.skipProduct')}
        </Button>
      </Space>
      <Flex gap={16} wrap>
        <Typography.Text type="secondary">
          <Kbd keys={DETAIL_KEYS.down} spoken /> <Kbd keys={DETAIL_KEYS.up} spoken /> {t('matching.detail.moveHint')}
        </Typography.Text>
        {props.nextName && (
          <Typography.Text type="secondary">
            {t('matching.detail.nextProduct', { name: props.nextName })}
          </Typography.Text>
        )}
        {props.pending > 0 && (
          <Typography.Text type="secondary" role="status">
            {t('matching.detail.saving', { count: props.pending })}
          </Typography.Text>
        )}
      </Flex>
    </Flex>
  );
}

import { Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { VISUALLY_HIDDEN } from '../../../a11y/visuallyHidden.ts';
import type { MatchingDecision } from '../queries.ts';
import { PairStatusTag } from './PairStatusTag.tsx';

/** Status before → after, each a coloured tag. */
export function StatusChange({
  decision,
}: {
  decision: Pick<MatchingDecision, 'statusBefore' | 'stageBefore' | 'statusAfter' | 'stageAfter'>;
}) {
  const { t } = useTranslation();
  return (
    <span style={{ whiteSpace: 'nowrap' }}>
      <PairStatusTag status={decision.statusBefore} stage={decision.stageBefore} />
      <span aria-hidden="true">→ </span>
      <span style={VISUALLY_HIDDEN}>{t('matching.log.to')} </span>
      <PairStatusTag status={decision.statusAfter} stage={decision.stageAfter} />
    </span>
  );
}

/** Who decided: the reviewer's e-mail, or "Automatic" for the matching engine. */
export function DecisionActor({ actor }: { actor: MatchingDecision['actor'] }) {
  const { t } = useTranslation();
  if (!actor) return <Tag>{t('matching.log.automatic')}</Tag>;
  return (
    <Typography.Text style={{ whiteSpace: 'nowrap' }}>{actor.email ?? t('matching.log.deletedUser')}</Typography.Text>
  );
}

/** The event and its source ("Match · queue"), and whether it was reverted. */
export function DecisionEvent({ decision }: { decision: Pick<MatchingDecision, 'event' | 'source' | 'revertedBy'> }) {
  const { t } = useTranslation();
  return (
    <span>
      {t(`matching.events.${decision.event}`)} ·{' '}
      <Typography.Text type="secondary">{t(`matching.sources.${decision.source}`)}</Typography.Text>
      {decision.revertedBy && (
        <Tag style={{ marginInlineStart: 8 }} color="default">
          {t('matching.log.reverted')}
        </Tag>
      )}
    </span>
  );
}

import { EnumTag } from '../../../enums/index.ts';
import type { MatchingStage, MatchingStatus } from '../queries.ts';

/**
 * A pair's status as a coloured tag: WAITING says which queue it waits in (waiting to match or
 * waiting to confirm, the statistics' labels and colours), every other status its own.
 */
export function PairStatusTag({ status, stage }: { status: MatchingStatus; stage: MatchingStage }) {
  if (status === 'WAITING')
    return (
      <EnumTag kind="matchingStatistic" value={stage === 'CONFIRMATION' ? 'waitingToConfirm' : 'waitingToMatch'} />
    );
  return <EnumTag kind="matchingStatus" value={status} />;
}

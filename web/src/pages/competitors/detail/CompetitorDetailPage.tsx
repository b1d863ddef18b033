import { useCan } from '@refinedev/core';
import { Flex, Spin } from 'antd';
import { useParams } from 'react-router';
import { RouteLayout } from '../../../components/layout/RouteLayout.tsx';
import { CompetitorFullDetail } from './CompetitorFullDetail.tsx';
import { detailView } from './detailView.ts';
import { MonitoredCompetitorView } from './MonitoredCompetitorView.tsx';

/**
 * /competitors/[competitorId]. The route belongs to competitors:detail, which the policy denies
 * Owners (docs/roles.md); they read the same competitor as its monitoring shows it, through
 * monitoredCompetitor:detail. Rather than widen the route table, the shared guard or the policy,
 * this page asks about both resources itself and renders the view of the first one the user may
 * read; each view is a PageLayout declaring the resource it shows, so the usual guard still
 * stands at its door, and each view reads its own API operation (competitor or
 * monitoredCompetitor, which the API authorizes likewise). A user who may read neither gets the
 * route's own layout, hence 'Not Accessible'.
 */
export default function CompetitorDetailPage() {
  const { competitorId = '' } = useParams();
  const detail = useCan({ resource: 'competitors:detail', action: 'read' });
  const monitored = useCan({ resource: 'monitoredCompetitor:detail', action: 'read' });
  // A failed check counts as a refusal (as in the guard), so the page never waits forever.
  const answer = (check: typeof detail) => (check.isError ? false : check.data?.can);
  const view = detailView({ detail: answer(detail), monitored: answer(monitored) });

  if (view === 'full') return <CompetitorFullDetail competitorId={competitorId} />;
  if (view === 'monitored') return <MonitoredCompetitorView competitorId={competitorId} />;
  if (view === 'denied') return <RouteLayout route="competitorDetail" />;
  return (
    <Flex justify="center" style={{ padding: 48 }}>
      <Spin />
    </Flex>
  );
}

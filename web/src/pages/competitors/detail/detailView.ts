/** What /competitors/[competitorId] shows the signed-in user. */
export type DetailView = 'loading' | 'full' | 'monitored' | 'denied';

export interface DetailAccess {
  /** Read on competitors:detail (the route's resource); undefined while the check runs. */
  detail: boolean | undefined;
  /** Read on monitoredCompetitor:detail; undefined while the check runs. */
  monitored: boolean | undefined;
}

/**
 * The full detail for whoever may read competitors:detail (Admin); otherwise the monitored view
 * for whoever may read monitoredCompetitor:detail (Owner, Editor); otherwise the route's own
 * 'Not Accessible'. Nothing is decided before both answers are in, so no view flashes.
 */
export function detailView({ detail, monitored }: DetailAccess): DetailView {
  if (detail === true) return 'full';
  if (detail === undefined || monitored === undefined) return 'loading';
  return monitored ? 'monitored' : 'denied';
}

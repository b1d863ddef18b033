import { CarriedNavigate } from '../../components/navigation/CarriedNavigate.tsx';
import { routePath } from '../../routes/useCarriedPath.ts';

/** /data-insights only groups its two pages (its sidebar entry is not a link): it opens the brand snapshot. */
export default function DataInsightsRedirect() {
  return <CarriedNavigate to={routePath('brandSnapshot')} />;
}

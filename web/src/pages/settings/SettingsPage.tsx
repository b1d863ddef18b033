import { RouteLayout } from '../../components/layout/RouteLayout.tsx';
import { LanguagesSection } from './languages/LanguagesSection.tsx';

/** /settings (resource `settings`, Admin only): the console's languages. */
export default function SettingsPage() {
  return (
    <RouteLayout route="settings">
      <LanguagesSection />
    </RouteLayout>
  );
}

import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { AppLink } from '../../components/navigation/AppLink.tsx';
import { routePath } from '../../routes/useCarriedPath.ts';

/** Any unknown address inside the console. */
export default function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <Result
      status="404"
      title="404"
      subTitle={t('pages.error.404')}
      extra={
        <AppLink to={routePath('home')}>
          <Button type="primary">{t('pages.error.backHome')}</Button>
        </AppLink>
      }
    />
  );
}

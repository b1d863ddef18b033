import { Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { routePath } from '../../routes/useCarriedPath.ts';
import { LinkButton } from '../../components/navigation/LinkButton.tsx';

/** Any unknown address inside the console. */
export default function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <Result
      status="404"
      title="404"
      subTitle={t('pages.error.404')}
      extra={
        <LinkButton to={routePath('home')} type="primary">
          {t('pages.error.backHome')}
        </LinkButton>
      }
    />
  );
}

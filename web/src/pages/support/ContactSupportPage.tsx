import { useCan, useInvalidate } from '@refinedev/core';
import { Card, Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { RouteLayout } from '../../components/layout/RouteLayout.tsx';
import { SupportRequestForm } from './SupportRequestForm.tsx';
import { SupportRequests } from './SupportRequests.tsx';

/** /contact-support: write to support; the requests sent (Admin: everyone's, to mark resolved). */
export default function ContactSupportPage() {
  const { t } = useTranslation();
  const { data: resolve } = useCan({ resource: 'contactSupport', action: 'update' });
  const everyone = resolve?.can === true;
  const invalidate = useInvalidate();
  // A sent request appears in the list below: the list loads again.
  const sent = () => void invalidate({ resource: 'contactSupport', invalidates: ['list'] });

  return (
    <RouteLayout route="contactSupport">
      <Flex vertical gap={24}>
        <Card title={t('support.form.title')}>
          <SupportRequestForm onSent={sent} />
        </Card>
        <Card title={everyone ? t('support.list.everyone') : t('support.list.own')}>
          <SupportRequests everyone={everyone} />
        </Card>
      </Flex>
    </RouteLayout>
  );
}

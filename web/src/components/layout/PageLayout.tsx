import type { Resource } from '@console/policies';
import { Breadcrumb, Flex } from 'antd';
import type { ReactNode } from 'react';
import { Guard } from '../access/Guard.tsx';
import { AppLink } from '../navigation/AppLink.tsx';
import { NotAccessible } from '../NotAccessible.tsx';
import { Heading } from './Heading.tsx';
import { assertLayoutProps } from './pageLayoutProps.ts';

export interface Crumb {
  title: string;
  /** Absent on the current page. */
  path?: string;
}

export interface PageLayoutProps {
  /** The access-control resource the page belongs to (web/README.md); required. */
  resource: Resource;
  title: string;
  breadcrumb?: Crumb[];
  /**
   * Actions beside the title. Their confirmations open below them (Popconfirm placement
   * "bottomRight"): above, the notifications in the top right corner cover the confirm button.
   */
  extra?: ReactNode;
  children?: ReactNode;
}

/**
 * Every signed-in page: breadcrumb, title and content, or 'Not Accessible' when denied. The title
 * is the page's one h1 (drawn at antd's level-2 size); the page's sections are h2.
 */
export function PageLayout(props: PageLayoutProps) {
  assertLayoutProps(props);
  const { resource, title, breadcrumb = [], extra, children } = props;
  return (
    <Guard resource={resource} denied={<NotAccessible />}>
      {breadcrumb.length > 1 && (
        <Breadcrumb
          items={breadcrumb.map((crumb) => ({
            key: crumb.path ?? crumb.title,
            title: crumb.path ? <AppLink to={crumb.path}>{crumb.title}</AppLink> : crumb.title,
          }))}
        />
      )}
      <Flex align="center" justify="space-between" gap={16} wrap>
        <Heading level={1} looksLike={2} style={{ marginTop: 8 }}>
          {title}
        </Heading>
        {extra}
      </Flex>
      {children}
    </Guard>
  );
}

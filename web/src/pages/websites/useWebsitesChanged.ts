import { useInvalidate } from '@refinedev/core';
import { useCallback } from 'react';

/** After a website is added, changed or deleted: the websites page and the header's picker load again. */
export function useWebsitesChanged(): () => void {
  const invalidate = useInvalidate();
  return useCallback(() => {
    void invalidate({ resource: 'websites', invalidates: ['list'] });
    void invalidate({ resource: 'organizationWebsites', invalidates: ['list'] });
  }, [invalidate]);
}

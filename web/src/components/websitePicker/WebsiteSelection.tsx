import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { WEBSITE_PARAM } from '../../config/constants.ts';
import { chooseWebsite } from './chooseWebsite.ts';
import type { WebsiteOption } from './queries.ts';
import { readLastUsedWebsite, saveLastUsedWebsite } from './lastUsedWebsite.ts';
import { useWebsiteOptions } from './useWebsiteOptions.ts';

export interface WebsiteSelection {
  /** The organization website every page works in; null until chosen or when there is none. */
  website: WebsiteOption | null;
  select(website: WebsiteOption): void;
  /**
   * A website that no longer exists (just deleted): never chosen again in this session; when it
   * is the chosen one, the next is chosen as on a first load (URL, last used, first).
   */
  forget(websiteId: string): void;
}

const WebsiteSelectionContext = createContext<WebsiteSelection | null>(null);

/** The chosen organization website, for every page of the console. */
export function useWebsiteSelection(): WebsiteSelection {
  const selection = useContext(WebsiteSelectionContext);
  if (!selection) throw new Error('useWebsiteSelection needs a WebsiteSelectionProvider');
  return selection;
}

/**
 * The websites the first choice is made from: the first page of the list and, when the last used
 * website lies beyond that page (chosen by a search), that website found again by its name.
 * Null until they are loaded.
 */
function useCandidates(): readonly WebsiteOption[] | null {
  const [lastUsed] = useState(readLastUsedWebsite);
  const first = useWebsiteOptions('');
  const list = first.result.total === undefined ? null : first.result.data;
  const beyondFirstPage =
    list !== null &&
    lastUsed !== null &&
    (first.result.total ?? 0) > list.length &&
    !list.some((w) => w.id === lastUsed.id);
  const lookup = useWebsiteOptions(beyondFirstPage ? lastUsed.name : '');
  if (!list || !beyondFirstPage) return list;
  if (lookup.result.total === undefined || lookup.query.isFetching) return null;
  return [...list, ...lookup.result.data.filter((w) => w.id === lastUsed.id)];
}

/**
 * Keeps the chosen website in the `owid` URL parameter and in local storage (docs/websites.md): on the
 * first load of the list it chooses by URL, then last used, then first; afterwards a URL that
 * names another listed website selects it, and the URL always names the chosen one.
 */
export function WebsiteSelectionProvider({ children }: { children: ReactNode }) {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const fromUrl = searchParams.get(WEBSITE_PARAM);
  const candidates = useCandidates();
  const [forgotten, setForgotten] = useState<ReadonlySet<string>>(() => new Set());
  // The list may still hold a forgotten website until it is read again.
  const list = useMemo(() => candidates?.filter((item) => !forgotten.has(item.id)) ?? null, [candidates, forgotten]);
  const [website, setWebsite] = useState<WebsiteOption | null>(null);

  const select = useCallback((next: WebsiteOption) => {
    setWebsite(next);
    saveLastUsedWebsite(next);
  }, []);

  const forget = useCallback((websiteId: string) => {
    setForgotten((previous) => new Set(previous).add(websiteId));
    setWebsite((current) => (current?.id === websiteId ? null : current));
  }, []);

  // The URL value last looked at: only a change of the URL (a link, Back) overrides the choice.
  const seenUrl = useRef<string | null | undefined>(undefined);
  useEffect(() => {
    if (!list) return;
    const urlChanged = fromUrl !== seenUrl.current;
    seenUrl.current = fromUrl;
    if (!website) {
      const chosen = chooseWebsite(list, fromUrl, readLastUsedWebsite());
      if (chosen) select(chosen);
    } else if (urlChanged && fromUrl && fromUrl !== website.id) {
      const named = list.find((item) => item.id === fromUrl);
      if (named) select(named);
    }
  }, [list, fromUrl, website, select]);

  // Names the website in the address the browser is at now: the user may have moved on (a menu
  // click right after sign-in) since this render, and setSearchParams would resolve against the
  // address of the render and so take the user back.
  useEffect(() => {
    if (!website || fromUrl === website.id) return;
    const { pathname, search, hash } = window.location;
    const params = new URLSearchParams(search);
    if (params.get(WEBSITE_PARAM) === website.id) return;
    params.set(WEBSITE_PARAM, website.id);
    navigate({ pathname, search: `?${params}`, hash }, { replace: true });
  }, [website, fromUrl, navigate]);

  const value = useMemo(() => ({ website, select, forget }), [website, select, forget]);
  return <WebsiteSelectionContext.Provider value={value}>{children}</WebsiteSelectionContext.Provider>;
}

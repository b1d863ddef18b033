import { MutationObserver, onlineManager, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from './queryClient.ts';

describe('the console’s query client', () => {
  afterEach(() => onlineManager.setOnline(true));

  it('sends a mutation while the browser says it is offline, and settles it with the request’s own outcome', async () => {
    onlineManager.setOnline(false);
    const client = createQueryClient();
    const request = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    const observer = new MutationObserver(client, { mutationFn: request });
    await expect(observer.mutate()).rejects.toThrow('Failed to fetch');
    expect(request).toHaveBeenCalledTimes(1);
    expect(observer.getCurrentResult()).toMatchObject({ status: 'error', isPaused: false });
  });

  it('fetches a query while the browser says it is offline', async () => {
    onlineManager.setOnline(false);
    const client = createQueryClient();
    const observer = new QueryObserver(client, {
      queryKey: ['websites'],
      queryFn: async () => ['Alpine Audio'],
      retry: false,
    });
    const settled = new Promise((resolve) =>
      observer.subscribe((result) => result.status === 'success' && resolve(result.data)),
    );
    await expect(settled).resolves.toEqual(['Alpine Audio']);
  });
});

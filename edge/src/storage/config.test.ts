/** Storage configuration: the backend var, the R2 bindings, the policy built once per isolate. */
import { describe, expect, it } from 'vitest';
import { fakeR2 } from '../../test/fake-r2.ts';
import { unsignedToken } from '../../test/tokens.ts';
import { envFor } from '../../test/wrangler-env.ts';
import { createApp } from '../app.ts';
import { policy } from './access.ts';

const USER = unsignedToken('demo-price-console', { sub: 'user-1' });

describe('storage configuration', () => {
  it('refuses an unknown STORAGE_BACKEND on every request (500)', async () => {
    const response = await createApp().request(
      '/storage/main/o',
      { headers: { Authorization: `Bearer ${USER}` } },
      envFor('local', { STORAGE_BACKEND: 's3' }),
    );
    expect(response.status).toBe(500);
    expect(JSON.stringify(await response.json())).toContain('STORAGE_BACKEND must be one of r2, firebase');
  });

  it('answers 500 when STORAGE_BACKEND is r2 and a binding is missing', async () => {
    const env = { ...envFor('local'), PUBLIC_BUCKET: fakeR2() };
    const response = await createApp().request(
      '/storage/main/o',
      { headers: { Authorization: `Bearer ${USER}` } },
      env,
    );
    expect(response.status).toBe(500);
    expect(await response.json()).toEqual({
      error: { code: 'storage/unknown', message: 'The main bucket is not configured.' },
    });
  });

  it('builds the policy once per isolate, with language files (settings) writable by Admins only', async () => {
    const access = await policy();
    expect(await policy()).toBe(access);
    expect(await access.can('Admin', 'settings', 'Create')).toBe(true);
    expect(await access.can('Admin', 'settings', 'Delete')).toBe(true);
    for (const role of ['Owner', 'Editor', 'Viewer', 'User'] as const) {
      for (const action of ['Create', 'Update', 'Delete'] as const)
        expect(await access.can(role, 'settings', action)).toBe(false);
    }
  });
});

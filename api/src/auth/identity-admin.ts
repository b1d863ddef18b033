/**
 * The identity provider's admin side (Firebase Authentication / Identity Toolkit REST API):
 * what user administration needs to create, disable, enable and delete sign-in accounts and to
 * send the set-password e-mail. Two implementations behind one interface:
 *
 * - `EmulatorIdentityAdmin` (local): the Auth emulator accepts `Authorization: Bearer owner` as
 *   the project's admin credentials.
 * - `ServiceAccountIdentityAdmin` (dev / production): Google's Identity Toolkit with an OAuth
 *   token minted from a service-account key; it refuses to be built without one.
 */
import { readFileSync } from 'node:fs';
import { importPKCS8, SignJWT } from 'jose';
import type { Environment } from '@console/firebase-token';

export interface IdentityAdmin {
  /** Creates an account without a password (the user sets it from the e-mail); returns its uid. */
  createUser(input: { email: string }): Promise<{ uid: string }>;
  setDisabled(uid: string, disabled: boolean): Promise<void>;
  /** Deletes the account; an account that is already gone is not an error. */
  deleteUser(uid: string): Promise<void>;
  /** Sends the set-password (PASSWORD_RESET) e-mail; returns the link when the provider gives it. */
  sendPasswordReset(email: string, continueUrl?: string): Promise<{ oobLink: string | null }>;
}

/** A failure the identity provider reported, with its code (e.g. EMAIL_EXISTS, USER_NOT_FOUND). */
export class IdentityAdminError extends Error {
  override name = 'IdentityAdminError';
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** The Identity Toolkit REST calls, under `apiRoot` (…/identitytoolkit.googleapis.com), with the bearer token `token()` gives. */
class IdentityToolkitAdmin implements IdentityAdmin {
  constructor(
    private readonly apiRoot: string,
    private readonly projectId: string,
    private readonly token: () => Promise<string>,
  ) {}

  private async call<T>(method: string, body: unknown): Promise<T> {
    const url = `${this.apiRoot}/v1/projects/${encodeURIComponent(this.projectId)}/${method}`;
    let response: Response;
    try {
      response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${await this.token()}` },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(15_000),
      });
    } catch (error) {
      throw new IdentityAdminError('UNAVAILABLE', `The identity provider is unreachable: ${(error as Error).message}`);
    }
    const text = await response.text();
    if (!response.ok) {
      let code = `HTTP_${response.status}`;
      try {
        code = (JSON.parse(text).error?.message as string | undefined)?.split(/[\s:]/)[0] || code;
      } catch {
        /* not JSON */
      }
      throw new IdentityAdminError(code, `The identity provider refused ${method}: ${code}`);
    }
    return (text ? JSON.parse(text) : {}) as T;
  }

  async createUser({ email }: { email: string }) {
    const result = await this.call<{ localId: string }>('accounts', { email, emailVerified: false });
    return { uid: result.localId };
  }

  async setDisabled(uid: string, disabled: boolean) {
    await this.call('accounts:update', { localId: uid, disableUser: disabled });
  }

  async deleteUser(uid: string) {
    try {
      await this.call('accounts:delete', { localId: uid });
    } catch (error) {
      if (!(error instanceof IdentityAdminError && error.code === 'USER_NOT_FOUND')) throw error;
    }
  }

  async sendPasswordReset(email: string, continueUrl?: string) {
    const result = await this.call<{ oobLink?: string }>('accounts:sendOobCode', {
      requestType: 'PASSWORD_RESET',
      email,
      returnOobLink: true,
      ...(continueUrl ? { continueUrl } : {}),
    });
    return { oobLink: result.oobLink ?? null };
  }
}

/** Local only: the Firebase Auth emulator at host:port (it takes `Bearer owner` as admin). */
export class EmulatorIdentityAdmin extends IdentityToolkitAdmin {
  constructor(emulatorHost: string, projectId: string) {
    super(`http://${emulatorHost}/identitytoolkit.googleapis.com`, projectId, async () => 'owner');
  }
}

export interface ServiceAccountKey {
  client_email: string;
  private_key: string;
  token_uri?: string;
}

const SCOPES = 'https://www.googleapis.com/auth/identitytoolkit https://www.googleapis.com/auth/cloud-platform';

/**
 * dev / production: Google's Identity Toolkit with an OAuth access token minted from a
 * service-account key (a signed JWT exchanged at the key's token_uri, cached until shortly
 * before it expires). Throws when built without a usable key, so the API refuses to start.
 */
export class ServiceAccountIdentityAdmin extends IdentityToolkitAdmin {
  constructor(
    projectId: string,
    key: ServiceAccountKey | null | undefined,
    apiRoot = 'https://identitytoolkit.googleapis.com',
  ) {
    if (!key?.client_email || !key.private_key) {
      throw new Error(
        'Refusing to start: user administration needs service-account credentials for the identity provider (GOOGLE_APPLICATION_CREDENTIALS = path of a JSON key with client_email and private_key).',
      );
    }
    super(apiRoot, projectId, serviceAccountToken(key));
  }
}

function serviceAccountToken(key: ServiceAccountKey): () => Promise<string> {
  const tokenUri = key.token_uri ?? 'https://oauth2.googleapis.com/token';
  let cached: { token: string; expiresAt: number } | null = null;
  return async () => {
    if (cached && cached.expiresAt > Date.now() + 60_000) return cached.token;
    const assertion = await new SignJWT({ scope: SCOPES })
      .setProtectedHeader({ alg: 'RS256', typ: 'JWT' })
      .setIssuer(key.client_email)
      .setAudience(tokenUri)
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(await importPKCS8(key.private_key, 'RS256'));
    const response = await fetch(tokenUri, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer', assertion }),
      signal: AbortSignal.timeout(15_000),
    });
    if (!response.ok)
      throw new IdentityAdminError(
        `HTTP_${response.status}`,
        `The service-account token was refused (${response.status}).`,
      );
    const body = (await response.json()) as { access_token: string; expires_in: number };
    cached = { token: body.access_token, expiresAt: Date.now() + body.expires_in * 1000 };
    return cached.token;
  };
}

/**
 * The identity admin for a configuration: the emulator in local when one is configured (none
 * otherwise: invitations then answer that the identity provider is not configured), the
 * service-account implementation in dev and production (throws without credentials).
 */
export function createIdentityAdmin(options: {
  environment: Environment;
  projectId: string;
  authEmulatorHost: string | null;
  credentialsFile?: string | undefined;
}): IdentityAdmin | undefined {
  if (options.environment === 'local') {
    return options.authEmulatorHost
      ? new EmulatorIdentityAdmin(options.authEmulatorHost, options.projectId)
      : undefined;
  }
  let key: ServiceAccountKey | null = null;
  if (options.credentialsFile) {
    try {
      key = JSON.parse(readFileSync(options.credentialsFile, 'utf8')) as ServiceAccountKey;
    } catch (error) {
      throw new Error(
        `Refusing to start: cannot read the service-account key ${options.credentialsFile}: ${(error as Error).message}`,
      );
    }
  }
  return new ServiceAccountIdentityAdmin(options.projectId, key);
}

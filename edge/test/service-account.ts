/** A service account key file as Google hands it out, made for the tests (its token_uri is the fake's /token). */
import { generateKeyPairSync } from 'node:crypto';

const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });

export const SERVICE_ACCOUNT_EMAIL = 'edge-storage@demo-price-console.iam.gserviceaccount.com';
export const SERVICE_ACCOUNT_PUBLIC_KEY = publicKey.export({ type: 'spki', format: 'pem' }).toString();

/**
 * The key file (JSON) for STORAGE_SERVICE_ACCOUNT, exchanging its assertions at `tokenUri`;
 * `otherKey`: the same account with a private key the token endpoint does not know.
 */
export function serviceAccountKey(tokenUri: string, options: { otherKey?: boolean } = {}): string {
  const key = options.otherKey ? generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey : privateKey;
  return JSON.stringify({
    type: 'service_account',
    project_id: 'demo-price-console',
    private_key_id: 'test-key-1',
    private_key: key.export({ type: 'pkcs8', format: 'pem' }).toString(),
    client_email: SERVICE_ACCOUNT_EMAIL,
    token_uri: tokenUri,
  });
}

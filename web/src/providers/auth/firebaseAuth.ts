import { initializeApp } from 'firebase/app';
import { type Auth, connectAuthEmulator, indexedDBLocalPersistence, initializeAuth } from 'firebase/auth';
import type { RuntimeConfig } from '../../config/runtimeConfig.ts';

/**
 * Firebase Authentication from the runtime configuration, or null when the configuration has no
 * Firebase section. initializeAuth with IndexedDB persistence (Firebase's own default) and no
 * popup/redirect resolver keeps the bundle to what e-mail + password sign-in needs.
 */
export function createFirebaseAuth(config: RuntimeConfig): Auth | null {
  if (!config.firebase) return null;
  const app = initializeApp(config.firebase);
  const auth = initializeAuth(app, { persistence: indexedDBLocalPersistence });
  if (config.authEmulatorUrl) {
    connectAuthEmulator(auth, config.authEmulatorUrl, { disableWarnings: true });
    // The emulator accepts SMS second factors without a real reCAPTCHA (which needs Google's servers).
    auth.settings.appVerificationDisabledForTesting = true;
  }
  return auth;
}

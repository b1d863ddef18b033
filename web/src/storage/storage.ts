import { currentIdToken } from './idToken.ts';
import { createStorageClient } from './storageClient.ts';

/** The console's storage client: the worker's `/storage` routes with the signed-in user's ID token. */
export const storage = createStorageClient({ getToken: currentIdToken });

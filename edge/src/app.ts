/**
 * The edge worker: composes the middleware and handlers of this folder. Order matters:
 * security headers wrap everything (errors included), the config guard refuses an unsafe
 * environment, then the routes, then the SPA for everything else.
 */
import { Hono } from 'hono';
import { configGuard } from './config-guard.ts';
import type { EdgeEnv } from './env.ts';
import { createAuthenticator, firebaseAuth, type FirebaseAuthOptions } from './firebase-auth.ts';
import { graphqlMethodNotAllowed, graphqlOptions, graphqlProxy, type GraphqlProxyOptions } from './graphql-proxy.ts';
import { FEED_UPLOAD_PATH, feedUploadProxy, type FeedUploadProxyOptions } from './feed-upload-proxy.ts';
import { PRICE_FEED_PATH, priceFeedProxy, type PriceFeedProxyOptions } from './price-feed-proxy.ts';
import { graphqlError } from './json-error.ts';
import { legacyLocaleRedirect, localeFromQuery } from './locale.ts';
import { GRAPHQL_PATH, publicConfig } from './public-config.ts';
import { securityHeaders } from './security-headers.ts';
import { staticAssets } from './static-assets.ts';
import { STORAGE_PATH, storageRoutes, type StorageOptions } from './storage/routes.ts';

export interface EdgeAppOptions {
  auth?: FirebaseAuthOptions;
  graphql?: GraphqlProxyOptions;
  storage?: StorageOptions;
  feedUpload?: FeedUploadProxyOptions;
  priceFeed?: PriceFeedProxyOptions;
}

export function createApp(options: EdgeAppOptions = {}): Hono<EdgeEnv> {
  const app = new Hono<EdgeEnv>();
  // One token verifier for /graphql and /storage (Google's keys fetched once).
  const authenticate = createAuthenticator(options.auth);

  app.use('*', securityHeaders());
  app.use('*', configGuard());

  app.get('/config.json', publicConfig());

  app.options(GRAPHQL_PATH, graphqlOptions());
  app.post(GRAPHQL_PATH, firebaseAuth(authenticate), graphqlProxy(options.graphql));
  app.all(GRAPHQL_PATH, graphqlMethodNotAllowed());
  // A product feed's uploaded file, streamed to the API (which checks access and imports it).
  app.post(FEED_UPLOAD_PATH, firebaseAuth(authenticate), feedUploadProxy(options.feedUpload));
  // The shop's price feed: authenticated by the website's API key, which the API checks.
  app.get(PRICE_FEED_PATH, priceFeedProxy(options.priceFeed));

  // Storage (/storage/{main|public}/o...): R2 bindings or Firebase Storage per STORAGE_BACKEND; it
  // checks tokens itself because public language files are readable without one.
  app.route(STORAGE_PATH, storageRoutes(authenticate, options.storage));

  // Pages: locale handling, then the static console with its SPA fallback.
  app.use('*', legacyLocaleRedirect());
  app.use('*', localeFromQuery());
  app.all('*', staticAssets());

  app.onError((error) => {
    console.error('[edge] unhandled error', error);
    return graphqlError('The edge worker failed to handle this request.', 'INTERNAL_SERVER_ERROR', 500);
  });

  return app;
}

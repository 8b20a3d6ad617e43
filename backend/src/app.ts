import { randomUUID } from 'node:crypto';
import cookieParser from 'cookie-parser';
import express from 'express';
import helmet from 'helmet';
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import { pinoHttp } from 'pino-http';
import type { AppConfig } from './config';
import { systemClock, type Clock } from './clock';
import { errorHandler, notFoundHandler } from './http/error-handler';
import { originCheck } from './http/origin-check';
import { serveFrontend } from './http/static';
import { accountsModule } from './modules/accounts';
import { createPasswordHasher, type PasswordHasher } from './modules/accounts/password';
import { healthRoutes } from './modules/health/health.routes';
import { productsModule } from './modules/products';

export interface AppDeps {
  db: Knex;
  logger: Logger;
  config: AppConfig;
  clock?: Clock;
  hasher?: PasswordHasher;
}

const REQUEST_ID = /^[\w-]{1,64}$/;

export function createApp(deps: AppDeps) {
  const { db, logger, config } = deps;
  const clock = deps.clock ?? systemClock;
  const hasher = deps.hasher ?? createPasswordHasher(config.passwordHashLogN);
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', config.trustProxy);
  app.use(
    helmet({
      contentSecurityPolicy: { directives: { upgradeInsecureRequests: null, imgSrc: ["'self'", 'data:'] } },
      strictTransportSecurity: config.cookieSecure,
    }),
  );
  app.use(
    pinoHttp({
      logger,
      serializers: {
        req: (req: { id: string; method: string; url: string; remoteAddress?: string }) => ({
          id: req.id,
          method: req.method,
          url: req.url,
          remoteAddress: req.remoteAddress,
        }),
        res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
      },
      genReqId: (req, res) => {
        const incoming = req.headers['x-request-id'];
        const id = typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
        res.setHeader('X-Request-Id', id);
        return id;
      },
    }),
  );
  app.use(healthRoutes(db));

  const accounts = accountsModule({ db, config, clock, hasher });
  const api = express.Router();
  api.use(express.json({ limit: '100kb' }), cookieParser(), originCheck);
  api.use(accounts.router);
  api.use(productsModule({ db, clock }, accounts.requireStaff).router);
  api.use(notFoundHandler);
  app.use('/v1', api);

  serveFrontend(app, config.staticDir);
  app.use(notFoundHandler);
  app.use(errorHandler);
  return app;
}

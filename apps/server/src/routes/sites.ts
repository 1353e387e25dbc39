import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../app.js';

export const siteRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    void ctx;
    void app;
  };

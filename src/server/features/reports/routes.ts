import {
  adminReportListSchema,
  adminReportSchema,
  adminReportsQuerySchema,
  createReportBodySchema,
  reportIdParams,
  REPORTS_PER_HOUR,
  reportSchema,
  resolveReportBodySchema,
} from '#shared/reports.js';
import { addressKey } from '../../plugins/client-address.js';
import { adminOnly, requireAdmin, requireUser, signedIn } from '../../plugins/guards.js';
import type { FeatureRoutes } from '../../plugins/sync-plugin.js';
import { createReport, listReports, resolveReport } from './service.js';

/** Reports: anyone signed in reports an item or a user; the admins list them and act on them. */
export const reportRoutes: FeatureRoutes = (app) => {
  // Per person (per address for visitors, who are turned away anyway): enough for honest use, not for flooding the admins.
  const reportRateLimit = {
    rateLimit: {
      max: REPORTS_PER_HOUR,
      timeWindow: 60 * 60 * 1000,
      keyGenerator: async (request: Parameters<typeof requireUser>[0]) => {
        const user = await app.sessions.user(request);
        return user ? `report-user:${user.id}` : `report-ip:${addressKey(request)}`;
      },
    },
  };

  app.post(
    '/reports',
    {
      preValidation: signedIn,
      config: reportRateLimit,
      schema: { body: createReportBodySchema, response: { 200: reportSchema, 201: reportSchema } },
    },
    async (request, reply) => {
      const user = await requireUser(request);
      const { report, created } = await createReport(app.db, user, request.body);
      return reply.status(created ? 201 : 200).send(report);
    },
  );

  app.get(
    '/admin/reports',
    { preValidation: adminOnly, schema: { querystring: adminReportsQuerySchema, response: { 200: adminReportListSchema } } },
    async (request) => listReports(app.db, request.query.status),
  );

  app.post(
    '/admin/reports/:id/resolve',
    { preValidation: adminOnly, schema: { params: reportIdParams, body: resolveReportBodySchema, response: { 200: adminReportSchema } } },
    async (request) => {
      const admin = await requireAdmin(request);
      return resolveReport(app.db, app.storage, admin, request.params.id, request.body.action, request.log, request.body.reason ?? null);
    },
  );
};

import { searchQuerySchema, searchResultSchema } from '#shared/people.js';
import type { FeatureRoutes } from '../../plugins/sync-plugin.js';
import { search } from './service.js';

/** Public search of users and public notes (docs/product.md, Pages, Find Payment Links). */
export const searchRoutes: FeatureRoutes = (app) => {
  app.get('/search', { schema: { querystring: searchQuerySchema, response: { 200: searchResultSchema } } }, async (request) =>
    search(app.readDb(request), request.query.query),
  );
};

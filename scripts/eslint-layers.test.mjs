// The import rules of the layout (`layers/imports`), run by ESLint's own Linter on one import each.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Linter } from 'eslint';
import { describe, expect, it } from 'vitest';
import layers from './eslint-layers.mjs';

const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'src');
const linter = new Linter({ configType: 'flat' });
const config = [{ files: ['**/*.ts', '**/*.tsx'], plugins: { layers }, rules: { 'layers/imports': 'error' } }];

/** The messages ESLint gives for `import x from spec` in the file at `file` (below src/). */
function lint(file, spec) {
  return linter.verify(`import x from '${spec}';\nexport { x };\n`, config, { filename: path.join(src, file) }).map((m) => m.message);
}

describe('layers/imports', () => {
  it.each([
    ['shared/x.ts', '../server/config.js', 'src/shared may import only src/shared'],
    ['shared/x.ts', '@/lib/request', 'src/shared may import only src/shared'],
    ['server/app.ts', '../client/lib/request.js', 'the server may not import client code'],
    ['client/lib/x.ts', '../../server/config.js', 'the client may not import server code'],
    ['client/features/items/a.tsx', '@/features/notes/b', 'client features may not import each other'],
    ['client/components/a.tsx', '@/pages/browse-page', 'only the router imports pages'],
    ['client/lib/distance-unit.tsx', '@/features/auth/api', 'src/client/lib may not import a feature'],
    ['client/components/ui/a.tsx', '../../features/items/api', 'src/client/components may not import a feature'],
    ['server/features/notes/service.ts', '../auth/repository.js', "a feature may not use another feature's repository"],
    ['server/features/notes/sub/x.ts', '../../../features/auth/repository.js', "a feature may not use another feature's repository"],
    ['server/db/seed.ts', '../features/items/service.js', 'src/server/db may not import a feature'],
    ['server/plugins/client.ts', '../features/items/repository.js', 'src/server/plugins may not import a feature'],
    ['server/policies/index.ts', '../features/items/service.js', 'src/server/policies may not import a feature'],
    ['shared/policies/items.ts', '../../server/policies/items.js', 'src/shared may import only src/shared'],
    ['server/features/notes/service.ts', '../../../shared/messages.js', 'import src/shared as #shared/'],
    ['client/lib/a.ts', '../../shared/constants.js', 'import src/shared as #shared/'],
  ])('%s importing %s: "%s"', (file, spec, rule) => {
    const messages = lint(file, spec);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toContain(rule);
  });

  it.each([
    ['server/features/notes/service.ts', './repository.js'],
    ['server/features/notes/routes.ts', '../auth/service.js'],
    ['server/features/notes/service.ts', '#shared/messages.js'],
    ['client/features/items/a.tsx', '#shared/constants.js'],
    ['shared/policies/items.ts', '../constants.js'],
    ['client/app/router.tsx', '@/pages/browse-page'],
    ['client/pages/a-page.tsx', '@/pages/b-page'],
    ['client/features/items/a.tsx', '@/features/items/b'],
    ['client/features/items/a.tsx', '@/components/ui/button'],
    ['client/app/providers.tsx', '@/features/auth/api'],
    ['client/lib/a.ts', '@/lib/request'],
    ['server/app.ts', 'fastify'],
    // The rules of who may do what, one copy for both sides (docs/decisions/039-policies.md).
    ['client/features/items/a.tsx', '../../../../shared/policies/items.js'],
    ['client/pages/a-page.tsx', '#shared/policies/items.js'],
    ['server/features/items/routes.ts', '../../policies/index.js'],
    ['server/plugins/guards.ts', '../policies/index.js'],
    ['server/policies/index.ts', '#shared/policies/items.js'],
  ])('%s may import %s', (file, spec) => {
    expect(lint(file, spec)).toEqual([]);
  });
});

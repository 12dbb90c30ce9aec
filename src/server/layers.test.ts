// The server's layers (scripts/lint-imports.mjs, also run by npm test and npm run lint): db/ and
// plugins/ sit below the features, and a feature reaches another feature through its service.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const lint = (srcDir?: string) =>
  spawnSync(process.execPath, [path.join(root, 'scripts/lint-imports.mjs'), ...(srcDir ? [srcDir] : [])], { encoding: 'utf8' });

const scratch = mkdtempSync(path.join(os.tmpdir(), 'layers-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** A src folder holding these files (path → one import line). */
function tree(files: Record<string, string>): string {
  const src = mkdtempSync(path.join(scratch, 'src-'));
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(src, file)), { recursive: true });
    writeFileSync(path.join(src, file), `${text}\n`);
  }
  return src;
}

describe('server layers', () => {
  it('the project keeps them', () => {
    const run = lint();
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
  });

  it('db/ and plugins/ may not import a feature', () => {
    const run = lint(
      tree({
        'server/db/seed.ts': "import { hashPassword } from '../features/auth/passwords.js';",
        'server/plugins/client.ts': "import { selectItem } from '../features/items/repository.js';",
      }),
    );
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('server/db/seed.ts imports ../features/auth/passwords.js: src/server/db may not import a feature');
    expect(run.stderr).toContain('server/plugins/client.ts imports ../features/items/repository.js: src/server/plugins may not import a feature');
  });

  it("a feature may use another feature's service and the users module, not another feature's repository", () => {
    const run = lint(
      tree({
        'server/features/notes/service.ts': "import { findUserByUsername } from '../items/repository.js';",
        'server/features/profiles/routes.ts': [
          "import { paymentLinksOf } from '../account/service.js';",
          "import { findUserByUsername } from '../../users/repository.js';",
          "import { selectThing } from './repository.js';",
        ].join('\n'),
      }),
    );
    expect(run.status).toBe(1);
    expect(run.stderr).toContain("server/features/notes/service.ts imports ../items/repository.js: a feature may not import another feature's repository");
    expect(run.stderr).toContain('Import rules broken (1)');
  });
});

// The import rules of the layout, as an ESLint rule (`layers/imports`), checked on every file under src/:
//   src/shared imports nothing from src/client or src/server;
//   src/server and src/client never import each other;
//   a server feature never imports another feature's repository (src/server/features/A/** may not
//   import src/server/features/B/repository*): it goes through that feature's service;
//   src/server/db, src/server/plugins and src/server/policies import no feature (the policies'
//   rules are src/shared/policies, which both sides import);
//   a client feature never imports another client feature;
//   the client's kit (src/client/lib, src/client/components) imports no feature;
//   nothing imports from src/client/pages but the router (and other pages).
// Imports are resolved to paths (relative ones, `@/` for src/client and `#shared/` for src/shared) rather than matched as
// text, so `../items/repository.js` and `../../features/items/repository.js` are the same import.
// Packages are not checked.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'src');

function resolveSpec(file, spec) {
  if (spec.startsWith('@/')) return path.join(src, 'client', spec.slice(2));
  if (spec.startsWith('#shared/')) return path.join(src, 'shared', spec.slice('#shared/'.length));
  if (spec.startsWith('.')) return path.resolve(path.dirname(file), spec);
  return undefined; // a package
}

/** The path below src/ as its parts, or undefined for a file outside src/. */
function parts(p) {
  const rel = path.relative(src, p);
  return rel.startsWith('..') || path.isAbsolute(rel) ? undefined : rel.split(path.sep);
}

/** Which rule an import from `from` to `to` (both split below src/) breaks, if any. */
export function brokenRule(from, to) {
  const [fromSide, fromArea, fromName] = from;
  const [toSide, toArea, toName, toFile] = to;
  if (fromSide === 'shared' && toSide !== 'shared') return 'src/shared may import only src/shared';
  if (fromSide === 'server' && toSide === 'client') return 'the server may not import client code';
  if (fromSide === 'client' && toSide === 'server') return 'the client may not import server code';
  if (fromSide === 'server' && toSide === 'server' && toArea === 'features') {
    if (fromArea === 'db' || fromArea === 'plugins' || fromArea === 'policies') return `src/server/${fromArea} may not import a feature`;
    if (fromArea === 'features' && fromName !== toName && toFile?.startsWith('repository')) {
      return `a feature may not use another feature's repository (features/${toName}/${toFile}): go through its service`;
    }
  }
  if (fromSide === 'client' && toSide === 'client') {
    if (fromArea === 'features' && toArea === 'features' && fromName !== toName) return 'client features may not import each other';
    if ((fromArea === 'lib' || fromArea === 'components') && toArea === 'features') {
      return `src/client/${fromArea} may not import a feature: move the code into the feature, or pass what it needs in`;
    }
    const isRouter = fromArea === 'app' && fromName?.startsWith('router');
    if (toArea === 'pages' && fromArea !== 'pages' && !isRouter) return 'only the router imports pages';
  }
  return undefined;
}

const importsRule = {
  meta: {
    type: 'problem',
    docs: { description: 'The import rules of the layout (README, Layout)' },
    schema: [],
    messages: { broken: '{{spec}}: {{rule}}' },
  },
  create(context) {
    const from = parts(context.filename);
    if (!from) return {};
    const check = (source) => {
      if (source?.type !== 'Literal' || typeof source.value !== 'string') return;
      const target = resolveSpec(context.filename, source.value);
      const to = target && parts(target);
      // drizzle-kit loads schema.ts from the sources in a folder of its own, where `#shared/` would
      // send it to dist (absent in a clean clone): schema.ts imports src/shared relatively.
      const rule =
        to && from[0] !== 'shared' && to[0] === 'shared' && source.value.startsWith('.') && from.join('/') !== 'server/db/schema.ts'
          ? 'import src/shared as #shared/… (package.json "imports")'
          : to && brokenRule(from, to);
      if (rule) context.report({ node: source, messageId: 'broken', data: { spec: source.value, rule } });
    };
    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
    };
  },
};

export default { meta: { name: 'layers' }, rules: { imports: importsRule } };

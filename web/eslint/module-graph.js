// The web app's module graph rules, as a local ESLint plugin: `no-cycle` (no file reaches
// itself through its relative imports, type imports included, so each module's
// dependencies load first) and `layers` (a folder of src/ imports only from the layers
// below it, as bulletproof-react lays out). Local because the usual plugins' resolver
// ships native binaries that the package mirror this project installs from lacks.
import fs from 'node:fs';
import path from 'node:path';

const EXTENSIONS = ['.ts', '.tsx', '.js', '/index.ts', '/index.tsx'];
const IMPORT = /(?:^|[\s;])(?:import|export)\s[^'"`]*?from\s*['"]([^'"]+)['"]|import\s*\(\s*['"]([^'"]+)['"]\s*\)|^\s*import\s*['"]([^'"]+)['"]/gm;

/** The relative specifiers a file imports (static, dynamic and re-exports). */
export function importsOf(text) {
  const found = [];
  for (const match of text.matchAll(IMPORT)) {
    const specifier = match[1] ?? match[2] ?? match[3];
    if (specifier.startsWith('.')) found.push(specifier);
  }
  return found;
}

/** The file a relative specifier names, or null (e.g. a CSS file, or none). */
export function resolve(fromFile, specifier) {
  const base = path.resolve(path.dirname(fromFile), specifier);
  if (/\.(ts|tsx|js)$/.test(base) && fs.existsSync(base)) return base;
  for (const extension of EXTENSIONS) {
    if (fs.existsSync(base + extension)) return base + extension;
  }
  return null;
}

const edges = new Map();
function dependenciesOf(file) {
  if (!edges.has(file)) {
    let text = '';
    try {
      text = fs.readFileSync(file, 'utf8');
    } catch {
      // A file that cannot be read has no edges: ESLint reports it on its own.
    }
    edges.set(
      file,
      importsOf(text)
        .map((specifier) => resolve(file, specifier))
        .filter(Boolean),
    );
  }
  return edges.get(file);
}

/** A path of imports from `start` back to `target`, or null. */
function pathBack(start, target) {
  const seen = new Set();
  const stack = [[start, [start]]];
  while (stack.length > 0) {
    const [file, trail] = stack.pop();
    if (file === target) return trail;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const next of dependenciesOf(file)) stack.push([next, [...trail, next]]);
  }
  return null;
}

const noCycle = {
  meta: { type: 'problem', schema: [], messages: { cycle: 'Import cycle: {{trail}}' } },
  create(context) {
    const file = context.filename;
    const check = (node) => {
      const specifier = node.source?.value;
      if (typeof specifier !== 'string' || !specifier.startsWith('.')) return;
      const target = resolve(file, specifier);
      const trail = target && pathBack(target, file);
      if (trail) {
        const root = path.dirname(file);
        const shown = [file, ...trail].map((step) => path.relative(root, step) || path.basename(step));
        context.report({ node, messageId: 'cycle', data: { trail: shown.join(' → ') } });
      }
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check };
  },
};

const layers = {
  meta: {
    type: 'problem',
    schema: [{ type: 'object', properties: { root: { type: 'string' }, layers: { type: 'array' } } }],
    messages: { above: 'src/{{from}} is below src/{{to}}: move what both need down a layer, or up into src/{{to}}.' },
  },
  create(context) {
    const { root, layers: order } = context.options[0];
    const layerOf = (file) => {
      const relative = path.relative(root, file).split(path.sep);
      const index = order.findIndex((layer) => layer.includes(relative[0]));
      return index < 0 ? null : { index, folder: relative[0] };
    };
    const own = layerOf(context.filename);
    const check = (node) => {
      const specifier = node.source?.value;
      if (!own || typeof specifier !== 'string' || !specifier.startsWith('.')) return;
      const target = resolve(context.filename, specifier);
      const theirs = target && layerOf(target);
      if (theirs && theirs.index > own.index) {
        context.report({ node, messageId: 'above', data: { from: own.folder, to: theirs.folder } });
      }
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check };
  },
};

export default { rules: { 'no-cycle': noCycle, layers } };

// ESLint rule: a backend module (backend/src/modules/<name>/) or a front-end feature
// (frontend/src/features/<name>/) is reached from another one only through its public entries
// (index.ts; the auth feature also has staff.ts, kept apart so the public bundle does not carry the
// staff screens' guards). The composition roots outside those folders (app.ts, jobs, the router)
// may import a module's parts. Specifiers are resolved as the bundlers do: relative, or `@/` from
// the importing file's src/.
const path = require('node:path');

const stripExtension = (file) => file.replace(/\.(d\.)?(tsx?|jsx?|mjs|cjs)$/, '');

/** The source folder an absolute path lies in (the last `src` segment), for `@/`. */
function srcOf(file) {
  const parts = file.split(path.sep);
  const at = parts.lastIndexOf('src');
  return at === -1 ? null : parts.slice(0, at + 1).join(path.sep);
}

module.exports = {
  meta: {
    type: 'problem',
    docs: { description: 'Modules and features talk through their index.ts' },
    schema: [
      {
        type: 'object',
        properties: {
          roots: {
            type: 'array',
            items: {
              type: 'object',
              properties: { dir: { type: 'string' }, entries: { type: 'array', items: { type: 'string' } } },
              required: ['dir', 'entries'],
            },
          },
        },
        required: ['roots'],
      },
    ],
    messages: {
      deep: "'{{specifier}}' reaches into {{kind}} '{{name}}': import it through {{entries}}.",
    },
  },
  create(context) {
    const cwd = context.cwd ?? process.cwd();
    const roots = context.options[0].roots.map((root) => ({ ...root, abs: path.resolve(cwd, root.dir) }));
    const filename = context.filename ?? context.getFilename();
    /** Which root and unit (module or feature) a path belongs to, and the rest of its path. */
    const place = (file) => {
      for (const root of roots) {
        const relative = path.relative(root.abs, file);
        if (relative.startsWith('..') || path.isAbsolute(relative) || relative === '') continue;
        const [name, ...rest] = relative.split(path.sep);
        return { root, name, rest: stripExtension(rest.join('/')) };
      }
      return null;
    };
    const from = place(filename);
    if (!from) return {};

    const check = (node, specifier) => {
      if (typeof specifier !== 'string') return;
      let target;
      if (specifier.startsWith('.')) target = path.resolve(path.dirname(filename), specifier);
      else if (specifier.startsWith('@/') && srcOf(filename)) target = path.join(srcOf(filename), specifier.slice(2));
      else return;
      const to = place(target);
      if (!to || to.root !== from.root || to.name === from.name) return;
      if (to.rest === '' || to.root.entries.includes(to.rest)) return;
      context.report({
        node,
        messageId: 'deep',
        data: {
          specifier,
          kind: to.root.dir.includes('features') ? 'feature' : 'module',
          name: to.name,
          entries: to.root.entries.map((entry) => `${entry}.ts`).join(' or '),
        },
      });
    };
    const fromSource = (node) => node.source && check(node.source, node.source.value);
    return {
      ImportDeclaration: fromSource,
      ExportNamedDeclaration: fromSource,
      ExportAllDeclaration: fromSource,
      ImportExpression: (node) => node.source.type === 'Literal' && check(node.source, node.source.value),
      CallExpression(node) {
        // jest.mock('…') and require('…') name a module too.
        const callee = node.callee;
        const named =
          (callee.type === 'Identifier' && callee.name === 'require') ||
          (callee.type === 'MemberExpression' && callee.object.name === 'jest' && callee.property.name === 'mock');
        const [first] = node.arguments;
        if (named && first && first.type === 'Literal') check(first, first.value);
      },
    };
  },
};

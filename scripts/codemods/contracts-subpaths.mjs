// Moves every import of '@gym/contracts' (the barrel, contracts/src/index.ts) to the subpath of the
// domain file that exports each name: `import { formatMoney, type Order } from '@gym/contracts'`
// becomes `import { formatMoney } from '@gym/contracts/format-money'` and
// `import type { Order } from '@gym/contracts/orders'` (issue 43, item 12). Also `export … from`,
// `import type`, `jest.mock('@gym/contracts', …)` / `jest.requireActual`, and contracts' own tests'
// `from '..'` / `from '../index'` (to `from '../<domain>'`). Names are resolved through
// index.ts's `export * from './<domain>'` lines with the TypeScript checker; everything else in a
// file stays byte for byte.
//
//   node scripts/codemods/contracts-subpaths.mjs [--check] [root]
//
// --check changes nothing and exits 1 when a file would change. Once index.ts and the "." export are
// gone, a barrel import fails every typecheck and build by itself.
// Without it, it rewrites the files and prints each. A name it cannot place, an `import *` or a
// default import of the barrel stops it before any file is written.
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const args = process.argv.slice(2);
const check = args.includes('--check');
const ROOT = path.resolve(args.find((a) => !a.startsWith('--')) ?? path.join(import.meta.dirname, '../..'));
const BARREL = '@gym/contracts';
const CONTRACTS = path.join(ROOT, 'contracts/src');
const INDEX = path.join(CONTRACTS, 'index.ts');
const SCANNED = ['backend/src', 'frontend/src', 'db/src', 'scripts', 'contracts/src/__tests__'];

/** name → the domain ('orders') whose file index.ts re-exports it from. */
function domainsByName() {
  const program = ts.createProgram([INDEX], {
    module: ts.ModuleKind.Preserve,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    noEmit: true,
    skipLibCheck: true,
  });
  const checker = program.getTypeChecker();
  const index = program.getSourceFile(INDEX);
  const byName = new Map();
  for (const statement of index.statements) {
    if (!ts.isExportDeclaration(statement) || !statement.moduleSpecifier) continue;
    const spec = statement.moduleSpecifier.text;
    if (statement.exportClause || !/^\.\/[\w-]+$/.test(spec))
      throw new Error(
        `index.ts: only \`export * from './<domain>'\` lines are understood, not: ${statement.getText()}`,
      );
    const module = checker.getSymbolAtLocation(statement.moduleSpecifier);
    if (!module) throw new Error(`index.ts: ${spec} does not resolve`);
    const domain = spec.slice(2);
    for (const symbol of checker.getExportsOfModule(module)) {
      const original = symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
      const declaredIn = original.declarations?.[0]?.getSourceFile().fileName;
      const seen = byName.get(symbol.name);
      if (seen && seen.original !== original)
        throw new Error(`${symbol.name} is exported by both ${seen.domain} and ${domain}`);
      // A name one domain re-exports from another (receipts' GYM_TIME_ZONE) goes to the file declaring it.
      if (!seen || declaredIn === path.join(CONTRACTS, `${domain}.ts`)) byName.set(symbol.name, { domain, original });
    }
  }
  return byName;
}

function* sourceFiles(dir) {
  if (!fs.existsSync(dir)) return;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (['node_modules', 'dist', 'coverage'].includes(entry.name)) continue;
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(file);
    else if (/\.(ts|tsx|mts|cts|mjs|cjs|js)$/.test(entry.name) && !/\.d\.ts$/.test(entry.name)) yield file;
  }
}

/** The barrel's specifier as this file writes it, and what a domain is written as from it. */
function barrelOf(file) {
  if (path.dirname(file) === path.join(CONTRACTS, '__tests__'))
    return { is: (spec) => spec === '..' || spec === '../index', to: (domain) => `../${domain}` };
  return { is: (spec) => spec === BARREL, to: (domain) => `${BARREL}/${domain}` };
}

const problems = [];
const fail = (file, node, message) => {
  const sf = node.getSourceFile();
  const { line } = sf.getLineAndCharacterOfPosition(node.getStart());
  problems.push(`${path.relative(ROOT, file)}:${line + 1}: ${message}`);
};

/** The file's new text, or undefined when it does not import the barrel. */
function rewrite(file, text, byName) {
  const barrel = barrelOf(file);
  if (!text.includes(BARREL) && !text.includes("'..") && !text.includes('"..')) return undefined;
  const kind = /\.tsx$/.test(file)
    ? ts.ScriptKind.TSX
    : /\.(mjs|cjs|js)$/.test(file)
      ? ts.ScriptKind.JS
      : ts.ScriptKind.TS;
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
  const quote = (node) => text[node.getStart(sf)];
  const edits = []; // { start, end, text }
  const domainOf = (node, name) => {
    const domain = byName.get(name)?.domain;
    if (!domain) fail(file, node, `'${name}' is not exported by ${BARREL}`);
    return domain;
  };

  for (const statement of sf.statements) {
    const isImport = ts.isImportDeclaration(statement);
    if (!isImport && !ts.isExportDeclaration(statement)) continue;
    const spec = statement.moduleSpecifier;
    if (!spec || !ts.isStringLiteral(spec) || !barrel.is(spec.text)) continue;
    const q = quote(spec);
    const clause = isImport ? statement.importClause : undefined;
    const named = isImport ? clause?.namedBindings : statement.exportClause;
    if (isImport && !clause) {
      fail(file, statement, `a side-effect import of ${spec.text}: contracts has no side effects, remove it`);
      continue;
    }
    if ((isImport && clause.name) || !named || (!ts.isNamedImports(named) && !ts.isNamedExports(named))) {
      fail(file, statement, `only named imports and exports of ${spec.text} can be split: ${statement.getText(sf)}`);
      continue;
    }
    const wholeType = isImport ? clause.isTypeOnly : statement.isTypeOnly;
    // Group the elements by domain, in their order, each keeping its text (`type X`, `a as b`).
    const groups = new Map();
    for (const element of named.elements) {
      const domain = domainOf(element, (element.propertyName ?? element.name).text);
      if (!domain) continue;
      if (!groups.has(domain)) groups.set(domain, []);
      groups.get(domain).push(element.getText(sf));
    }
    if (!groups.size) continue;
    const lineStart = text.lastIndexOf('\n', statement.getStart(sf)) + 1;
    const indent = text.slice(lineStart, statement.getStart(sf)).match(/^\s*/)[0];
    const semi = statement.getText(sf).trimEnd().endsWith(';') ? ';' : '';
    const built = [...groups].map(([domain, elements]) => {
      const target = `${q}${barrel.to(domain)}${q}`;
      // `import { type A, type B }` of one domain becomes `import type { A, B }`: no module loaded for it.
      const allTypes = !wholeType && elements.every((e) => /^type\s/.test(e));
      const names = allTypes ? elements.map((e) => e.replace(/^type\s+/, '')) : elements;
      const head = `${isImport ? 'import' : 'export'}${wholeType || allTypes ? ' type' : ''}`;
      const oneLine = `${head} { ${names.join(', ')} } from ${target}${semi}`;
      // As Prettier writes it: on one line when it fits in the project's 120 columns, else one name a line.
      return indent.length + oneLine.length > 120
        ? `${head} {\n${names.map((n) => `${indent}  ${n},`).join('\n')}\n${indent}} from ${target}${semi}`
        : oneLine;
    });
    edits.push({ start: statement.getStart(sf), end: statement.getEnd(), text: built.join(`\n${indent}`) });
  }

  // jest.mock('@gym/contracts', factory) / jest.requireActual('@gym/contracts') name the barrel: a
  // mock of the barrel would no longer catch the subpath imports, so they are reported, not guessed.
  const visit = (node) => {
    if (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      ts.isIdentifier(node.expression.expression) &&
      node.expression.expression.text === 'jest' &&
      ['mock', 'requireActual', 'doMock', 'unmock'].includes(node.expression.name.text) &&
      node.arguments[0] &&
      ts.isStringLiteral(node.arguments[0]) &&
      barrel.is(node.arguments[0].text)
    )
      fail(
        file,
        node,
        `jest.${node.expression.name.text}('${node.arguments[0].text}'): mock the domain's subpath instead`,
      );
    // import('@gym/contracts') and require('@gym/contracts') likewise.
    if (
      ts.isCallExpression(node) &&
      (node.expression.kind === ts.SyntaxKind.ImportKeyword ||
        (ts.isIdentifier(node.expression) && node.expression.text === 'require')) &&
      node.arguments[0] &&
      ts.isStringLiteral(node.arguments[0]) &&
      barrel.is(node.arguments[0].text)
    )
      fail(file, node, `a dynamic import or require of '${node.arguments[0].text}': name the domain's subpath`);
    ts.forEachChild(node, visit);
  };
  visit(sf);

  if (!edits.length) return undefined;
  let out = text;
  for (const edit of edits.sort((a, b) => b.start - a.start))
    out = out.slice(0, edit.start) + edit.text + out.slice(edit.end);
  return out;
}

const byName = domainsByName();
const changed = [];
for (const dir of SCANNED)
  for (const file of sourceFiles(path.join(ROOT, dir))) {
    const text = fs.readFileSync(file, 'utf8');
    const out = rewrite(file, text, byName);
    if (out !== undefined && out !== text) changed.push([file, out]);
  }
if (problems.length) {
  console.error(`contracts-subpaths: ${problems.length} import(s) to move by hand, nothing written:`);
  for (const p of problems) console.error(`  ${p}`);
  process.exit(2);
}
for (const [file] of changed) console.log(path.relative(ROOT, file));
if (check) {
  if (changed.length) console.error(`contracts-subpaths: ${changed.length} file(s) import the barrel ${BARREL}`);
  process.exit(changed.length ? 1 : 0);
}
for (const [file, out] of changed) fs.writeFileSync(file, out);
console.error(`contracts-subpaths: ${changed.length} file(s) rewritten`);

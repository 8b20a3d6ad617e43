import fs from 'node:fs';
import path from 'node:path';
import { roleSectionMarkdown } from '../route-docs';

const ROLES_DOC = path.resolve(__dirname, '../../../docs/roles.md');

test('docs/roles.md carries the role matrix and the routes of each action exactly as the permission table says', () => {
  const text = fs.readFileSync(ROLES_DOC, 'utf8');
  const section = /<!-- role-matrix:start -->\n([\s\S]*?)\n<!-- role-matrix:end -->/.exec(text)?.[1];
  expect(section).toBe(roleSectionMarkdown());
});

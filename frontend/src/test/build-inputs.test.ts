/**
 * @jest-environment node
 */
// The Bootstrap CSS plugin splits bootstrap.min.css where its components start and where its
// helpers begin, found by two literal rules (docs/decisions/0004-build-shortcuts.md). This fails as
// soon as an upgrade moves or renames them, before a build quietly ships a different split.
import fs from 'node:fs';
import path from 'node:path';
import { BOOTSTRAP_SPLIT_MARKERS } from '../../vite-plugins/bootstrap-css';

const ROOT = path.resolve(__dirname, '../../..');

test("Bootstrap's stylesheet has each split marker once, after the grid and before the utilities", () => {
  const css = fs.readFileSync(path.join(ROOT, 'node_modules/bootstrap/dist/css/bootstrap.min.css'), 'utf8');
  for (const marker of BOOTSTRAP_SPLIT_MARKERS) {
    expect({ marker, count: css.split(marker).length - 1 }).toEqual({ marker, count: 1 });
  }
  const [components, helpers] = BOOTSTRAP_SPLIT_MARKERS.map((marker) => css.indexOf(marker));
  expect(components).toBeLessThan(helpers!);
  // Reboot and the grid come before the components; helpers and utilities after them.
  expect(css.indexOf('.container{')).toBeLessThan(components!);
  expect(css.indexOf('.row{')).toBeLessThan(components!);
  expect(css.indexOf('.btn{')).toBeGreaterThan(components!);
  expect(css.indexOf('.btn{')).toBeLessThan(helpers!);
  expect(css.indexOf('.visually-hidden')).toBeGreaterThan(helpers!);
  expect(css.indexOf('.d-none{')).toBeGreaterThan(helpers!);
});

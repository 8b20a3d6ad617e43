// After `vite build`: writes a .gz beside every compressible file of frontend/dist, so nginx's
// gzip_static serves them without compressing on each request.
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync, constants } from 'node:zlib';

const dist = path.resolve(import.meta.dirname, '../frontend/dist');
const COMPRESSIBLE = /\.(js|css|html|svg|json|txt|webmanifest)$/;

let files = 0;
for (const entry of fs.readdirSync(dist, { recursive: true, withFileTypes: true })) {
  if (!entry.isFile() || !COMPRESSIBLE.test(entry.name)) continue;
  const file = path.join(entry.parentPath, entry.name);
  const body = fs.readFileSync(file);
  if (body.length < 512) continue;
  fs.writeFileSync(`${file}.gz`, gzipSync(body, { level: constants.Z_BEST_COMPRESSION }));
  files += 1;
}
console.log(`compress-dist: ${files} files gzipped in ${path.relative(process.cwd(), dist)}`);

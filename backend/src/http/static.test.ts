import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import express from 'express';
import request from 'supertest';
import { serveFrontend } from './static';

/** A built bundle as frontend's build leaves it: the empty shell and two prerendered pages. */
function bundle() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gym-static-'));
  fs.mkdirSync(path.join(dir, 'prerendered'));
  fs.writeFileSync(path.join(dir, 'index.html'), '<div id="root"></div>');
  fs.writeFileSync(path.join(dir, 'prerendered/index.html'), '<div id="root"><h1>Inicio</h1></div>');
  fs.writeFileSync(path.join(dir, 'prerendered/boxeo.html'), '<div id="root"><h1>Boxeo</h1></div>');
  fs.mkdirSync(path.join(dir, 'socio-app'));
  fs.writeFileSync(path.join(dir, 'socio-sw.js'), '// worker');
  fs.writeFileSync(path.join(dir, 'socio-app/manifest.json'), '{}');
  fs.writeFileSync(path.join(dir, 'socio-app/icon-192.png'), 'png');
  return dir;
}

describe('the built front end, served by the API (make start)', () => {
  const dir = bundle();
  const app = express();
  serveFrontend(app, dir);
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  test.each([
    ['/', '<h1>Inicio</h1>'],
    ['/boxeo', '<h1>Boxeo</h1>'],
  ])('%s is its prerendered page, revalidated on every visit', async (url, html) => {
    const res = await request(app).get(url).expect(200);
    expect(res.text).toContain(html);
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  test.each(['/boxeo/', '/ecommerce-producto/abc', '/admin/productos', '/nosotros'])(
    '%s, which the build did not prerender, is the empty shell',
    async (url) => {
      const res = await request(app).get(url).expect(200);
      expect(res.text).toBe('<div id="root"></div>');
    },
  );

  test.each([
    ['/socio-sw.js', 'no-cache', /javascript/],
    ['/socio-app/manifest.json', 'no-cache', /json/],
    ['/socio-app/icon-192.png', 'public, max-age=3600', /image\/png/],
  ])('the portal app’s %s is served with Cache-Control %s', async (url, cacheControl, type) => {
    const res = await request(app).get(url).expect(200);
    expect(res.headers['cache-control']).toBe(cacheControl);
    expect(res.headers['content-type']).toMatch(type);
  });
});

import { createCatalogueCache, jsonAnswer } from './products.cache';

const options = { maxEntries: 3, maxBytes: 1000, maxEntryBytes: 400 };
const answer = (text: string) => jsonAnswer({ text });

describe('catalogue cache', () => {
  test('an answer is served while the version it was built under is current, and not after', () => {
    const cache = createCatalogueCache(options);
    cache.set('a', 1, answer('uno'));
    expect(cache.get('a', 1)?.body.toString()).toBe('{"text":"uno"}');
    expect(cache.get('a', 2)).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  test('an answer built under an older version than one already seen is not kept', () => {
    const cache = createCatalogueCache(options);
    expect(cache.get('a', 5)).toBeUndefined();
    cache.set('a', 4, answer('viejo'));
    expect(cache.get('a', 5)).toBeUndefined();
    expect(cache.get('a', 4)).toBeUndefined();
  });

  test('a late reader of an older version neither gets nor drops the newer answers', () => {
    const cache = createCatalogueCache(options);
    cache.set('a', 7, answer('nuevo'));
    expect(cache.get('a', 6)).toBeUndefined();
    expect(cache.get('a', 7)?.body.toString()).toBe('{"text":"nuevo"}');
  });

  test('the least recently used answer goes first past the entry bound', () => {
    const cache = createCatalogueCache(options);
    for (const key of ['a', 'b', 'c']) cache.set(key, 1, answer(key));
    cache.get('a', 1);
    cache.set('d', 1, answer('d'));
    expect(cache.get('b', 1)).toBeUndefined();
    for (const key of ['a', 'c', 'd']) expect(cache.get(key, 1)).toBeDefined();
  });

  test('the byte bounds hold: a big answer is not kept, and old ones go to make room', () => {
    const cache = createCatalogueCache(options);
    cache.set('grande', 1, answer('x'.repeat(500)));
    expect(cache.get('grande', 1)).toBeUndefined();
    cache.set('a', 1, answer('a'.repeat(380)));
    cache.set('b', 1, answer('b'.repeat(380)));
    cache.set('c', 1, answer('c'.repeat(380)));
    expect(cache.get('a', 1)).toBeUndefined();
    expect(cache.size).toBe(2);
  });

  test('the ETag is weak and changes with the bytes', () => {
    expect(answer('uno').etag).toMatch(/^W\/"[0-9a-f]+-[\w-]+"$/);
    expect(answer('uno').etag).toBe(answer('uno').etag);
    expect(answer('dos').etag).not.toBe(answer('uno').etag);
  });
});

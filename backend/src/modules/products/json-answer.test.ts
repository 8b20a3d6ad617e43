import { bytesAnswer, jsonAnswer } from './json-answer';

test('the ETag is weak, changes with the bytes, and is the same however the bytes were pieced', () => {
  const answer = (text: string) => jsonAnswer({ text });
  expect(answer('uno').etag).toMatch(/^W\/"[0-9a-f]+-[\w-]+"$/);
  expect(answer('uno').etag).toBe(answer('uno').etag);
  expect(answer('dos').etag).not.toBe(answer('uno').etag);
  const pieced = bytesAnswer([Buffer.from('{"text":'), Buffer.from('"uno"}')]);
  expect(pieced).toEqual(answer('uno'));
});

import { describeUserAgent, formatIp } from '../user-agent';

describe('a session reads its browser and system in words', () => {
  test.each([
    [
      'Mozilla/5.0 (Linux; Android 14; SM-A546E) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36',
      'Chrome en Android',
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      'Safari en iPhone',
    ],
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:127.0) Gecko/20100101 Firefox/127.0', 'Firefox en Windows'],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.0.0',
      'Edge en Windows',
    ],
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
      'Safari en Mac',
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/126.0 Mobile/15E148 Safari/604.1',
      'Chrome en iPhone',
    ],
    [
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/126.0 Safari/537.36',
      'Chrome en Linux',
    ],
    ['curl/8.5.0', 'Otro navegador'],
    [null, '—'],
  ])('%s reads "%s"', (ua, words) => {
    expect(describeUserAgent(ua)).toBe(words);
  });
});

describe('an address reads without ::ffff:', () => {
  test.each([
    ['::ffff:190.220.3.14', '190.220.3.14'],
    ['190.220.3.14', '190.220.3.14'],
    ['2800:810:4a3::1', '2800:810:4a3::1'],
    [null, '—'],
  ])('%s reads %s', (ip, shown) => {
    expect(formatIp(ip)).toBe(shown);
  });
});

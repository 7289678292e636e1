import { safeNextPath, withNext } from './safe-next-path';

describe('safeNextPath', () => {
  it.each([
    '/user/score?x=1',
    '/dashboard/crm',
    '/oauth/authorize?response_type=code&client_id=abc&redirect_uri=http%3A%2F%2F127.0.0.1%3A5000%2Fcb&state=s%5Ct',
    '/oauth/authorize?state=a\\b',
    '/',
  ])('keeps the path %s', (path) => {
    expect(safeNextPath(path)).toBe(path);
  });

  it.each([
    ['another host', '//evil.com'],
    ['another host behind a backslash', '/\\evil.com'],
    ['a full URL', 'https://evil.com'],
    ['a script', 'javascript:alert(1)'],
    ['a script after a slash-less path', 'javascript:/x'],
    ['a relative path', 'user/score'],
    ['an empty value', ''],
    ['a tab the browser would drop', '/\t/evil.com'],
    ['a line break', '/user\n/score'],
    ['a leading space', ' /user/score'],
    ['a data URL', 'data:text/html,hi'],
  ])('ignores %s (%j)', (_, value) => {
    expect(safeNextPath(value)).toBeUndefined();
  });

  it('ignores an absent value', () => {
    expect(safeNextPath(null)).toBeUndefined();
    expect(safeNextPath(undefined)).toBeUndefined();
  });
});

describe('withNext', () => {
  it('carries the path encoded, or nothing', () => {
    expect(withNext('/login', '/oauth/authorize?a=1&b=2')).toBe(
      '/login?next=%2Foauth%2Fauthorize%3Fa%3D1%26b%3D2',
    );
    expect(withNext('/login', undefined)).toBe('/login');
  });
});

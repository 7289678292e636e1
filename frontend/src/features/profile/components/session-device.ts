// The device a session was opened on, in short: the browser and the operating system read from
// its user agent, the common ones only; anything else stays unnamed.

export interface Device {
  browser?: string;
  system?: string;
}

// In order: Edge and Opera also name Chrome, Chrome names Safari, iOS names Mac OS X, Android
// names Linux.
const BROWSERS: readonly [RegExp, string][] = [
  [/\bEdg(e|A|iOS)?\//, 'Edge'],
  [/\bOPR\/|\bOpera\b/, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\bFirefox\/|\bFxiOS\//, 'Firefox'],
  [/Chrome\/|\bCriOS\//, 'Chrome'],
  [/\bSafari\//, 'Safari'],
];

const SYSTEMS: readonly [RegExp, string][] = [
  [/\bWindows\b/, 'Windows'],
  [/\bAndroid\b/, 'Android'],
  [/\biPhone|\biPad|\biPod/, 'iOS'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

function first(patterns: readonly [RegExp, string][], userAgent: string): string | undefined {
  return patterns.find(([pattern]) => pattern.test(userAgent))?.[1];
}

export function deviceOf(userAgent: string | null | undefined): Device {
  if (!userAgent) return {};
  return { browser: first(BROWSERS, userAgent), system: first(SYSTEMS, userAgent) };
}

// What any script of the page could read back: both Web Storages and the cookies it can see.
function entries(storage: Storage): string[] {
  return Array.from({ length: storage.length }, (_, i) => {
    const key = storage.key(i) ?? '';
    return `${key}=${storage.getItem(key) ?? ''}`;
  });
}

export function scriptReadable(): string {
  return [...entries(sessionStorage), ...entries(localStorage), document.cookie].join('\n');
}

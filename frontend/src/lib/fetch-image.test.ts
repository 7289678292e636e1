import { http, HttpResponse } from 'msw';
import { apiServer } from '@/testing/api-server';
import { fetchImage } from './fetch-image';

const signal = new AbortController().signal;

describe('fetchImage', () => {
  it('reads the image as a data URL of its type', async () => {
    apiServer.use(
      http.get('/img', () => new HttpResponse(new Uint8Array([0xff, 0xd8, 0xff, 0xe0]), { headers: { 'Content-Type': 'image/jpeg' } })),
    );
    expect(await fetchImage('/img', signal)).toBe('data:image/jpeg;base64,/9j/4A==');
  });

  it('reads an image larger than one slice whole', async () => {
    const bytes = new Uint8Array(100_000).map((_, i) => i % 251);
    apiServer.use(http.get('/img', () => new HttpResponse(bytes, { headers: { 'Content-Type': 'image/png' } })));
    const url = (await fetchImage('/img', signal)) ?? '';
    expect(Uint8Array.from(atob(url.slice('data:image/png;base64,'.length)), (c) => c.charCodeAt(0))).toEqual(bytes);
  });

  it('answers null when there is no image (204)', async () => {
    apiServer.use(http.get('/img', () => new HttpResponse(null, { status: 204 })));
    expect(await fetchImage('/img', signal)).toBeNull();
  });
});

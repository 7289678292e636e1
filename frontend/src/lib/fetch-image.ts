// An image the API serves (a company's logo, a person's photo), read as a data URL for an <img>.
// Read like any other answer, it is read again once its query is stale: an <img> pointing at
// the image's own address would keep showing the copy the page already has.

/** Bytes in base64, a slice at a time: spreading a whole photo at once overflows the stack. */
const SLICE = 0x8000;

function base64(bytes: Uint8Array): string {
  let binary = '';
  for (let start = 0; start < bytes.length; start += SLICE) {
    binary += String.fromCharCode(...bytes.subarray(start, start + SLICE));
  }
  return btoa(binary);
}

/** The image at `url` as a data URL (which needs no clean-up), or null when there is none. */
export async function fetchImage(url: string, signal: AbortSignal): Promise<string | null> {
  // A read: the session cookie is all it needs.
  const response = await fetch(url, { signal });
  // 204: there is no image (an answer, not an error the console would show).
  if (response.status !== 200) return null;
  const type = response.headers.get('content-type') ?? 'application/octet-stream';
  return `data:${type};base64,${base64(new Uint8Array(await response.arrayBuffer()))}`;
}

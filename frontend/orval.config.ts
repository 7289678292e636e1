// Generates the typed API client (src/api/gen) from the server's committed OpenAPI spec.
import { defineConfig } from 'orval';

export default defineConfig({
  playtrack: {
    input: { target: '../openapi/openapi.json' },
    output: {
      target: 'src/api/gen/playtrack.ts',
      client: 'react-query',
      mode: 'tags-split',
      httpClient: 'fetch',
      clean: true,
      override: {
        mutator: { path: 'src/lib/api-client.ts', name: 'apiFetch' },
        // The mutator throws ApiError on any non-2xx answer, so callers only ever see the body.
        fetch: { includeHttpResponseReturnType: false },
      },
    },
  },
});

import { defineConfig } from '@hey-api/openapi-ts';

// `npm run generate -w sdk` regenerates src/generated from the bundled contract. The output
// is committed; the test suite fails when it differs from a fresh generation.
export default defineConfig({
  input: '../openapi/openapi.json',
  output: {
    // SDK_OUTPUT lets the freshness test generate elsewhere with every other option intact
    // (the CLI's --output flag would replace this whole object).
    path: process.env.SDK_OUTPUT ?? 'src/generated',
    importFileExtension: '.js',
  },
  plugins: ['@hey-api/client-fetch', '@hey-api/typescript', '@hey-api/sdk'],
});

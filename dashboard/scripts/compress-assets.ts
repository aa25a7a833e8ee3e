// Writes a Brotli (`.br`) and a gzip (`.gz`) copy beside each text asset of the build, at the
// highest settings, once: the server sends them to browsers that take them (serve-dashboard.ts)
// and never compresses an asset per request.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const assets = path.resolve(import.meta.dirname, '..', 'dist', 'assets');
const COMPRESSIBLE = new Set(['.js', '.css', '.json', '.svg']);

let original = 0;
let brotli = 0;
for (const name of fs.readdirSync(assets)) {
  if (!COMPRESSIBLE.has(path.extname(name))) continue;
  const file = path.join(assets, name);
  const body = fs.readFileSync(file);
  const br = zlib.brotliCompressSync(body, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
    },
  });
  fs.writeFileSync(`${file}.br`, br);
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(body, { level: zlib.constants.Z_BEST_COMPRESSION }));
  original += body.length;
  brotli += br.length;
}
console.warn(
  `compressed the assets: ${Math.round(original / 1024)} KB, ${Math.round(brotli / 1024)} KB as Brotli`,
);

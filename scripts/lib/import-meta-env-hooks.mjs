// Module hooks for a script that runs the server from its sources under tsx (scripts/bench-admin.ts):
// the client modules the server renders read `import.meta.env`, which Vite fills at build time and
// Node leaves undefined, and import assets (the icons' file) as their address, which Node cannot
// load at all. These give them what the production build gives them.
const env = JSON.stringify({
  DEV: false,
  PROD: true,
  SSR: true,
  MODE: 'production',
  BASE_URL: '/',
});

export async function load(url, context, nextLoad) {
  const asset = /\/src\/client\/assets\/([^/?]+\.svg)(\?.*)?$/.exec(url);
  if (asset) {
    const address = JSON.stringify(`/assets/${asset[1]}`);
    return { format: 'module', shortCircuit: true, source: `export default ${address};` };
  }
  const result = await nextLoad(url, context);
  if (!url.includes('/src/') || result.source == null) return result;
  const source = String(result.source);
  if (!source.includes('import.meta.env')) return result;
  return { ...result, source: source.replaceAll('import.meta.env', `(${env})`) };
}

// The checkout is served beside the SDK; the script tag's build reads document.currentScript. Under tests
// the origin is "null", and open() asks for a baseUrl. A bundler that turns `import.meta` into `{}`
// (a CommonJS or IIFE bundle of the npm package) leaves the URL undefined: read against "file:" it
// is "null" too, so importing never throws and open() without a baseUrl says it needs one.
export const DEFAULT_BASE_URL: string = new URL(import.meta.url, 'file:').origin;

/**
 * The origin this script was loaded from: the checkout is served beside the SDK. Rollup turns
 * `import.meta.url` into a document.currentScript lookup in the UMD build. Under tests or server
 * rendering this is a file: URL whose origin is "null", and open() then asks for a baseUrl.
 */
export const DEFAULT_BASE_URL: string = new URL(import.meta.url).origin;

// The checkout is served beside the SDK; the UMD build reads document.currentScript. Under tests
// the origin is "null", and open() asks for a baseUrl.
export const DEFAULT_BASE_URL: string = new URL(import.meta.url).origin;

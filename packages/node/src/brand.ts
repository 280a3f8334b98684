import { BrandSchema, type Brand } from './answers';
import { RawBody, type Http, type PostOptions } from './http';

export interface UpdateBrandParams {
  /** A hex colour (`#6b3e26` or `#a52`); null removes it. */
  colorPrimary?: string | null;
  /** 1 to 60 characters on one line; null removes it (payers see your merchant name). */
  displayName?: string | null;
  /** null removes the logo (upload one with `brand.uploadLogo`). */
  logo?: null;
}

/** A logo image's type: the server reads it from the bytes, this only labels the upload. */
export type LogoContentType = 'image/png' | 'image/jpeg' | 'image/webp';

export interface UploadLogoOptions extends PostOptions {
  /** Default: read from the image's first bytes (PNG, JPEG, WebP), else a Blob's own type. */
  contentType?: LogoContentType;
}

export interface BrandResource {
  /** Your brand as payers see it. */
  retrieve(): Promise<Brand>;
  /** Sets each part given, removes each part given as null, keeps the rest. */
  update(params: UpdateBrandParams, options?: PostOptions): Promise<Brand>;
  /**
   * Uploads a PNG, JPEG or WebP (at most 512 KB, sides 32 to 2048 px) as your logo. 20 uploads in
   * 24 hours: past them, PasarelaError `logo_upload_limit` (status 429), thrown at once.
   */
  uploadLogo(image: Uint8Array | ArrayBuffer | Blob, options?: UploadLogoOptions): Promise<Brand>;
}

function logoTypeOf(bytes: Uint8Array): LogoContentType | undefined {
  const starts = (prefix: number[], at = 0) => prefix.every((b, i) => bytes[at + i] === b);
  if (starts([0x89, 0x50, 0x4e, 0x47])) return 'image/png';
  if (starts([0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return 'image/webp';
  return undefined;
}

export const brand = (http: Http): BrandResource => ({
  retrieve: () => http.call('GET', '/brand', BrandSchema),
  update: (params, options) => http.call('POST', '/brand', BrandSchema, params, options),
  uploadLogo: async (image, options = {}) => {
    const bytes = image instanceof Blob ? new Uint8Array(await image.arrayBuffer()) : new Uint8Array(image);
    const type = options.contentType ?? logoTypeOf(bytes) ?? (image instanceof Blob && image.type ? image.type : 'application/octet-stream');
    return http.call('POST', '/brand/logo', BrandSchema, new RawBody(bytes, type), options);
  },
});

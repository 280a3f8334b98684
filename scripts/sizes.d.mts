export interface FileSize {
  bytes: number;
  gzipBytes: number;
}
export interface Sizes {
  loader: Record<string, FileSize>;
  widget: {
    chunks: Record<string, FileSize>;
    firstLoad: null | { parts: Array<FileSize & { file: string }>; bytes: number; gzipBytes: number; lazyChunks: number; laterStyles: string | null };
  };
  /** Outputs a payer's browser does not download (types, HTML template, server bundle). */
  other: Record<string, FileSize>;
}
export declare const BUDGETS: { loaderGzipBytes: number; widgetFirstLoadGzipBytes: number };
export declare const CEILINGS: { widgetFirstLoadGzipBytes: number };
export declare function measureSizes(): Sizes;
export declare function formatSizes(sizes: Sizes): string;

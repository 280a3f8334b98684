export interface PublishedPackage {
  dir: string;
  /** arethetypeswrong resolutions the package does not support (its profile). */
  ignoreResolutions: string[];
}

export interface PackageHygiene {
  name: string;
  /** What `npm pack` puts in the tarball. */
  files: string[];
  entrypoints: string[];
  /** publint's warnings and errors and arethetypeswrong's problems, as readable lines. */
  problems: string[];
}

export const PUBLISHED: PublishedPackage[];
export function checkPackageHygiene(pkg: PublishedPackage): Promise<PackageHygiene>;
export function checkPublishedPackages(): Promise<PackageHygiene[]>;

import { NEW_VERSION_SERVICE_CODES } from './constants';

/** SPEC 9: "The old-version flag is true except for service codes EA and ED." */
export function isOldVersionServiceCode(serviceCode: string): boolean {
  return !NEW_VERSION_SERVICE_CODES.includes(serviceCode.trim().toUpperCase());
}

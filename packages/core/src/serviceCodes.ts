import { NEW_VERSION_SERVICE_CODES } from './constants';

export function isOldVersionServiceCode(serviceCode: string): boolean {
  return !NEW_VERSION_SERVICE_CODES.includes(serviceCode.trim().toUpperCase());
}

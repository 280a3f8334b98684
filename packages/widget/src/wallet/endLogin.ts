import type { Services } from '../services/services';
import { logOut } from './api';

/**
 * "Cerrar sesión" from any screen: the server ends the token too, so a copy of it left anywhere stops
 * working. The logout call takes the token before the login here is forgotten; a failed call leaves
 * the payer logged out here all the same.
 */
export function endLogin(services: Pick<Services, 'api' | 'session'>): void {
  void logOut(services.api).catch(() => undefined);
  services.session.getState().clear('logout');
}

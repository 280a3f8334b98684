export { preparedSession } from './preparedSession';
export { isConnectionError } from './connectionErrors';

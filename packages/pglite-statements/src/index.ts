export { preparedSession } from './preparedSession';
export { isConnectionError } from './connectionErrors';
export { claimDataDir } from './dataDirClaim';

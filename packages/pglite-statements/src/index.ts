export { preparedSession } from './preparedSession';

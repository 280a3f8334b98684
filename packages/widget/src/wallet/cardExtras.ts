export { SavedCardChoice } from './SavedCardChoice';
export { StoreCardBox } from './StoreCardBox';

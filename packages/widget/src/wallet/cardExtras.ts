// What the card method adds for a logged-in payer, in the wallet's chunk (not the first load).
export { SavedCardChoice } from './SavedCardChoice';
export { StoreCardBox } from './StoreCardBox';

// The card's form and store read the shared formatting (the wallet's add-card form uses it too).
export { caretAfterDigits, cleanCardNumber, cleanCvc, formatCardNumber, formatExpiry } from '../../payments/cardFormat';

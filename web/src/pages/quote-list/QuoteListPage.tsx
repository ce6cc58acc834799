// The /quote-list route's screen module, where the route table looks for it; the screen
// itself lives with the rest of the quote list, in src/quote-list/.
export { default } from '../../quote-list/QuoteListPage';

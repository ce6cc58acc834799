import { useLayoutData } from '../content/hooks';
import type { Media } from '../content/types';
import { quoteList } from './quote-list-store';
import { useQuoteList } from './use-quote-list';

type QuoteListButtonProps = {
  product: { id: number; title: string; slug: string; category: string; image: Media };
  className?: string;
};

/** "Add to quote list", or "In quote list" once added (pressed; a click takes it out again). */
export function QuoteListButton({ product, className = 'button button-secondary' }: QuoteListButtonProps) {
  const { categories } = useLayoutData();
  const inList = useQuoteList().some((item) => item.id === product.id);
  const onClick = () => {
    const categoryName = categories.find((category) => category.id === product.category)?.name ?? product.category;
    const { id, title, slug, category, image } = product;
    quoteList.toggle({ id, title, slug, category, categoryName, image });
  };
  return (
    <button type="button" className={`${className} quote-list-button`} aria-pressed={inList} onClick={onClick}>
      {inList ? 'In quote list' : 'Add to quote list'}
      <span className="visually-hidden">: {product.title}</span>
    </button>
  );
}

import { MessageCircle } from '../../components/icons/frame-icons';

/**
 * The floating chat button at the bottom right of every screen. It sits in its own
 * complementary landmark, so screen-reader users find it like the rest of the page.
 */
export function ChatButton({ chatUrl }: { chatUrl: string }) {
  return (
    <aside aria-label="Chat">
      <a className="chat-button" href={chatUrl} target="_blank" rel="noopener" aria-label="Chat with us on WhatsApp">
        <MessageCircle size={28} aria-hidden="true" />
      </a>
    </aside>
  );
}

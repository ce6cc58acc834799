import { MessageCircle } from 'lucide-react';

/** The floating chat button at the bottom right of every screen. */
export function ChatButton({ chatUrl }: { chatUrl: string }) {
  return (
    <a className="chat-button" href={chatUrl} target="_blank" rel="noopener" aria-label="Chat with us on WhatsApp">
      <MessageCircle size={28} aria-hidden="true" />
    </a>
  );
}

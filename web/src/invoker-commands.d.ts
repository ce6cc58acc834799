// The HTML invoker commands (`command` / `commandfor`): a button opens or closes a
// <dialog> or popover by itself, before (and without) the app's JavaScript. React
// passes these lowercase attributes through as they are; its types do not list them yet.
import 'react';

declare module 'react' {
  interface ButtonHTMLAttributes<T> extends HTMLAttributes<T> {
    command?: 'show-modal' | 'close' | 'request-close' | 'show-popover' | 'hide-popover' | 'toggle-popover' | undefined;
    commandfor?: string | undefined;
  }
}

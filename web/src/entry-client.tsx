// The client entry: global styles, then hydrate or render (see app/start-client.tsx).
import './styles/global.css';
import { startClient } from './app/start-client';

const container = document.getElementById('root');
if (!container) throw new Error('No #root element');
void startClient(container);

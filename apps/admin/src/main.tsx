import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import './styles.css';

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');
document.documentElement.dataset.theme = localStorage.getItem('night_mode') === '0' ? 'day' : 'night';
createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

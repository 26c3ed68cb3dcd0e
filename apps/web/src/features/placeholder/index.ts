/** What the placeholder feature offers other features: the panel for a service not available. */
export { NotAvailablePanel } from './NotAvailablePage';

/** What other screens show of the WhatsApp messages (issue 46): a client's consent and history, the panel's failures. */
export { ClientWhatsapp } from './components/client-whatsapp';
export { WhatsappFailures } from './components/whatsapp-failures';

/** What other screens show of the WhatsApp messages (issue 46): a client's consent and history. */
export { ClientWhatsapp } from './components/client-whatsapp';

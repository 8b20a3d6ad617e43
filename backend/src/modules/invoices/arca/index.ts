export { arcaClient } from './client';
export { isValidCuit } from './cuit';
export { ArcaAlreadyAuthenticated, ArcaAuthError, ArcaError, ArcaUnavailable } from './errors';
export type { ArcaClient, ArcaOutcome, ArcaSettings, ArcaTicket, ArcaVoucher, TicketStore } from './types';

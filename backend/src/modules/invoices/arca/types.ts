/** One voucher as we ask ARCA to authorise it: a Factura C (11) or a Nota de Crédito C (13). */
export interface ArcaVoucher {
  ptoVta: number;
  cbteTipo: 11 | 13;
  /** 1 goods, 2 services (a cuota: the service dates and the payment due date are required), 3 both. */
  concepto: 1 | 2 | 3;
  /** 80 CUIT, 96 DNI, 99 consumidor final (docNro '0'). */
  docTipo: number;
  docNro: string;
  number: number;
  /** YYYY-MM-DD, like every date here; ARCA's YYYYMMDD stays inside the client. */
  date: string;
  totalCentavos: number;
  serviceFrom?: string;
  serviceTo?: string;
  paymentDue?: string;
  /** RG 5616: 5 consumidor final, 6 responsable monotributo, 1 responsable inscripto, … */
  condicionIvaReceptorId: number;
  /** The invoice a credit note cancels. */
  associated?: { cbteTipo: number; ptoVta: number; number: number; cuit: string; date: string }[];
}

export type ArcaOutcome =
  | { outcome: 'approved'; cae: string; caeDueDate: string; observations: ArcaMessage[] }
  | { outcome: 'rejected'; errors: ArcaMessage[]; observations: ArcaMessage[] };

export interface ArcaMessage {
  code: number;
  msg: string;
}

/** WSAA's access ticket (about 12 h), shared by every replica through the store. */
export interface ArcaTicket {
  token: string;
  sign: string;
  expiresAt: Date;
}

export interface TicketStore {
  read(service: string): Promise<ArcaTicket | null>;
  save(service: string, ticket: ArcaTicket): Promise<void>;
}

export interface ArcaSettings {
  cuit: string;
  wsaaUrl: string;
  wsfeUrl: string;
  certPem: string;
  keyPem: string;
  timeoutMs?: number;
}

export interface ArcaClient {
  dummy(): Promise<{ appServer: string; dbServer: string; authServer: string }>;
  lastAuthorized(ptoVta: number, cbteTipo: number): Promise<number>;
  authorize(v: ArcaVoucher): Promise<ArcaOutcome>;
  /** The voucher as ARCA has it, or null when ARCA has no such number (error 602). */
  consult(
    ptoVta: number,
    cbteTipo: number,
    number: number,
  ): Promise<{ cae: string; caeDueDate: string; totalCentavos: number; date: string; docNro: string } | null>;
}

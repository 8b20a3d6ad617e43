import type {
  ArrepentimientoInput,
  ArrepentimientoView,
  BajaInput,
  BajaView,
  ConsumerReceipt,
} from '@gym/contracts/consumer-requests';
import { api } from '@/api/client';
import { changing } from '@/api/server-state';

/** One try: a retry of a request that reached the server would ask twice. */
const ONCE = { retry: 0 } as const;

export const requestBaja = (values: BajaInput) =>
  api.post('consumo/baja', { json: values, ...ONCE }).json<ConsumerReceipt>();

export const requestArrepentimiento = (values: ArrepentimientoInput) =>
  api.post('consumo/arrepentimiento', { json: values, ...ONCE }).json<ConsumerReceipt>();

export const getBajas = (signal: AbortSignal) =>
  api
    .get('consumo/bajas', { signal })
    .json<{ bajas: BajaView[] }>()
    .then((body) => body.bajas);

export const getArrepentimientos = (signal: AbortSignal) =>
  api
    .get('consumo/arrepentimientos', { signal })
    .json<{ arrepentimientos: ArrepentimientoView[] }>()
    .then((body) => body.arrepentimientos);

/** The desk gave the money back and has the goods: the order is cancelled and its stock returned. */
export const settleArrepentimiento = (numero: string) =>
  changing(
    ['consumer', 'orders', 'products'],
    api
      .post(`consumo/arrepentimientos/${encodeURIComponent(numero)}/devolucion`)
      .json<{ arrepentimiento: ArrepentimientoView }>(),
  );

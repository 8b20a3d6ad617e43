import type { RequestHandler } from 'express';
import type { StaffAccount } from '@gym/contracts/accounts';
import { arrepentimientoSchema, bajaSchema } from '@gym/contracts/consumer-requests';
import { validate } from '../../http/validate';
import type { ConsumerRequestsService } from './consumer-requests.service';

export function createConsumerRequestsController(service: ConsumerRequestsService) {
  const baja: RequestHandler = async (req, res) => {
    res.status(201).json(await service.requestBaja(validate(bajaSchema, req.body)));
  };

  const arrepentimiento: RequestHandler = async (req, res) => {
    res.status(201).json(await service.withdraw(validate(arrepentimientoSchema, req.body)));
  };

  const bajas: RequestHandler = async (_req, res) => {
    res.json({ bajas: await service.bajas() });
  };

  const arrepentimientos: RequestHandler = async (_req, res) => {
    res.json({ arrepentimientos: await service.arrepentimientos() });
  };

  const settle: RequestHandler = async (req, res) => {
    const account = res.locals.account as StaffAccount;
    res.json({ arrepentimiento: await service.settleAtDesk(String(req.params.numero), account) });
  };

  return { baja, arrepentimiento, bajas, arrepentimientos, settle };
}

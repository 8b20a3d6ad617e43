import { loadConfig } from '../../config';
import { configProblems as problems } from '../../test/test-config';

const complete = {
  WHATSAPP_TOKEN: 'token',
  WHATSAPP_PHONE_NUMBER_ID: '123456789',
  WHATSAPP_APP_SECRET: 'secreto',
  WHATSAPP_VERIFY_TOKEN: 'verificar',
};

test('WhatsApp is set up with all four credentials, and off with none', () => {
  expect(problems(complete)).toEqual([]);
  expect(loadConfig({ NODE_ENV: 'test', ...complete }).whatsapp).toEqual(
    expect.objectContaining({ phoneNumberId: '123456789' }),
  );
  expect(loadConfig({ NODE_ENV: 'test' }).whatsapp).toBeUndefined();
});

test('some but not all four: one line names each missing one, and the ones set', () => {
  const needs = (name: string) =>
    `WhatsApp needs WHATSAPP_TOKEN, WHATSAPP_PHONE_NUMBER_ID, WHATSAPP_APP_SECRET, WHATSAPP_VERIFY_TOKEN, set all four or none / falta ${name}: WhatsApp necesita los cuatro`;
  expect(problems({ WHATSAPP_TOKEN: 'token', WHATSAPP_APP_SECRET: 'secreto' })).toEqual([
    `WHATSAPP_PHONE_NUMBER_ID: is missing while WHATSAPP_TOKEN, WHATSAPP_APP_SECRET are set: ${needs('WHATSAPP_PHONE_NUMBER_ID')}`,
    `WHATSAPP_VERIFY_TOKEN: is missing while WHATSAPP_TOKEN, WHATSAPP_APP_SECRET are set: ${needs('WHATSAPP_VERIFY_TOKEN')}`,
  ]);
});

import request from 'supertest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { loadConfig } from '../../config';

const apps: TestApp[] = [];
const appWith = async (env: Record<string, string>) => {
  const t = await createTestApp({ env });
  apps.push(t);
  return t.app;
};
afterAll(() => Promise.all(apps.map((t) => t.close())));

describe('GET /v1/site: what the public pages need from the config', () => {
  test('on a default install there is no weather provider nor Mercado Pago, and the footer gets the configured social links', async () => {
    const res = await request(await appWith({ MERCADOPAGO_ACCESS_TOKEN: '', MERCADOPAGO_WEBHOOK_SECRET: '' }))
      .get('/v1/site')
      .expect(200);
    expect(res.body).toEqual({
      weather: false,
      social: {
        instagram: 'https://www.instagram.com/gymtucuman',
        facebook: 'https://www.facebook.com/gymtucuman',
        whatsapp: null,
      },
      pickup: {
        address: 'Av. Mate de Luna 2350, San Miguel de Tucumán',
        hours: 'en recepción, de lunes a jueves de 08:00 a 22:00 y viernes y sábados de 10:00 a 21:00',
      },
      receipt: { email: 'ventas@gym.local', whatsapp: null },
      mercadoPago: false,
    });
    expect(res.headers['cache-control']).toBe('public, max-age=300');
  });

  test('with a weather key and the gym’s own addresses, pickup place and receipt contact, the answer says so', async () => {
    const app = await appWith({
      WEATHER_API_KEY: 'clave',
      SOCIAL_INSTAGRAM_URL: 'https://www.instagram.com/otro.gym',
      SOCIAL_FACEBOOK_URL: 'https://www.facebook.com/otro.gym',
      WHATSAPP_NUMBER: '+54 9 381 555-0123',
      GYM_ADDRESS: 'Congreso 250, San Miguel de Tucumán',
      PICKUP_HOURS: 'de lunes a viernes de 9 a 20',
      ORDER_NOTIFY_EMAIL: 'pagos@gimnasio.com.ar',
    });
    const res = await request(app).get('/v1/site').expect(200);
    expect(res.body).toEqual({
      weather: true,
      social: {
        instagram: 'https://www.instagram.com/otro.gym',
        facebook: 'https://www.facebook.com/otro.gym',
        whatsapp: 'https://wa.me/5493815550123',
      },
      pickup: { address: 'Congreso 250, San Miguel de Tucumán', hours: 'de lunes a viernes de 9 a 20' },
      receipt: { email: 'pagos@gimnasio.com.ar', whatsapp: '5493815550123' },
      mercadoPago: true,
    });
  });

  test('a WhatsApp number that is not digits, or a link that is not https, stops the start-up', () => {
    expect(() => loadConfig({ WHATSAPP_NUMBER: '381-CALL-ME' })).toThrow('WHATSAPP_NUMBER');
    expect(() => loadConfig({ SOCIAL_INSTAGRAM_URL: 'javascript:alert(1)' })).toThrow('SOCIAL_INSTAGRAM_URL');
    expect(() => loadConfig({ SOCIAL_FACEBOOK_URL: 'http://facebook.com/x' })).toThrow('SOCIAL_FACEBOOK_URL');
    expect(() => loadConfig({ MERCADOPAGO_ACCESS_TOKEN: 'APP_USR-1' })).toThrow('MERCADOPAGO_WEBHOOK_SECRET');
    expect(() =>
      loadConfig({ MERCADOPAGO_WEBHOOK_SECRET: 'x', MERCADOPAGO_ACCESS_TOKEN: 'y', MERCADOPAGO_API_URL: 'ftp://x' }),
    ).toThrow('MERCADOPAGO_API_URL');
  });
});

import { dropTemplate, templateFromEnv } from './template';

export default async function globalTeardown(): Promise<void> {
  const template = templateFromEnv();
  if (template) await dropTemplate(template, process.env.DATABASE_URL);
}

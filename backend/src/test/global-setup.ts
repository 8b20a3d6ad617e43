import { TEMPLATE_ENV } from './test-database';
import { buildTemplate } from './template';

/** Once per run of the api project: the template every test file's database copies (template.ts). */
export default async function globalSetup(): Promise<void> {
  process.env[TEMPLATE_ENV] = JSON.stringify(await buildTemplate(process.env.DATABASE_URL));
}

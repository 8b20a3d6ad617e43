import { prepareDataForValidation, type FormikValues } from 'formik';

/**
 * The body a form sends: the values as the shared schema reads them, after Formik's own reading
 * (an empty field is absent, so a nullable one takes its default, null, and a required one never becomes 0).
 */
export const sent = <T>(
  schema: { validateSync(value: unknown, options: { stripUnknown: true }): T },
  values: FormikValues,
) => schema.validateSync(prepareDataForValidation(values), { stripUnknown: true });

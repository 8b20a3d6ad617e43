import { Form, Formik } from 'formik';
import { membershipQuerySchema } from '@gym/contracts/memberships';
import type { Plan } from '@gym/contracts/plans';
import { FormField } from '@/components/form-field';
import { SelectField } from '@/components/select-field';

export interface DeskFilterValues {
  q: string;
  plan: string;
  apto: string;
}

interface DeskFiltersProps {
  values: DeskFilterValues;
  plans: Plan[];
  onApply: (values: DeskFilterValues) => void;
}

/** Search and filters; applying them writes the URL, so a list can be bookmarked or shared. */
export function DeskFilters({ values, plans, onApply }: DeskFiltersProps) {
  return (
    <Formik
      initialValues={values}
      enableReinitialize
      validationSchema={membershipQuerySchema.pick(['q'])}
      onSubmit={(v) => onApply(v)}
    >
      <Form noValidate role="search" aria-label="Filtrar la lista" className="row g-2 align-items-end mb-3">
        <div className="col-md-5">
          <FormField name="q" label="Buscar por nombre, email o código" type="search" maxLength={50} />
        </div>
        <div className="col-sm-6 col-md-3">
          <SelectField
            name="plan"
            label="Plan"
            placeholder="Todos"
            options={plans.map((p) => ({ value: String(p.idPlan), label: p.nombrePlan }))}
          />
        </div>
        <div className="col-sm-6 col-md-2">
          <SelectField
            name="apto"
            label="Apto físico"
            placeholder="Todos"
            options={[{ value: 'sin', label: 'Sin apto vigente' }]}
          />
        </div>
        <div className="col-md-2 mb-3">
          <button type="submit" className="btn btn-outline-primary w-100">
            Filtrar
          </button>
        </div>
      </Form>
    </Formik>
  );
}

import { CLOSING_METHODS, INCOME_DEFINITION, incomeSummary, type IncomeReport } from '@gym/contracts/reports';
import { paymentMethodLabels } from '@gym/contracts/memberships';
import { ZERO } from '@gym/contracts/money';
import { ReportChart } from './report-chart';
import { longMonth, SERIES_COLOURS, shortMonth } from './report-format';
import { SeriesTable, sum, type Column } from './series-table';

const METHOD_COLOURS = { efectivo: '#198754', transferencia: '#0d6efd', tarjeta: '#fd7e14', mercadopago: '#0dcaf0' };

/** What came in each month: stacked by how it was paid, and by what was paid for (plans and the shop). */
export function IncomeSection({ report }: { report: IncomeReport }) {
  const labels = report.meses.map(shortMonth);
  const methods: Column[] = CLOSING_METHODS.map((k) => ({
    label: paymentMethodLabels[k],
    values: report.porMetodoCentavos[k],
  }));
  const plans: Column[] = report.porPlan.map((p) => ({ label: p.nombre, values: p.montosCentavos }));
  const totals = (columns: Column[]) => [{ label: 'Total', values: [...columns.map((c) => sum(c.values))] }];
  const last = report.meses.length - 1;
  // The last month's income, said as the panel says it (the same figure: one definition of income).
  const lastMonth = {
    totalCentavos: report.totalCentavos[last] ?? ZERO,
    cuotasCentavos: report.porFuenteCentavos.cuotas[last] ?? ZERO,
    tiendaCentavos: report.porFuenteCentavos.tienda[last] ?? ZERO,
  };
  return (
    <>
      <section aria-labelledby="income-method" className="mb-4">
        <h2 id="income-method" className="h5">
          Ingresos por medio de pago
        </h2>
        <p className="mb-1">
          Ingresos de {longMonth(report.meses[last]!)}:{' '}
          <strong data-testid="ingresos-mes">{incomeSummary(lastMonth)}</strong>
        </p>
        <p className="small text-body-secondary">{INCOME_DEFINITION}</p>
        <ReportChart
          label="ingresos por medio de pago"
          spec={{
            labels,
            stacked: true,
            money: true,
            series: CLOSING_METHODS.filter((k) => sum(report.porMetodoCentavos[k]) > 0).map((k) => ({
              label: paymentMethodLabels[k],
              data: report.porMetodoCentavos[k],
              colour: METHOD_COLOURS[k],
            })),
          }}
        />
        <SeriesTable
          label="Ingresos por medio de pago"
          months={report.meses}
          columns={[...methods, { label: 'Total', values: report.totalCentavos }]}
          money
          foot={totals([...methods, { label: 'Total', values: report.totalCentavos }])}
        />
      </section>
      <section aria-labelledby="income-plan" className="mb-4">
        <h2 id="income-plan" className="h5">
          Ingresos por plan
        </h2>
        {plans.length === 0 ? (
          <p className="text-body-secondary">No hubo ingresos en estos doce meses.</p>
        ) : (
          <>
            <ReportChart
              label="ingresos por plan"
              spec={{
                labels,
                stacked: true,
                money: true,
                series: plans.map((c, i) => ({
                  label: c.label,
                  data: c.values,
                  colour: SERIES_COLOURS[i % SERIES_COLOURS.length]!,
                })),
              }}
            />
            <SeriesTable label="Ingresos por plan" months={report.meses} columns={plans} money foot={totals(plans)} />
          </>
        )}
      </section>
    </>
  );
}

import type { ShopReport } from '@gym/contracts/reports';
import { ReportChart } from './report-chart';
import { SERIES_COLOURS, shortMonth } from './report-format';
import { SeriesTable, sum } from './series-table';

/** What the shop sells: the year's best sellers by amount, month by month. */
export function ShopSection({ report }: { report: ShopReport }) {
  return (
    <section aria-labelledby="shop-trend" className="mb-4">
      <h2 id="shop-trend" className="h5">
        Ventas de la tienda por producto
      </h2>
      {report.productos.length === 0 ? (
        <p className="text-body-secondary">No hubo ventas en la tienda en estos doce meses.</p>
      ) : (
        <>
          <p className="small text-body-secondary">
            Pedidos cobrados (los cancelados no cuentan), por el mes en que se cobraron.
          </p>
          <ReportChart
            label="ventas de la tienda"
            spec={{
              labels: report.meses.map(shortMonth),
              stacked: true,
              money: true,
              series: report.productos.map((p, i) => ({
                label: p.nombre,
                data: p.montosCentavos,
                colour: SERIES_COLOURS[i % SERIES_COLOURS.length]!,
              })),
            }}
          />
          <SeriesTable
            label="Ventas de la tienda por producto"
            months={report.meses}
            columns={report.productos.map((p) => ({ label: p.nombre, values: p.montosCentavos }))}
            money
            foot={[
              { label: 'Total', values: report.productos.map((p) => sum(p.montosCentavos)) },
              { label: 'Unidades', values: report.productos.map((p) => sum(p.unidades)), count: true },
            ]}
          />
        </>
      )}
    </section>
  );
}

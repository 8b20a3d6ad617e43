import { centavos } from '@gym/contracts/money';
import { compactMoney } from '../components/report-format';

test('an axis reads its amounts one way, as es-AR writes them: "mil" and "M", never "K" beside "k"', () => {
  expect(
    [0, 80_000, 800_000, 2_000_000, 2_500_000, 20_000_000, 125_000_000, 150_000_000].map((n) =>
      compactMoney(centavos(n)),
    ),
  ).toEqual(['$ 0', '$ 800', '$ 8 mil', '$ 20 mil', '$ 25 mil', '$ 200 mil', '$ 1,3 M', '$ 1,5 M']);
});

/**
 * Stand-in IPC figures in the national series' CSV shape (`indice_tiempo`, the month's first day;
 * `ipc_nivel_general_nacional`, base December 2016 = 100), December 2023 to October 2026: the tests'
 * fixture, and what development reads when IPC_API_URL cannot be read and IPC_CSV is not set.
 *
 * They were built from approximate monthly rates: they are NOT the INDEC's published values, so
 * production never reads them (pricing.wiring.ts): there IPC_CSV names the published series' file.
 */
export const IPC_FALLBACK_CSV = `indice_tiempo,ipc_nivel_general_nacional
2023-12-01,3533.1922
2024-01-01,4261.0298
2024-02-01,4823.4857
2024-03-01,5354.0691
2024-04-01,5825.2272
2024-05-01,6069.8867
2024-06-01,6349.1015
2024-07-01,6603.0656
2024-08-01,6880.3944
2024-09-01,7121.2082
2024-10-01,7313.4808
2024-11-01,7489.0043
2024-12-01,7691.2074
2025-01-01,7860.4140
2025-02-01,8049.0639
2025-03-01,8346.8793
2025-04-01,8580.5919
2025-05-01,8709.3008
2025-06-01,8848.6496
2025-07-01,9016.7739
2025-08-01,9188.0926
2025-09-01,9381.0425
2025-10-01,9596.8065
2025-11-01,9836.7267
2025-12-01,10112.1550
2026-01-01,10405.4075
2026-02-01,10707.1643
2026-03-01,11071.2079
2026-04-01,11359.0593
2026-05-01,11620.3177
2026-06-01,11864.3444
2026-07-01,12101.6313
2026-08-01,12367.8672
2026-09-01,12615.2245
2026-10-01,12880.1442
`;

export { pricingPath } from './pricing-paths';
export { PriceNoticeBanner } from './components/price-notice-banner';
export { IpcReportSection } from './components/ipc-report';

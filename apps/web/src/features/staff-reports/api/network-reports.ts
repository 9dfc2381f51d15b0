export * from './export-network-report';
export * from './get-network-report';

export * from './envelope';
export * from './decimal';
export * from './display';
export * from './messages/index';
export * from './schemas/index';
export * from './validation';
export * from './wallets';
export * from './liabilities';

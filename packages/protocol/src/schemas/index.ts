export * from './form';
export * from './account';
export * from './content';
export * from './market';
export * from './security';
export * from './spot';
export * from './quotation';
export * from './wallet';
export * from './c2c';
export * from './micro';
export * from './upstart';
export * from './acceptor';
export * from './notification';
export * from './payment';
export * from './lever';
// index prices (issue 23)
export * from './index-price';
// trading bots (issue 28)
export * from './api-key';
export * from './api-v1';
// account protection (issue 27)
export * from './protection';

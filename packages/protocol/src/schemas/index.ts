export * from './form';
export * from './account';
export * from './content';
export * from './market';
export * from './security';
export * from './spot';
export * from './quotation';
export * from './wallet';

export * from './public-forms';

// The figures are shared with the server's share image; the page's components read them here.
export { thermometerFigures } from '~/shared/thermometer-figures';

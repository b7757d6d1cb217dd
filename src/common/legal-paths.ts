/** The paths of the legal pages, in one place so documents can link each other without import cycles. */
export const TERMS_PATH = '/terms';
export const PRIVACY_PATH = '/privacy';
export const CORPORATE_TERMS_PATH = '/corporate/terms';
export const CORPORATE_PRIVACY_PATH = '/corporate/privacy';

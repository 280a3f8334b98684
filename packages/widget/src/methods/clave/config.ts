export const CLAVE_RETURN_PATH = '/pf/widget/returnclave';
export const CLAVE_RETURN_SDK_PATH = '/pf/widget/returnclavesdk';
export const CLAVE_TYPE = 'CLAVE';
